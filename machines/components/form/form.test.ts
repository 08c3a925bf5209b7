import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { z } from "zod";
import type { CallFailure } from "../../auth/failure.ts";
import { createFormMachine, SUBMIT_ACTOR, type SubmitInput } from "./form.machine.ts";
import {
  mapFailure,
  paramToPath,
  pathToParam,
  sameValues,
  validateValues,
  valuesToBody,
} from "./form.ts";

const evidenceSchema = z.object({
  evidence: z.object({
    customer_name: z.string().min(1).max(20),
    uncategorized_text: z.string().max(50).optional(),
    receipt: z.string().startsWith("file_").optional(),
  }),
  submit: z.boolean(),
});

const http = (status: number, param?: string, code = "parameter_invalid"): CallFailure => ({
  kind: "http",
  status,
  error: { type: "invalid_request_error", code, message: "refused", ...(param ? { param } : {}) },
  requestId: "req_1",
});

describe("field paths", () => {
  it("turns zod paths into the API's bracket params and back", () => {
    expect(pathToParam(["evidence", "customer_name"])).toBe("evidence[customer_name]");
    expect(pathToParam(["items", 0, "name"])).toBe("items[0][name]");
    expect(pathToParam(["amount"])).toBe("amount");
    expect(paramToPath("individual[address][line1]")).toEqual(["individual", "address", "line1"]);
    expect(paramToPath("amount")).toEqual(["amount"]);
  });

  it("nests values by their paths and leaves empty ones out", () => {
    expect(
      valuesToBody({
        "evidence[customer_name]": "Ann",
        "evidence[uncategorized_text]": "",
        "evidence[receipt]": null,
        submit: false,
        tags: ["a", "b"],
      }),
    ).toEqual({ evidence: { customer_name: "Ann" }, submit: false, tags: ["a", "b"] });
    expect(valuesToBody({ "individual[address][line1]": "" })).toEqual({
      individual: { address: {} },
    });
  });

  it("compares values field by field, lists item by item", () => {
    expect(sameValues({ a: ["x"], b: 1 }, { b: 1, a: ["x"] })).toBe(true);
    expect(sameValues({ a: ["x"] }, { a: ["y"] })).toBe(false);
    expect(sameValues({ a: 1 }, { a: 1, b: null })).toBe(false);
  });
});

describe("validation with the protocol schema", () => {
  it("keys every issue by its field's bracket path, first issue per field", () => {
    const result = validateValues(evidenceSchema, {
      "evidence[customer_name]": "",
      "evidence[uncategorized_text]": "x".repeat(51),
      submit: true,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual([
      "evidence[customer_name]",
      "evidence[uncategorized_text]",
    ]);
    expect(result.errors["evidence[uncategorized_text]"]).toMatchObject({
      source: "schema",
      code: "too_big",
      maximum: 50,
    });
  });

  it("answers the parsed body when valid", () => {
    const result = validateValues(evidenceSchema, {
      "evidence[customer_name]": "Ann",
      submit: true,
    });
    expect(result).toEqual({
      ok: true,
      body: { evidence: { customer_name: "Ann" }, submit: true },
    });
  });

  it("puts an issue about the whole body on the form", () => {
    const schema = z
      .object({ a: z.string().optional(), b: z.string().optional() })
      .refine((v) => v.a !== undefined || v.b !== undefined, "give a or b");
    const result = validateValues(schema, { a: "", b: "" });
    expect(result).toMatchObject({ ok: false, errors: {}, formIssue: "give a or b" });
  });
});

describe("the provider's errors mapped back", () => {
  const fields = ["amount", "evidence[customer_name]", "individual[address]"];

  it("puts a 4xx with a param on its field", () => {
    expect(mapFailure(http(400, "evidence[customer_name]", "too_long"), fields)).toEqual({
      errors: {
        "evidence[customer_name]": { source: "api", code: "too_long", message: "refused" },
      },
      formError: null,
    });
  });

  it("puts a param below a field on the closest field above it", () => {
    const { errors } = mapFailure(http(400, "individual[address][postal_code]"), fields);
    expect(Object.keys(errors)).toEqual(["individual[address]"]);
  });

  it("keeps a foreign param, a 5xx, a permission error and a lost answer on the form", () => {
    for (const error of [
      http(400, "metadata[x]"),
      http(500, "amount"),
      http(403),
      new TypeError("Failed to fetch"),
    ]) {
      const mapped = mapFailure(error, fields);
      expect(mapped.errors).toEqual({});
      expect(mapped.formError?.kind).toBe(error instanceof Error ? "network" : "http");
    }
  });
});

describe("the form machine", () => {
  const machine = createFormMachine({ id: "evidenceForm", schema: evidenceSchema });
  const initial = {
    "evidence[customer_name]": "",
    "evidence[uncategorized_text]": "",
    submit: false,
  };

  const start = (submit: (input: SubmitInput<z.output<typeof evidenceSchema>>) => unknown) => {
    const sent: SubmitInput<z.output<typeof evidenceSchema>>[] = [];
    const saved: unknown[] = [];
    const actor = createActor(
      machine.provide({
        actors: {
          [SUBMIT_ACTOR]: fromPromise(async ({ input }) => {
            sent.push(input as SubmitInput<z.output<typeof evidenceSchema>>);
            return submit(input as SubmitInput<z.output<typeof evidenceSchema>>);
          }),
        },
      }),
      { input: { values: initial } },
    );
    actor.on("form.saved", (e) => saved.push(e.result));
    actor.start();
    return { actor, sent, saved };
  };

  it("shows a field's error once it was left, and clears it when fixed", () => {
    const { actor } = start(() => ({}));
    actor.send({ type: "field.change", path: "evidence[customer_name]", value: "" });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: "field.blur", path: "evidence[customer_name]" });
    expect(actor.getSnapshot().context.errors["evidence[customer_name]"]?.code).toBe("required");
    actor.send({ type: "field.change", path: "evidence[customer_name]", value: "Ann" });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(actor.getSnapshot().value).toBe("dirty");
  });

  it("sends the parsed nested body and keeps the answer", async () => {
    const { actor, sent, saved } = start(() => ({ id: "du_1", status: "under_review" }));
    actor.send({ type: "field.change", path: "evidence[customer_name]", value: "Ann" });
    actor.send({ type: "field.change", path: "submit", value: true });
    actor.send({ type: "submit", idempotencyKey: "k1" });
    const done = await waitFor(actor, (s) => s.value === "saved");
    expect(sent).toEqual([
      { body: { evidence: { customer_name: "Ann" }, submit: true }, idempotencyKey: "k1" },
    ]);
    expect(done.context.result).toEqual({ id: "du_1", status: "under_review" });
    expect(saved).toEqual([{ id: "du_1", status: "under_review" }]);
    // What was saved is the new starting point.
    expect(done.context.initial["evidence[customer_name]"]).toBe("Ann");
  });

  it("a second submit of the same values after a save is a new intent with a new key", async () => {
    const { actor, sent } = start(() => ({}));
    actor.send({ type: "field.change", path: "evidence[customer_name]", value: "Ann" });
    actor.send({ type: "submit", idempotencyKey: "k1" });
    await waitFor(actor, (s) => s.value === "saved");
    actor.send({ type: "field.change", path: "submit", value: true });
    actor.send({ type: "field.change", path: "submit", value: false });
    expect(actor.getSnapshot().value).toBe("pristine");
    actor.send({ type: "submit", idempotencyKey: "k2" });
    await waitFor(actor, (s) => s.value === "saved");
    expect(sent.map((s) => s.idempotencyKey)).toEqual(["k1", "k2"]);
  });

  it("resets to new initial values (a loaded draft)", () => {
    const { actor } = start(() => ({}));
    actor.send({ type: "field.change", path: "evidence[customer_name]", value: "Ann" });
    actor.send({ type: "reset", values: { ...initial, "evidence[customer_name]": "Bea" } });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe("pristine");
    expect(snapshot.context.values["evidence[customer_name]"]).toBe("Bea");
    actor.send({ type: "field.change", path: "evidence[customer_name]", value: "Ann" });
    expect(actor.getSnapshot().value).toBe("dirty");
  });

  it("uses a custom toBody (money with its currency, say)", async () => {
    const money = createFormMachine({
      id: "captureForm",
      schema: z.object({ amount_to_capture: z.number().int().positive() }),
      toBody: (values) => ({ amount_to_capture: Math.round(Number(values.amount) * 100) }),
    });
    const sent: unknown[] = [];
    const actor = createActor(
      money.provide({
        actors: { submit: fromPromise(async ({ input }) => sent.push(input.body)) },
      }),
      { input: { values: { amount: "12.5" } } },
    ).start();
    actor.send({ type: "submit", idempotencyKey: "k" });
    await waitFor(actor, (s) => s.value === "saved");
    expect(sent).toEqual([{ amount_to_capture: 1250 }]);
  });
});

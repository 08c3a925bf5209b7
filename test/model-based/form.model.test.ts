import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { CallFailure } from "../../machines/auth/failure.ts";
import {
  createFormMachine,
  type FormEvent,
  SUBMIT_ACTOR,
  type SubmitInput,
} from "../../machines/components/form/form.machine.ts";
import { DONE, ERROR, FakeCalls, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * A refund-like form (one required positive amount) walked through the form machine's
 * graph: edits to a valid and an invalid amount and back, leaving the field, submits, the
 * mutation answering or failing every way a provider can (a field error by `param`, an
 * error on a param the form lacks, a permission error, a lost answer). Every path checks
 * the machine's promises: nothing invalid is ever sent; a retry of the same values sends the
 * same Idempotency-Key and changed values a new one; a field error sits on its field, any
 * other failure on the form; `form.saved` is emitted once per answered submit.
 */

const schema = z.object({ amount: z.number().int().positive() });
const machine = createFormMachine({ id: "refundForm", schema });
type Machine = typeof machine;

const failure = (status: number, param?: string): CallFailure => ({
  kind: "http",
  status,
  error: {
    type: status === 403 ? "permission_error" : "invalid_request_error",
    code: param ? "amount_too_large" : "refund_not_allowed",
    message: `status ${status}`,
    ...(param ? { param } : {}),
  },
  requestId: `req_${status}`,
});

const FAILURES: { label: string; error: unknown; field: string | null }[] = [
  { label: "amount refused", error: failure(400, "amount"), field: "amount" },
  { label: "foreign param refused", error: failure(400, "metadata[order]"), field: null },
  { label: "forbidden", error: failure(403), field: null },
  { label: "answer lost", error: new TypeError("Failed to fetch"), field: null },
];

/** A key the person's click mints: always one the machine does not hold yet. */
const mintedFor = (held: string | null) => (held === "key-1" ? "key-2" : "key-1");

const model: MachineModel<Machine> = {
  machine,
  input: { values: { amount: null } },
  events: {
    "field.change": [
      { type: "field.change", path: "amount", value: 500 },
      { type: "field.change", path: "amount", value: 0 },
      { type: "field.change", path: "amount", value: null },
    ],
    "field.blur": [{ type: "field.blur", path: "amount" }],
    submit: (snapshot) => [
      { type: "submit", idempotencyKey: mintedFor(snapshot.context.idempotencyKey) },
    ],
    [`${DONE}${SUBMIT_ACTOR}`]: [{ type: `${DONE}${SUBMIT_ACTOR}` }],
    [`${ERROR}${SUBMIT_ACTOR}`]: FAILURES.map(({ error }) => ({
      type: `${ERROR}${SUBMIT_ACTOR}`,
      error,
    })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as FormEvent | { type: string; error?: unknown };
    if (e.type === "field.change" && "value" in e) return `amount := ${String(e.value)}`;
    if (e.type === "field.blur") return "leave amount";
    if (e.type === "submit") return "submit";
    if (e.type === "reset") return "reset";
    if (e.type.startsWith(DONE)) return "mutation answers";
    const found = FAILURES.find((f) => "error" in e && f.error === e.error);
    return `mutation ${found?.label ?? "fails"}`;
  },
};

const paths = coveringPaths(model, { maxDepth: 5, dedupe: true });

describe("the form machine, model-based", () => {
  it("walks every outcome of a submit", () => {
    const walked = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of [
      "submit",
      "reset",
      "leave amount",
      "mutation answers",
      ...FAILURES.map((f) => `mutation ${f.label}`),
    ])
      expect(walked).toContain(label);
    for (const state of ["pristine", "dirty", "submitting", "saved", "failed"])
      expect(paths.map((p) => p.target.value)).toContain(state);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    const calls = new FakeCalls();
    const provided = machine.provide({
      actors: { [SUBMIT_ACTOR]: calls.logic(SUBMIT_ACTOR, () => undefined) },
    });
    const run = await replayWithCalls(provided, model.input, path, calls);
    try {
      let held: string | null = null;
      let heldFor: unknown = null;
      let lastOutcome: "saved" | "failed" | null = null;
      for (const step of run.steps) {
        const { context } = step.snapshot;
        const event = step.event as FormEvent;
        // Nothing invalid is ever sent: every call carries a body the schema accepts.
        for (const call of step.started) {
          const input = call.input as SubmitInput<{ amount: number }>;
          expect(schema.safeParse(input.body).success).toBe(true);
          expect(input.idempotencyKey).toBe(context.idempotencyKey);
          // One key per intent: the same values after a failure reuse it, others mint anew.
          const retry = lastOutcome === "failed" && held !== null && heldFor === input.body.amount;
          expect(input.idempotencyKey).toBe(
            retry ? held : (event as { idempotencyKey: string }).idempotencyKey,
          );
          held = input.idempotencyKey;
          heldFor = input.body.amount;
        }
        if (event.type === "submit" && step.started.length === 0) {
          // A refused submit shows why, on the field, and leaves it touched.
          expect(context.errors.amount?.source).toBe("schema");
          expect(context.touched.amount).toBe(true);
        }
        const failed = FAILURES.find((f) => (step.event as { error?: unknown }).error === f.error);
        if (failed) {
          lastOutcome = "failed";
          expect(step.snapshot.value).toBe("failed");
          if (failed.field) {
            expect(context.errors[failed.field]).toMatchObject({
              source: "api",
              code: "amount_too_large",
            });
            expect(context.formError).toBeNull();
          } else {
            expect(context.errors).toEqual({});
            expect(context.formError).not.toBeNull();
          }
        }
        const answered = step.event.type.startsWith(DONE);
        expect(step.effects).toEqual(answered ? [{ type: "form.saved", result: null }] : []);
        if (answered) {
          lastOutcome = "saved";
          held = null;
          expect(step.snapshot.value).toBe("saved");
          expect(context.idempotencyKey).toBeNull();
        }
        if (event.type === "reset") {
          held = null;
          lastOutcome = null;
          expect(context.values).toEqual(context.initial);
        }
      }
    } finally {
      run.actor.stop();
    }
  });
});

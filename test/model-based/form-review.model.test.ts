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
 * A reviewed money action (a refund: one required positive amount) walked through the
 * reviewed form's graph: the person opens it, edits, reviews, goes back, confirms, closes;
 * the mutation answers or fails (a field error, a permission error, a lost answer). Every
 * path checks the promises the refund and capture views rely on: nothing is sent except by
 * confirming a review; only valid values reach the review; the confirmation is shown exactly
 * in `reviewing`; closing forgets the values; confirming the same values again after a
 * failure sends the same Idempotency-Key; `form.saved` is emitted once per answer.
 */

const schema = z.object({ amount: z.number().int().positive() });
const machine = createFormMachine({ id: "refundForm", schema, review: true });
type Machine = typeof machine;

const failure = (status: number, param?: string): CallFailure => ({
  kind: "http",
  status,
  error: {
    type: status === 403 ? "permission_error" : "invalid_request_error",
    code: param ? "amount_too_large" : "feature_not_enabled",
    message: `status ${status}`,
    ...(param ? { param } : {}),
  },
  requestId: `req_${status}`,
});

const FAILURES: { label: string; error: unknown; field: string | null }[] = [
  { label: "amount refused", error: failure(400, "amount"), field: "amount" },
  { label: "forbidden", error: failure(403), field: null },
  { label: "answer lost", error: new TypeError("Failed to fetch"), field: null },
];

const mintedFor = (held: string | null) => (held === "key-1" ? "key-2" : "key-1");
const INITIAL = { amount: 800 };

const model: MachineModel<Machine> = {
  machine,
  input: { values: INITIAL },
  events: {
    open: [{ type: "open" }],
    close: [{ type: "close" }],
    review: [{ type: "review" }],
    "review.cancel": [{ type: "review.cancel" }],
    "field.change": [
      { type: "field.change", path: "amount", value: 300 },
      { type: "field.change", path: "amount", value: 0 },
    ],
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
    if (e.type.startsWith(DONE)) return "mutation answers";
    if (e.type.startsWith(ERROR)) {
      const found = FAILURES.find((f) => "error" in e && f.error === e.error);
      return `mutation ${found?.label ?? "fails"}`;
    }
    return e.type === "submit" ? "confirm" : e.type;
  },
};

const paths = coveringPaths(model, {
  maxDepth: 6,
  dedupe: true,
  // The blur and reset of a plain form are walked by form.model.test.ts.
  filterEvents: (_s, e) => e.type !== "field.blur" && e.type !== "reset",
});

describe("the reviewed form (a money action), model-based", () => {
  it("walks opening, review, confirmation, every outcome and closing", () => {
    const walked = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of [
      "open",
      "close",
      "review",
      "review.cancel",
      "confirm",
      "mutation answers",
      ...FAILURES.map((f) => `mutation ${f.label}`),
    ])
      expect(walked).toContain(label);
    for (const state of [
      "closed",
      "pristine",
      "dirty",
      "reviewing",
      "submitting",
      "saved",
      "failed",
    ])
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
      let lastFailed = false;
      let before = "closed";
      for (const step of run.steps) {
        const { context, value } = step.snapshot;
        const event = step.event as FormEvent;
        for (const call of step.started) {
          // Sent only by confirming a review, always valid, with the intent's key.
          expect(event.type).toBe("submit");
          expect(before).toBe("reviewing");
          const input = call.input as SubmitInput<{ amount: number }>;
          expect(schema.safeParse(input.body).success).toBe(true);
          const retry = lastFailed && held !== null && heldFor === input.body.amount;
          expect(input.idempotencyKey).toBe(
            retry ? held : (event as { idempotencyKey: string }).idempotencyKey,
          );
          held = input.idempotencyKey;
          heldFor = input.body.amount;
        }
        if (event.type === "submit") expect(step.started.length).toBe(1);
        // Only valid values reach the confirmation.
        if (value === "reviewing") expect(schema.safeParse(context.values).success).toBe(true);
        if (event.type === "review" && value !== "reviewing") {
          expect(context.errors.amount?.source).toBe("schema");
        }
        if (value === "closed") {
          // Closed: the fields are gone, their values back to the initial ones.
          expect(context.values).toEqual(context.initial);
          expect(context.formError).toBeNull();
          held = null;
          lastFailed = false;
        }
        const failed = FAILURES.find((f) => (step.event as { error?: unknown }).error === f.error);
        if (failed) {
          lastFailed = true;
          expect(value).toBe("failed");
          if (failed.field) expect(context.errors[failed.field]?.source).toBe("api");
          else expect(context.formError).not.toBeNull();
        }
        const answered = step.event.type.startsWith(DONE);
        expect(step.effects).toEqual(answered ? [{ type: "form.saved", result: null }] : []);
        if (answered) {
          lastFailed = false;
          held = null;
          expect(value).toBe("saved");
        }
        before = String(value);
      }
    } finally {
      run.actor.stop();
    }
  });
});

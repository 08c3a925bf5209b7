import { describe, expect, it } from "vitest";
import type { CallFailure } from "../../machines/auth/failure.ts";
import {
  type DisputeResponseEvent,
  disputeResponseMachine,
  evidencePath,
  responseValuesOf,
} from "../../machines/components/disputes/dispute-response.machine.ts";
import type { SubmitInput } from "../../machines/components/form/form.machine.ts";
import {
  type DisputeUpdateParams,
  disputeUpdateParamsSchema,
} from "../../protocol/objects/dispute.schema.ts";
import {
  type DisputeEvidence,
  disputeEvidenceFileFields,
  disputeEvidenceTextFields,
  disputeEvidenceTextMax,
} from "../../protocol/objects/dispute-evidence.schema.ts";
import { DONE, ERROR, FakeCalls, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * A person's response to a duplicate-charge dispute walked through the response machine's
 * graph: the explanation edited to a winning text, to one over the provider's limit and to
 * nothing; a draft saved; a submit and an accept asked, cancelled and confirmed; the
 * provider answering or failing every way it can (an error on the field by `param`, a
 * refusal naming no field, a lost answer, a 401). On every path: nothing invalid is sent, a
 * submit or an accept is sent only after its confirmation, a retry of the same action and
 * values keeps its Idempotency-Key (anything else mints a new one), a field error sits on its
 * field and any other failure on the response, `response.saved` follows each answer once,
 * and a 401 reaches the shell.
 */

type Machine = typeof disputeResponseMachine;

const empty = Object.fromEntries(
  [...disputeEvidenceTextFields, ...disputeEvidenceFileFields].map((f) => [f, null]),
) as DisputeEvidence;
const values = responseValuesOf({ reason: "duplicate", evidence: empty });
const EXPLANATION = evidencePath("duplicate_charge_explanation");

const failure = (status: number, param?: string): CallFailure => ({
  kind: "http",
  status,
  error: {
    type: status === 401 ? "authentication_error" : "invalid_request_error",
    code: param ? "evidence_invalid" : "dispute_not_open",
    message: `status ${status}`,
    ...(param ? { param } : {}),
  },
  requestId: `req_${status}`,
});

const FAILURES: { label: string; error: unknown; field: string | null }[] = [
  { label: "explanation refused", error: failure(400, EXPLANATION), field: EXPLANATION },
  { label: "dispute not open", error: failure(400), field: null },
  { label: "answer lost", error: new TypeError("Failed to fetch"), field: null },
  { label: "session expired", error: failure(401), field: null },
];

const mintedFor = (held: string | null) => (held === "key-1" ? "key-2" : "key-1");

const model: MachineModel<Machine> = {
  machine: disputeResponseMachine,
  input: { dispute: "dp_1", values },
  events: {
    "field.change": [
      { type: "field.change", path: EXPLANATION, value: "Two orders: winning_evidence" },
      { type: "field.change", path: EXPLANATION, value: "x".repeat(disputeEvidenceTextMax + 1) },
      { type: "field.change", path: EXPLANATION, value: "" },
    ],
    "field.blur": [{ type: "field.blur", path: EXPLANATION }],
    "draft.save": (s) => [
      { type: "draft.save", idempotencyKey: mintedFor(s.context.intent?.key ?? null) },
    ],
    confirm: (s) => [{ type: "confirm", idempotencyKey: mintedFor(s.context.intent?.key ?? null) }],
    [`${DONE}save`]: [{ type: `${DONE}save` }],
    [`${DONE}close`]: [{ type: `${DONE}close` }],
    [`${ERROR}save`]: FAILURES.map(({ error }) => ({ type: `${ERROR}save`, error })),
    [`${ERROR}close`]: FAILURES.slice(1).map(({ error }) => ({ type: `${ERROR}close`, error })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as DisputeResponseEvent | { type: string; error?: unknown };
    if (e.type === "field.change" && "value" in e) {
      const v = String(e.value);
      return `explanation := ${v.length > 40 ? "too long" : JSON.stringify(v)}`;
    }
    if (e.type === "field.blur") return "leave explanation";
    if (e.type.startsWith(DONE)) return `${e.type.slice(DONE.length)} answers`;
    if (e.type.startsWith(ERROR)) {
      const found = FAILURES.find((f) => "error" in e && f.error === e.error);
      return `${e.type.slice(ERROR.length)}: ${found?.label ?? "fails"}`;
    }
    return e.type;
  },
};

const paths = coveringPaths(model, { maxDepth: 4, dedupe: true });

describe("the dispute response machine, model-based", () => {
  it("walks every action and every outcome", () => {
    const walked = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of [
      "draft.save",
      "submit.review",
      "accept.review",
      "confirm",
      "cancel",
      "save answers",
      "close answers",
      ...FAILURES.map((f) => `save: ${f.label}`),
    ])
      expect(walked).toContain(label);
    for (const state of [
      "editing",
      "saving",
      "draftSaved",
      "confirmingSubmit",
      "submitting",
      "submitted",
      "confirmingAccept",
      "accepting",
      "accepted",
      "failed",
    ])
      expect(paths.map((p) => p.target.value)).toContain(state);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    const calls = new FakeCalls();
    const provided = disputeResponseMachine.provide({
      actors: {
        save: calls.logic("save", () => undefined),
        close: calls.logic("close", () => undefined),
      },
    });
    const run = await replayWithCalls(provided, model.input, path, calls);
    try {
      let last: {
        src: string;
        key: string;
        body: string;
        outcome: "failed" | "saved" | null;
      } | null = null;
      let previousState: unknown = "editing";
      for (const step of run.steps) {
        const { context } = step.snapshot;
        const event = step.event as DisputeResponseEvent;
        for (const call of step.started) {
          const input = call.input as SubmitInput<DisputeUpdateParams>;
          // Nothing invalid is ever sent.
          expect(
            disputeUpdateParamsSchema.safeParse(input.body).success || call.src === "close",
          ).toBe(true);
          // A submit or an accept only right after its confirmation; a draft never submits.
          if (call.src === "close") expect(previousState).toBe("confirmingAccept");
          else if (input.body.submit) expect(previousState).toBe("confirmingSubmit");
          else expect(event.type).toBe("draft.save");
          // One key per intent: the same action and values after a failure keep it.
          const body = JSON.stringify(input.body);
          const retry =
            last !== null &&
            last.outcome === "failed" &&
            last.src === call.src &&
            last.body === body;
          expect(input.idempotencyKey).toBe(
            retry ? last?.key : (event as { idempotencyKey: string }).idempotencyKey,
          );
          last = { src: call.src, key: input.idempotencyKey, body, outcome: null };
        }
        if (
          (event.type === "draft.save" || event.type === "submit.review") &&
          step.started.length === 0 &&
          step.snapshot.value !== "confirmingSubmit"
        ) {
          // Refused before sending: why shows on the field.
          expect(context.errors[EXPLANATION]?.source).toBe("schema");
          expect(context.touched[EXPLANATION]).toBe(true);
        }
        const failed = FAILURES.find((f) => (step.event as { error?: unknown }).error === f.error);
        if (failed) {
          if (last) last.outcome = "failed";
          expect(step.snapshot.value).toBe("failed");
          if (failed.field) {
            expect(context.errors[failed.field]).toMatchObject({ source: "api" });
            expect(context.formError).toBeNull();
          } else {
            expect(context.formError).not.toBeNull();
          }
          expect(step.effects).toEqual(
            failed.label === "session expired" ? [{ type: "unauthorized" }] : [],
          );
        }
        if (step.event.type.startsWith(DONE)) {
          if (last) last.outcome = "saved";
          expect(step.effects).toEqual([
            { type: "response.saved", action: context.action, dispute: null },
          ]);
          expect(context.intent).toBeNull();
          expect(step.snapshot.value).toBe(
            context.action === "draft"
              ? "draftSaved"
              : context.action === "submit"
                ? "submitted"
                : "accepted",
          );
        } else if (!failed) {
          expect(step.effects).toEqual([]);
        }
        previousState = step.snapshot.value;
      }
      if (["submitted", "accepted"].includes(String(path.target.value)))
        expect(run.actor.getSnapshot().status).toBe("done");
    } finally {
      run.actor.stop();
    }
  });
});

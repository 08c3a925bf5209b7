import { describe, expect, it } from "vitest";
import type { AnyStateMachine } from "xstate";
import type { CallFailure } from "../../machines/auth/failure.ts";
import {
  type BalancesData,
  balancesMachine,
} from "../../machines/components/balances/balances.machine.ts";
import {
  payoutFormMachine,
  scheduleFormMachine,
  topupFormMachine,
} from "../../machines/components/balances/payout-forms.machine.ts";
import {
  type FormContext,
  SUBMIT_ACTOR,
  type SubmitInput,
} from "../../machines/components/form/form.machine.ts";
import type { GetObjectsInput } from "../../machines/components/resource-list.types.ts";
import { payoutCreateParamsSchema } from "../../protocol/objects/payout.schema.ts";
import { payoutScheduleParamsSchema } from "../../protocol/objects/payout-schedule.schema.ts";
import { topupCreateParamsSchema } from "../../protocol/objects/topup.schema.ts";
import { DONE, ERROR, FakeCalls, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * The balances view's lifecycles walked through their graphs: the payout form (a reviewed
 * money action over `POST /v1/payouts`), the schedule editor (over `POST /v1/payout_schedule`)
 * and the balances load. Every path checks what the view relies on: a payout or a schedule is
 * sent only by confirming a review, always a valid body (never a day that does not exist,
 * never an anchor its interval does not read); the provider's refusal of the amount lands on
 * the amount field; the load keeps the figures on screen while it refreshes and fails.
 */

const refusal = (code: string, param?: string): CallFailure => ({
  kind: "http",
  status: 400,
  error: {
    type: "invalid_request_error",
    code,
    message: code,
    ...(param ? { param } : {}),
  },
  requestId: "req_1",
});

const FORM_FAILURES = [
  { label: "more than available", error: refusal("balance_insufficient", "amount") },
  { label: "instant refused", error: refusal("instant_payouts_to_debit_cards_disabled", "method") },
  { label: "answer lost", error: new TypeError("Failed to fetch") },
];

const describeFormEvent = (event: {
  type: string;
  path?: string;
  value?: unknown;
  error?: unknown;
}) => {
  if (event.type === "field.change") return `${event.path} := ${String(event.value)}`;
  if (event.type.startsWith(DONE)) return "answered";
  if (event.type.startsWith(ERROR))
    return FORM_FAILURES.find((f) => f.error === event.error)?.label ?? "failed";
  return event.type === "submit" ? "confirm" : event.type;
};

/**
 * What these tests tell apart in a reviewed form's state: where it is, the values it would
 * send, which fields are touched and show an error, and whether the form does. The intent's
 * key and the error texts are the form machine's own business, walked by its model test
 * (`form-review.model.test.ts`); keeping them here made 18,000 paths of the same few bodies.
 */
const formState = (snapshot: { value: unknown; context: FormContext }) => ({
  value: snapshot.value,
  values: snapshot.context.values,
  touched: Object.keys(snapshot.context.touched).sort(),
  errors: Object.keys(snapshot.context.errors).sort(),
  formError: snapshot.context.formError !== null,
});

/** The covering paths of a reviewed form's graph (blur and reset left out). */
function formPaths<M extends AnyStateMachine>(model: MachineModel<M>, maxDepth: number) {
  return coveringPaths(model, {
    maxDepth,
    dedupe: true,
    filterEvents: (_s, e) => e.type !== "field.blur" && e.type !== "reset",
  });
}

/** Replays one path of a reviewed form and checks every call it made against `check`. */
async function checkFormPath<M extends AnyStateMachine>(
  model: MachineModel<M>,
  path: ReturnType<typeof formPaths<M>>[number],
  check: (body: Record<string, unknown>) => void,
) {
  const calls = new FakeCalls();
  const provided = model.machine.provide({
    actors: { [SUBMIT_ACTOR]: calls.logic(SUBMIT_ACTOR, () => ({ id: "po_1" })) },
  } as never) as M;
  const run = await replayWithCalls(provided, model.input, path, calls);
  try {
    let before = "closed";
    for (const step of run.steps) {
      const snapshot = step.snapshot as unknown as { value: unknown; context: FormContext };
      for (const call of step.started) {
        expect(step.event.type, path.name).toBe("submit");
        expect(before, path.name).toBe("reviewing");
        check((call.input as SubmitInput<Record<string, unknown>>).body);
      }
      const failure = FORM_FAILURES.find(
        (f) => (step.event as { error?: unknown }).error === f.error,
      );
      if (failure?.label === "more than available" && "amount" in snapshot.context.values)
        expect(snapshot.context.errors.amount?.source).toBe("api");
      if (step.event.type.startsWith(DONE)) expect(snapshot.value).toBe("saved");
      before = String(snapshot.value);
    }
  } finally {
    run.actor.stop();
  }
}

const formEvents = (changes: { type: "field.change"; path: string; value: unknown }[]) => ({
  "field.change": changes,
  submit: [{ type: "submit", idempotencyKey: "key-1" }],
  [`${DONE}${SUBMIT_ACTOR}`]: [{ type: `${DONE}${SUBMIT_ACTOR}`, output: { id: "po_1" } }],
  [`${ERROR}${SUBMIT_ACTOR}`]: FORM_FAILURES.map(({ error }) => ({
    type: `${ERROR}${SUBMIT_ACTOR}`,
    error,
  })),
});

describe("the payout form, model-based", () => {
  const model: MachineModel<typeof payoutFormMachine> = {
    machine: payoutFormMachine,
    input: { values: { amount: 9_000, currency: "usd", method: "instant" } },
    events: formEvents([
      { type: "field.change", path: "amount", value: 500 },
      { type: "field.change", path: "amount", value: 0 },
    ]) as MachineModel<typeof payoutFormMachine>["events"],
    describeEvent: describeFormEvent as never,
    distinguish: formState as never,
  };
  const paths = formPaths(model, 6);

  it("walks the review, the confirmation, the answer and every refusal", () => {
    expect(paths.length).toBeGreaterThan(3);
    const labels = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of ["confirm", "answered", ...FORM_FAILURES.map((f) => f.label)])
      expect(labels).toContain(label);
  });

  it.each(paths.map((p) => [p.name, p] as const))(
    "sends only a valid, confirmed payout of its method; a refused amount lands on its field: %s",
    (_name, path) =>
      checkFormPath(model, path, (body) => {
        expect(payoutCreateParamsSchema.safeParse(body).success).toBe(true);
        expect(body.method).toBe("instant");
      }),
  );
});

describe("the add-funds form, model-based", () => {
  // It starts empty: nothing can be reviewed, let alone sent, until the person types an amount.
  const model: MachineModel<typeof topupFormMachine> = {
    machine: topupFormMachine,
    input: { values: { amount: 0, currency: "usd" } },
    events: formEvents([
      { type: "field.change", path: "amount", value: 2_500 },
      { type: "field.change", path: "amount", value: -1 },
    ]) as MachineModel<typeof topupFormMachine>["events"],
    describeEvent: describeFormEvent as never,
    distinguish: formState as never,
  };
  const paths = formPaths(model, 6);

  it("walks the review, the confirmation, the answer and every refusal", () => {
    const labels = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of ["confirm", "answered", ...FORM_FAILURES.map((f) => f.label)])
      expect(labels).toContain(label);
  });

  it.each(paths.map((p) => [p.name, p] as const))(
    "sends only a confirmed top-up of a positive amount in its currency: %s",
    (_name, path) =>
      checkFormPath(model, path, (body) => {
        expect(topupCreateParamsSchema.safeParse(body).success).toBe(true);
        expect(body).toEqual({ amount: 2_500, currency: "usd" });
      }),
  );
});

describe("the schedule editor, model-based", () => {
  const model: MachineModel<typeof scheduleFormMachine> = {
    machine: scheduleFormMachine,
    input: {
      values: { interval: "daily", delay_days: 2, weekly_anchor: "monday", monthly_anchor: 1 },
    },
    events: formEvents([
      { type: "field.change", path: "interval", value: "weekly" },
      { type: "field.change", path: "interval", value: "monthly" },
      { type: "field.change", path: "weekly_anchor", value: "friday" },
      { type: "field.change", path: "monthly_anchor", value: 32 },
    ]) as MachineModel<typeof scheduleFormMachine>["events"],
    describeEvent: describeFormEvent as never,
    distinguish: formState as never,
  };
  const paths = formPaths(model, 6);

  it("walks a day that does not exist and the confirmation", () => {
    expect(paths.length).toBeGreaterThan(3);
    const labels = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    expect(labels).toContain("monthly_anchor := 32");
    expect(labels).toContain("confirm");
  });

  it.each(paths.map((p) => [p.name, p] as const))(
    "sends only a schedule whose day exists, with only the anchor its interval reads: %s",
    (_name, path) =>
      checkFormPath(model, path, (body) => {
        expect(payoutScheduleParamsSchema.safeParse(body).success).toBe(true);
        if (body.interval !== "weekly") expect(body.weekly_anchor).toBeUndefined();
        if (body.interval !== "monthly") expect(body.monthly_anchor).toBeUndefined();
        expect(body.monthly_anchor).not.toBe(32);
      }),
  );
});

describe("the balances load, model-based", () => {
  const data = {
    balance: {
      object: "balance",
      livemode: false,
      available: [],
      pending: [],
      instant_available: [],
    },
    schedule: { object: "payout_schedule" },
    destinations: { data: [] },
  };
  const model: MachineModel<typeof balancesMachine> = {
    machine: balancesMachine,
    input: { accountId: "acct_1" },
    events: {
      [`${DONE}getObjects`]: [{ type: `${DONE}getObjects`, output: data }],
      [`${ERROR}getObjects`]: [
        { type: `${ERROR}getObjects`, error: http(401) },
        { type: `${ERROR}getObjects`, error: http(500) },
      ],
    } as MachineModel<typeof balancesMachine>["events"],
  };
  const paths = coveringPaths(model, { maxDepth: 5, dedupe: true });

  it("walks loading, shown, refreshing, failed and unauthorized", () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.expected.value))));
    for (const state of ["shown", "refreshing", "failed", "unauthorized"])
      expect(reached).toContain(state);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    const calls = new FakeCalls();
    const provided = balancesMachine.provide({
      actors: {
        getObjects: calls.logic<Record<string, unknown>, GetObjectsInput>("getObjects", () => data),
      },
    });
    const run = await replayWithCalls(provided, model.input, path, calls);
    try {
      let shown: BalancesData | null = null;
      for (const step of run.steps) {
        const { value, context } = step.snapshot;
        for (const call of step.started) {
          // The three calls, for the session's account.
          const input = call.input as Record<string, { url: string }>;
          expect(Object.keys(input).sort()).toEqual(["balance", "destinations", "schedule"]);
          expect(input.destinations?.url).toContain("/v1/accounts/acct_1/external_accounts");
        }
        if (value === "shown" && step.event.type.startsWith(DONE)) {
          shown = context.data;
          expect(step.effects.map((e) => e.type)).toEqual(["balances.loaded"]);
        }
        // A refresh, and a refresh that fails, keep the figures on screen.
        if (value === "refreshing" || (value === "shown" && step.event.type.startsWith(ERROR)))
          expect(context.data).toBe(shown);
        if (value === "unauthorized") expect(step.effects).toEqual([{ type: "unauthorized" }]);
        if (value === "failed") expect(step.effects.map((e) => e.type)).toEqual(["load.failed"]);
      }
    } finally {
      run.actor.stop();
    }
  });
});

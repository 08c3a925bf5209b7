import { describe, expect, it } from "vitest";
import {
  type PayoutDetailsEmitted,
  type PayoutDetailsEvent,
  type PayoutDetailsInput,
  payoutDetailsMachine,
  payoutResource,
  SETTLED_LIMIT,
  settledTransactionsResource,
} from "../../machines/components/payout-details/payout-details.machine.ts";
import {
  fakeDetail,
  payoutHistory,
} from "../../machines/components/payouts-list/payouts-list.fixture.ts";
import type {
  Identified,
  ListPageInput,
  Page,
  RetrieveItemInput,
} from "../../machines/components/resource-list.types.ts";
import type { BalanceTransaction } from "../../protocol/objects/balance-transaction.schema.ts";
import { DONE, ERROR, FakeCalls, failureOf, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * payout-details walked through its graph: the payout loads, then what it settled; either
 * call can fail (500) or be refused (401); the person retries, the host names another payout
 * or none, shows and hides it, the person closes it, a refresh arrives. On every path: the
 * payout shown is the one named, the settled transactions are those the provider listed for
 * that payout, a failure is kept and reported once (`load.failed`), each 401 is one
 * `unauthorized`, and, as a drawer, each opening and closing is reported in turn
 * (`overlay.changed`), a close also as `closed`; inline, no `overlay.changed`.
 */

type Machine = typeof payoutDetailsMachine;

const PAYOUT =
  payoutDetailsMachine.getStateNodeById("payoutDetails.data.loading.payout").invoke[0]?.id ?? "";
const SETTLED =
  payoutDetailsMachine.getStateNodeById("payoutDetails.data.loading.settled").invoke[0]?.id ?? "";

const FAILURES = [
  { label: "fails 500", error: http(500) },
  { label: "refused 401", error: http(401) },
];

const history = payoutHistory(3);
const A = history[0]!.id;
const B = history[1]!.id;

/** What the fake provider says payout `id` settled: two charges of its own. */
const settledOf = (id: string): BalanceTransaction[] =>
  [1, 2].map((n) => ({
    id: `txn_${id}_${n}`,
    object: "balance_transaction",
    amount: 1_000 * n,
    fee: 59,
    net: 1_000 * n - 59,
    currency: "usd",
    type: "charge",
    reporting_category: "charge",
    source: `ch_${id}_${n}`,
    status: "available",
    available_on: 1_767_225_600,
    description: null,
    created: 1_767_000_000,
  }));

interface Scenario {
  label: string;
  input: PayoutDetailsInput;
}

const SCENARIOS: Scenario[] = [
  { label: "drawer, shown", input: { payoutId: A, visible: true, overlay: true } },
  { label: "drawer, hidden at first", input: { payoutId: A, visible: false, overlay: true } },
  { label: "inline", input: { payoutId: A, visible: true, overlay: false } },
  { label: "nothing named", input: { payoutId: null, visible: true, overlay: true } },
];

const modelFor = ({ input }: Scenario): MachineModel<Machine> => ({
  machine: payoutDetailsMachine,
  input,
  events: {
    "payout.change": (snapshot) => [
      { type: "payout.change", payoutId: snapshot.context.payoutId === B ? null : B },
    ],
    [`${DONE}${PAYOUT}`]: (snapshot: { context: { payoutId: string | null } }) => [
      { type: `${DONE}${PAYOUT}`, output: fakeDetail(history, snapshot.context.payoutId ?? "") },
    ],
    [`${ERROR}${PAYOUT}`]: FAILURES.map(({ error }) => ({ type: `${ERROR}${PAYOUT}`, error })),
    [`${DONE}${SETTLED}`]: (snapshot: { context: { payoutId: string | null } }) => [
      {
        type: `${DONE}${SETTLED}`,
        output: { items: settledOf(snapshot.context.payoutId ?? ""), hasMore: false },
      },
    ],
    [`${ERROR}${SETTLED}`]: FAILURES.map(({ error }) => ({ type: `${ERROR}${SETTLED}`, error })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as PayoutDetailsEvent | { type: string; error?: unknown };
    const failure = FAILURES.find((f) => "error" in e && f.error === e.error)?.label ?? "";
    if (e.type === `${DONE}${PAYOUT}`) return "payout answers";
    if (e.type === `${ERROR}${PAYOUT}`) return `payout ${failure}`;
    if (e.type === `${DONE}${SETTLED}`) return "settled answers";
    if (e.type === `${ERROR}${SETTLED}`) return `settled ${failure}`;
    if (e.type === "payout.change" && "payoutId" in e) return `name ${e.payoutId ?? "none"}`;
    return e.type;
  },
});

const cases = SCENARIOS.flatMap((scenario) =>
  coveringPaths(modelFor(scenario), { maxDepth: 4, dedupe: true }).map((path) => ({
    name: `${scenario.label}: ${path.name}`,
    scenario,
    path,
  })),
);

describe("payout-details, model-based", () => {
  it("walks both loads and their failures, retry, refresh, another payout, none, show, hide and close", () => {
    const labels = new Set(cases.flatMap((c) => c.path.steps.map((s) => s.label)));
    for (const label of [
      "payout answers",
      "settled answers",
      "payout fails 500",
      "payout refused 401",
      "settled fails 500",
      "settled refused 401",
      "retry",
      "refresh",
      `name ${B}`,
      "name none",
      "show",
      "hide",
      "close",
    ])
      expect(labels).toContain(label);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { scenario, path }) => {
    const calls = new FakeCalls();
    const machine = payoutDetailsMachine.provide({
      actors: {
        retrieveItem: calls.logic<Identified, RetrieveItemInput>("retrieveItem", ({ id }) => {
          const found = fakeDetail(history, id);
          if (!found) throw new Error(`no payout ${id}`);
          return found;
        }),
        listPage: calls.logic<Page<Identified>, ListPageInput<unknown>>(
          "listPage",
          ({ filters }) => ({
            items: settledOf(String((filters as { payout?: string }).payout)),
            hasMore: false,
          }),
        ),
      },
    });
    const run = await replayWithCalls(machine, scenario.input, path, calls);
    try {
      const effects: PayoutDetailsEmitted[] = [
        ...run.initialEffects,
        ...run.steps.flatMap((s) => s.effects),
      ];
      // Every call is for the payout named at the time, through the kit's resources.
      for (const call of calls.calls) {
        if (call.src === "retrieveItem")
          expect((call.input as RetrieveItemInput).resource).toBe(payoutResource);
        else
          expect(call.input).toMatchObject({
            resource: settledTransactionsResource,
            request: { kind: "newest", limit: SETTLED_LIMIT },
          });
      }
      for (const step of run.steps) {
        const { context } = step.snapshot;
        if (step.snapshot.matches({ data: "shown" })) {
          expect(context.payout?.id).toBe(context.payoutId);
          expect(context.settled).toEqual(settledOf(context.payoutId ?? ""));
        }
        if (step.snapshot.matches({ data: "none" })) expect(context.payout).toBeNull();
        const failure = FAILURES.find((f) => (step.event as { error?: unknown }).error === f.error);
        if (failure?.label === "fails 500") {
          expect(step.snapshot.matches({ data: "failed" })).toBe(true);
          expect(step.effects).toContainEqual({
            type: "load.failed",
            failure: failureOf(failure.error),
          });
        }
        if (failure?.label === "refused 401") {
          expect(step.snapshot.matches({ data: "unauthorized" })).toBe(true);
          expect(step.effects).toEqual([{ type: "unauthorized" }]);
        }
        if (step.event.type === "close" && step.label === "close")
          expect(step.effects.map((e) => e.type)).toContain("closed");
      }
      // The overlay's reports alternate open, closed — and only for a drawer.
      const overlay = effects.filter((e) => e.type === "overlay.changed");
      if (!scenario.input.overlay) expect(overlay).toEqual([]);
      overlay.forEach((e, i) => {
        expect(e).toEqual({ type: "overlay.changed", open: i % 2 === 0 });
      });
      // One `unauthorized` per 401, nothing else reports it.
      const refusals = run.steps.filter(
        (s) => (s.event as { error?: unknown }).error === FAILURES[1]?.error,
      ).length;
      expect(effects.filter((e) => e.type === "unauthorized")).toHaveLength(refusals);
    } finally {
      run.actor.stop();
    }
  });
});

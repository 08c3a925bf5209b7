import { describe, expect, it } from "vitest";
import {
  fakeDetail,
  fakePage,
  payoutHistory,
} from "../../machines/components/payouts-list/payouts-list.fixture.ts";
import {
  type PayoutsListEmitted,
  type PayoutsListEvent,
  type PayoutsListInput,
  payoutsListMachine,
} from "../../machines/components/payouts-list/payouts-list.machine.ts";
import type {
  PageRequest,
  Payout,
} from "../../machines/components/payouts-list/payouts-list.types.ts";
import { DONE, ERROR, FakeCalls, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * The payouts list walked through its graph against a fake `GET /v1/payouts` over a
 * five-payout history (pages of two, so three pages; or the recent mode; or no payout at all).
 * A page or a detail call can answer, fail (500) or be refused (401); each is a step,
 * replayed by settling the pending fake call. On every path: rows are always a run of the
 * history newest first, the next page starts after the last row and the previous one ends
 * before the first, the paging buttons are offered exactly when there is more that way, the
 * overlay is reported open and closed in turn, and a 401 ends the list with one
 * `unauthorized`.
 */

type Machine = typeof payoutsListMachine;

const PAGE = payoutsListMachine.getStateNodeById("payoutsList.loading").invoke[0]?.id ?? "";
const DETAIL =
  payoutsListMachine.getStateNodeById("payoutsList.ready.detail.loading").invoke[0]?.id ?? "";

const FAILURES = [
  { label: "fails 500", error: http(500) },
  { label: "refused 401", error: http(401) },
];

interface Scenario {
  label: string;
  history: Payout[];
  input: PayoutsListInput;
}

const SCENARIOS: Scenario[] = [
  {
    label: "five payouts, pages of two",
    history: payoutHistory(5),
    input: { pageSize: 2, recent: false },
  },
  { label: "recent-payouts", history: payoutHistory(7), input: { pageSize: 2, recent: true } },
  { label: "no payouts", history: [], input: { pageSize: 2, recent: false } },
];

const modelFor = ({ history, input }: Scenario): MachineModel<Machine> => ({
  machine: payoutsListMachine,
  input,
  events: {
    // Only the first row is opened: any row walks the same graph.
    "payout.open": (snapshot) => {
      const first = snapshot.context.payouts[0];
      return first ? [{ type: "payout.open", id: first.id }] : [];
    },
    [`${DONE}${PAGE}`]: (snapshot: { context: { request: PageRequest } }) => [
      { type: `${DONE}${PAGE}`, output: fakePage(history, snapshot.context.request) },
    ],
    [`${ERROR}${PAGE}`]: FAILURES.map(({ error }) => ({ type: `${ERROR}${PAGE}`, error })),
    [`${DONE}${DETAIL}`]: (snapshot: { context: { selectedId: string | null } }) => [
      {
        type: `${DONE}${DETAIL}`,
        output: fakeDetail(history, snapshot.context.selectedId ?? ""),
      },
    ],
    [`${ERROR}${DETAIL}`]: FAILURES.map(({ error }) => ({ type: `${ERROR}${DETAIL}`, error })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as PayoutsListEvent | { type: string; error?: unknown };
    const failure = FAILURES.find((f) => "error" in e && f.error === e.error)?.label ?? "";
    if (e.type === `${DONE}${PAGE}`) return "page answers";
    if (e.type === `${ERROR}${PAGE}`) return `page ${failure}`;
    if (e.type === `${DONE}${DETAIL}`) return "detail answers";
    if (e.type === `${ERROR}${DETAIL}`) return `detail ${failure}`;
    if (e.type === "payout.open" && "id" in e) return `open ${e.id}`;
    return e.type;
  },
});

const cases = SCENARIOS.flatMap((scenario) => {
  const model = modelFor(scenario);
  return coveringPaths(model, { maxDepth: 7, dedupe: true }).map((path) => ({
    name: `${scenario.label}: ${path.name}`,
    scenario,
    path,
  }));
});

const ids = (payouts: readonly Payout[]) => payouts.map((p) => p.id);

describe("payouts list, model-based", () => {
  it("walks paging both ways, the detail, every failure and the empty list", () => {
    const labels = new Set(cases.flatMap((c) => c.path.steps.map((s) => s.label)));
    for (const label of [
      "page.next",
      "page.previous",
      "open po_005",
      "detail.close",
      "detail.retry",
      "list.retry",
      "list.reload",
      "page fails 500",
      "page refused 401",
      "detail fails 500",
      "detail refused 401",
    ])
      expect(labels).toContain(label);
    const reached = new Set(cases.map((c) => JSON.stringify(c.path.target.value)));
    for (const state of ['"empty"', '"error"', '"unauthorized"', '{"ready":{"detail":"shown"}}'])
      expect(reached).toContain(state);
    // The oldest payout is reached by paging.
    expect(
      cases.some(
        (c) =>
          c.scenario.input.recent === false &&
          c.path.target.context.payouts.at(-1)?.id === "po_001",
      ),
    ).toBe(true);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { scenario, path }) => {
    const { history, input } = scenario;
    const calls = new FakeCalls();
    const machine = payoutsListMachine.provide({
      actors: {
        fetchPage: calls.logic("fetchPage", (request: PageRequest) => fakePage(history, request)),
        fetchPayout: calls.logic("fetchPayout", ({ id }: { id: string }) => {
          const found = fakeDetail(history, id);
          if (!found) throw new Error(`no payout ${id}`);
          return found;
        }),
      },
    });
    const run = await replayWithCalls(machine, input, path, calls);
    try {
      const newestFirst = ids([...history].reverse());
      const effects: PayoutsListEmitted[] = [
        ...run.initialEffects,
        ...run.steps.flatMap((s) => s.effects),
      ];
      // The first thing the list does is ask for the newest page.
      expect(calls.calls[0]?.input).toEqual({
        kind: "newest",
        limit: input.recent ? 5 : input.pageSize,
      });
      let rowsBefore: string[] = [];
      let moreBefore = { older: false, newer: false };
      for (const step of run.steps) {
        const { context } = step.snapshot;
        const rows = ids(context.payouts);
        // Rows are always a run of the history, newest first, never more than a page.
        const at = rows.length > 0 ? newestFirst.indexOf(rows[0] ?? "") : 0;
        expect(rows).toEqual(newestFirst.slice(at, at + rows.length));
        expect(rows.length).toBeLessThanOrEqual(input.recent ? 5 : input.pageSize);
        const asked = step.started.map((c) => c.input);
        if (step.label === "page.next") {
          // Next page: starting_after the last row; refused when nothing is older.
          expect(asked).toEqual(
            moreBefore.older
              ? [{ kind: "older", limit: input.pageSize, startingAfter: rowsBefore.at(-1) }]
              : [],
          );
        }
        if (step.label === "page.previous") {
          expect(asked).toEqual(
            moreBefore.newer
              ? [{ kind: "newer", limit: input.pageSize, endingBefore: rowsBefore[0] }]
              : [],
          );
        }
        if (step.snapshot.matches({ ready: "list" })) {
          // The paging buttons are offered exactly when there is more that way.
          expect(context.hasOlder).toBe(!input.recent && rows.at(-1) !== newestFirst.at(-1));
          expect(context.hasNewer).toBe(!input.recent && rows[0] !== newestFirst[0]);
        }
        rowsBefore = rows;
        moreBefore = { older: context.hasOlder, newer: context.hasNewer };
      }
      if (input.recent) {
        // recent-payouts never pages: every page call is the newest page.
        for (const call of calls.calls.filter((c) => c.src === "fetchPage"))
          expect((call.input as PageRequest).kind).toBe("newest");
      }
      // The overlay is reported open, then closed, in turn.
      const overlay = effects.flatMap((e) => (e.type === "overlay.changed" ? [e.open] : []));
      expect(overlay).toEqual(overlay.map((_, i) => i % 2 === 0));
      const snapshot = run.actor.getSnapshot();
      expect(overlay.length % 2 === 1).toBe(snapshot.matches({ ready: "detail" }));
      // A 401 ends the list with exactly one `unauthorized`, its last word.
      const unauthorized = effects.filter((e) => e.type === "unauthorized");
      expect(unauthorized.length).toBe(snapshot.value === "unauthorized" ? 1 : 0);
      if (unauthorized.length > 0) expect(effects.at(-1)).toEqual({ type: "unauthorized" });
      // An open detail shows the payout whose row was opened.
      if (snapshot.matches({ ready: { detail: "shown" } }))
        expect(snapshot.context.detail?.id).toBe(snapshot.context.selectedId);
    } finally {
      run.actor.stop();
    }
  });
});

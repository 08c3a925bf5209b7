import { describe, expect, it } from "vitest";
import {
  fakeDetail,
  fakePage,
  payoutHistory,
} from "../../machines/components/payouts-list/payouts-list.fixture.ts";
import {
  payoutsListMachine,
  payoutsResource,
} from "../../machines/components/payouts-list/payouts-list.machine.ts";
import type {
  ResourceListEmitted,
  ResourceListEvent,
  ResourceListInput,
} from "../../machines/components/resource-list.machine.ts";
import type {
  ListPageInput,
  PageRequest,
  RetrieveItemInput,
} from "../../machines/components/resource-list.types.ts";
import type { FilterValues } from "../../protocol/filters.ts";
import type { Payout } from "../../protocol/objects/payout.schema.ts";
import { DONE, ERROR, FakeCalls, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";
import { describeListStep, LIST_FAILURES, listCalls } from "./resource-list.steps.ts";

/**
 * The kit's resource list, walked through its graph once (as the payouts list, one instance
 * of the factory) against a fake `GET /v1/payouts` over a five-payout history (pages of two,
 * so three pages; or the unpaged recent mode; or no payout at all). A page or a detail call
 * can answer, fail (500) or be refused (401, 403); each is a step, replayed by settling the
 * pending fake call; the page size changes to three, the filter to paid payouts only, and a
 * mutation's refresh arrives. On every path: rows are always a run of the (filtered) history
 * newest first, the next page starts after the last row and the previous one ends before
 * the first, the paging buttons are offered exactly when there is more that way, the overlay
 * is reported open and closed in turn, and a 401 ends the list with one `unauthorized`.
 */

type Machine = typeof payoutsListMachine;

const { page: PAGE, detail: DETAIL } = listCalls(payoutsListMachine, "payoutsList");
const FAILURES = LIST_FAILURES;

const PAID: FilterValues = { status: ["paid"] };
const ALL: FilterValues = {};
/** What the fake provider lists under `filters`. */
const filtered = (history: readonly Payout[], filters: FilterValues) =>
  filters.status
    ? history.filter((p) => (filters.status as readonly string[]).includes(p.status))
    : history;

interface Scenario {
  label: string;
  history: Payout[];
  input: ResourceListInput;
}

const SCENARIOS: Scenario[] = [
  {
    label: "five payouts, pages of two",
    history: payoutHistory(5),
    input: { pageSize: 2, paged: true, filters: ALL },
  },
  {
    label: "recent-payouts",
    history: payoutHistory(7),
    input: { pageSize: 5, paged: false, filters: ALL },
  },
  { label: "no payouts", history: [], input: { pageSize: 2, paged: true, filters: ALL } },
];

const modelFor = ({ history, input }: Scenario): MachineModel<Machine> => ({
  machine: payoutsListMachine,
  input,
  events: {
    // Only the first row is opened: any row walks the same graph.
    "item.open": (snapshot) => {
      const first = snapshot.context.items[0];
      return first ? [{ type: "item.open", id: first.id }] : [];
    },
    "page.size": [{ type: "page.size", size: 3 }],
    "filters.change": (snapshot) => [
      { type: "filters.change", filters: snapshot.context.filters.status ? ALL : PAID },
    ],
    [`${DONE}${PAGE}`]: (snapshot: {
      context: { request: PageRequest; filters: FilterValues };
    }) => [
      {
        type: `${DONE}${PAGE}`,
        output: fakePage(filtered(history, snapshot.context.filters), snapshot.context.request),
      },
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
    const e = event as ResourceListEvent;
    if (e.type === "page.size") return `page size ${e.size}`;
    if (e.type === "filters.change") return e.filters.status ? "filter paid" : "clear filter";
    return describeListStep({ page: PAGE, detail: DETAIL }, e);
  },
});

const cases = SCENARIOS.flatMap((scenario) => {
  const model = modelFor(scenario);
  return coveringPaths(model, { maxDepth: 6, dedupe: true }).map((path) => ({
    name: `${scenario.label}: ${path.name}`,
    scenario,
    path,
  }));
});

const ids = (payouts: readonly Payout[]) => payouts.map((p) => p.id);

describe("resource list (payouts), model-based", () => {
  it("walks paging both ways, page size, filters, the detail, refresh, every failure and the empty list", () => {
    const labels = new Set(cases.flatMap((c) => c.path.steps.map((s) => s.label)));
    for (const label of [
      "page.next",
      "page.previous",
      "open po_005",
      "detail.close",
      "detail.retry",
      "list.retry",
      "list.refresh",
      "page size 3",
      "filter paid",
      "clear filter",
      "page fails 500",
      "page refused 401",
      "page forbidden 403",
      "detail fails 500",
      "detail refused 401",
    ])
      expect(labels).toContain(label);
    const reached = new Set(cases.map((c) => JSON.stringify(c.path.target.value)));
    for (const state of [
      '"empty"',
      '"error"',
      '"unauthorized"',
      '"forbidden"',
      '{"ready":{"detail":"shown"}}',
    ])
      expect(reached).toContain(state);
    // The oldest payout is reached by paging.
    expect(
      cases.some(
        (c) => c.scenario.input.paged && c.path.target.context.items.at(-1)?.id === "po_001",
      ),
    ).toBe(true);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { scenario, path }) => {
    const { history, input } = scenario;
    const calls = new FakeCalls();
    const machine = payoutsListMachine.provide({
      actors: {
        listPage: calls.logic("listPage", ({ request, filters }: ListPageInput) =>
          fakePage(filtered(history, filters), request),
        ),
        retrieveItem: calls.logic("retrieveItem", ({ id }: RetrieveItemInput) => {
          const found = fakeDetail(history, id);
          if (!found) throw new Error(`no payout ${id}`);
          return found;
        }),
      },
    });
    const run = await replayWithCalls(machine, input, path, calls);
    try {
      const effects: ResourceListEmitted[] = [
        ...run.initialEffects,
        ...run.steps.flatMap((s) => s.effects),
      ];
      const pageCalls = () => calls.calls.filter((c) => c.src === "listPage");
      const requestOf = (input: unknown) => (input as ListPageInput).request;
      // The first thing the list does is ask for the newest page, with its filters.
      expect(calls.calls[0]?.input).toEqual({
        resource: payoutsResource,
        request: { kind: "newest", limit: input.pageSize },
        filters: input.filters,
      });
      let rowsBefore: string[] = [];
      let moreBefore = { older: false, newer: false };
      let sizeBefore = input.pageSize;
      for (const step of run.steps) {
        const { context } = step.snapshot;
        const newestFirst = ids([...filtered(history, context.filters)].reverse());
        const rows = ids(context.items);
        // Rows are always a run of the filtered history, newest first, never more than a page.
        const at = rows.length > 0 ? newestFirst.indexOf(rows[0] ?? "") : 0;
        if (!step.snapshot.matches("loading")) {
          expect(rows).toEqual(newestFirst.slice(at, at + rows.length));
          expect(rows.length).toBeLessThanOrEqual(context.pageSize);
        }
        const asked = step.started.map((c) => requestOf(c.input));
        if (step.label === "page.next") {
          // Next page: starting_after the last row; refused when nothing is older.
          expect(asked).toEqual(
            moreBefore.older
              ? [{ kind: "older", limit: sizeBefore, startingAfter: rowsBefore.at(-1) }]
              : [],
          );
        }
        if (step.label === "page.previous") {
          expect(asked).toEqual(
            moreBefore.newer
              ? [{ kind: "newer", limit: sizeBefore, endingBefore: rowsBefore[0] }]
              : [],
          );
        }
        if (step.label === "filter paid" || step.label === "clear filter") {
          // A filter change starts again from the newest page, with the filters as data.
          expect(step.started.map((c) => c.input)).toEqual([
            {
              resource: payoutsResource,
              request: { kind: "newest", limit: context.pageSize },
              filters: context.filters,
            },
          ]);
        }
        if (step.snapshot.matches({ ready: "list" })) {
          // The paging buttons are offered exactly when there is more that way.
          expect(context.hasOlder).toBe(input.paged && rows.at(-1) !== newestFirst.at(-1));
          expect(context.hasNewer).toBe(input.paged && rows[0] !== newestFirst[0]);
        }
        rowsBefore = rows;
        moreBefore = { older: context.hasOlder, newer: context.hasNewer };
        sizeBefore = context.pageSize;
      }
      if (!input.paged) {
        // recent-payouts never pages: every page call is the newest page of five.
        for (const call of pageCalls())
          expect(requestOf(call.input)).toEqual({ kind: "newest", limit: 5 });
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

import { describe, expect, it } from "vitest";
import {
  periodQuery,
  type ReportEmitted,
  type ReportEvent,
  type ReportPeriod,
} from "../../machines/components/reports/report-factory.ts";
import { balanceReportMachine } from "../../machines/components/reports/reports.machine.ts";
import type { FetchResourceInput } from "../../machines/components/resource-list.types.ts";
import type { BalanceReport } from "../../protocol/objects/report.schema.ts";
import { DONE, ERROR, FakeCalls, failureOf, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * The reports' machine (as balance-report) walked through its graph: the report of a period
 * arrives (with something in it, or nothing), fails (500) or is refused (401); the person
 * retries or picks another period. On every path: each call asks for the period picked
 * last, the report kept is the answer for that period, `report.loaded` says whether it had
 * anything (the host's `onreportavailabilityloaded`), a failure is reported once as
 * `load.failed`, a 401 ends in one `unauthorized`.
 */

type Machine = typeof balanceReportMachine;
const FETCH = balanceReportMachine.getStateNodeById("balanceReport.loading").invoke[0]?.id ?? "";
const DAY = 86_400;
const MARCH: ReportPeriod = { start: 1_772_323_200, end: 1_772_323_200 + 31 * DAY };
const APRIL: ReportPeriod = { start: MARCH.end, end: MARCH.end + 30 * DAY };

const FAILURES = [
  { label: "fails 500", error: http(500) },
  { label: "refused 401", error: http(401) },
];

/** The fake provider's report: March had activity, April nothing. */
const reportOf = (url: string): BalanceReport => {
  const busy = url.includes(periodQuery(MARCH));
  const start = busy ? MARCH.start : APRIL.start;
  return {
    object: "balance_report",
    currency: "usd",
    interval_start: start,
    interval_end: busy ? MARCH.end : APRIL.end,
    starting_balance: 10_000,
    activity: busy
      ? [{ reporting_category: "charge", count: 2, gross: 5_000, fee: 300, net: 4_700 }]
      : [],
    activity_total: busy ? 4_700 : 0,
    payouts: [],
    payouts_total: 0,
    ending_balance: busy ? 14_700 : 10_000,
    available: busy,
  };
};

const model: MachineModel<Machine> = {
  machine: balanceReportMachine,
  input: { period: MARCH },
  events: {
    "period.change": (snapshot) => [
      { type: "period.change", period: snapshot.context.period === MARCH ? APRIL : MARCH },
    ],
    [`${DONE}${FETCH}`]: (snapshot: { context: { period: ReportPeriod } }) => [
      {
        type: `${DONE}${FETCH}`,
        output: reportOf(`/v1/reports/balance?${periodQuery(snapshot.context.period)}`),
      },
    ],
    [`${ERROR}${FETCH}`]: FAILURES.map(({ error }) => ({ type: `${ERROR}${FETCH}`, error })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as ReportEvent | { type: string; error?: unknown };
    if (e.type === `${DONE}${FETCH}`) return "report arrives";
    if (e.type === `${ERROR}${FETCH}`)
      return FAILURES.find((f) => "error" in e && f.error === e.error)?.label ?? "?";
    if (e.type === "period.change" && "period" in e)
      return e.period === MARCH ? "pick March" : "pick April";
    return e.type;
  },
};

const paths = coveringPaths(model, { maxDepth: 5, dedupe: true });

describe("the reports' machine, model-based", () => {
  it("walks a report with and without activity, both failures, retry and another period", () => {
    const labels = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of ["report arrives", "fails 500", "refused 401", "retry", "pick April"])
      expect(labels).toContain(label);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    const calls = new FakeCalls();
    const machine = balanceReportMachine.provide({
      actors: {
        fetchResource: calls.logic<unknown, FetchResourceInput>("fetchResource", ({ url }) =>
          reportOf(url),
        ),
      },
    });
    const run = await replayWithCalls(machine, { period: MARCH }, path, calls);
    try {
      for (const step of run.steps) {
        const { context } = step.snapshot;
        const effects: ReportEmitted[] = step.effects;
        // Every call asks for the period picked last.
        for (const call of step.started)
          expect((call.input as FetchResourceInput).url).toBe(
            `/v1/reports/balance?${periodQuery(context.period)}`,
          );
        if (step.event.type.startsWith(DONE)) {
          const busy = context.period === MARCH;
          expect(context.report?.available).toBe(busy);
          expect(context.report?.interval_start).toBe(context.period.start);
          expect(effects).toEqual([{ type: "report.loaded", available: busy }]);
        }
        const failure = FAILURES.find((f) => (step.event as { error?: unknown }).error === f.error);
        if (failure?.label === "fails 500") {
          expect(step.snapshot.value).toBe("failed");
          expect(effects).toEqual([{ type: "load.failed", failure: failureOf(failure.error) }]);
        }
        if (failure?.label === "refused 401") {
          expect(step.snapshot.value).toBe("unauthorized");
          expect(effects).toEqual([{ type: "unauthorized" }]);
        }
      }
    } finally {
      run.actor.stop();
    }
  });
});

import { describe, expect, it } from "vitest";
import {
  type VolumeChartEmitted,
  type VolumeChartEvent,
  volumeChartMachine,
} from "../../machines/components/volume-chart/volume-chart.machine.ts";
import type {
  VolumeReport,
  VolumeReportQuery,
} from "../../protocol/objects/volume-report.schema.ts";
import { DONE, ERROR, FakeCalls, failureOf, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * A volume chart's lifecycle (`reporting-chart`, `earnings-chart`) walked through its graph:
 * the report loads with payments (`loaded`) or none, every period zero (`empty`), fails (network, 500: `failed`,
 * reported as `load.failed`; 401: `unauthorized`), the person retries, the host changes the
 * query in every state. Every path checks: one call per load with the current query, the
 * report shown is the answer to the current query, the failure kept until the next load.
 */

type Machine = typeof volumeChartMachine;
const FETCH = volumeChartMachine.getStateNodeById("volumeChart.loading").invoke[0]?.id ?? "";

const GROSS: VolumeReportQuery = { report_name: "gross_volume", time_zone: "UTC" };
const NET_WEEKS: VolumeReportQuery = {
  report_name: "net_volume",
  interval_type: "week",
  interval_start: 1_740_960_000,
  interval_end: 1_743_379_200,
  time_zone: "Europe/Paris",
};

/** The provider's answer: gross volume has payments, the net weeks none (zero weeks). */
function reportFor(query: VolumeReportQuery): VolumeReport {
  const points =
    query.report_name === "gross_volume"
      ? [
          { start: 1_740_960_000, end: 1_741_046_400, amount: 10_000, count: 1 },
          { start: 1_741_046_400, end: 1_741_132_800, amount: 0, count: 0 },
        ]
      : [
          { start: 1_740_960_000, end: 1_741_564_800, amount: 0, count: 0 },
          { start: 1_741_564_800, end: 1_742_169_600, amount: 0, count: 0 },
        ];
  return {
    object: "volume_report",
    report_name: query.report_name,
    interval_type: query.interval_type ?? "day",
    interval_start: query.interval_start ?? null,
    interval_end: query.interval_end ?? null,
    time_zone: query.time_zone,
    currency: "usd",
    total: points.reduce((sum, p) => sum + p.amount, 0),
    points,
  };
}

const FAILURES = [
  { label: "network failure", error: new TypeError("Failed to fetch") },
  { label: "500", error: http(500) },
  { label: "401", error: http(401) },
];

const model: MachineModel<Machine> = {
  machine: volumeChartMachine,
  input: { query: GROSS },
  events: {
    "query.change": [
      { type: "query.change", query: GROSS },
      { type: "query.change", query: NET_WEEKS },
    ],
    retry: [{ type: "retry" }],
    [`${DONE}${FETCH}`]: (snapshot: { context: { query: VolumeReportQuery } }) => [
      { type: `${DONE}${FETCH}`, output: reportFor(snapshot.context.query) },
    ],
    [`${ERROR}${FETCH}`]: FAILURES.map(({ error }) => ({ type: `${ERROR}${FETCH}`, error })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as VolumeChartEvent | { type: string; error?: unknown; output?: VolumeReport };
    if (e.type === "query.change" && "query" in e) return `query ${e.query.report_name}`;
    if (e.type === "retry") return "retry";
    if (e.type.startsWith(DONE))
      return (e as { output: VolumeReport }).output.points.some((p) => p.count > 0)
        ? "report with payments"
        : "report without payments";
    const found = FAILURES.find((f) => "error" in e && f.error === e.error);
    return `fails (${found?.label ?? "?"})`;
  },
};

const paths = coveringPaths(model, { maxDepth: 5 });

describe("the volume chart, model-based", () => {
  it("walks every state: loaded, empty, failed, unauthorized, and a query change in each", () => {
    const walked = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of [
      "query gross_volume",
      "query net_volume",
      "retry",
      "report with payments",
      "report without payments",
      ...FAILURES.map((f) => `fails (${f.label})`),
    ])
      expect(walked).toContain(label);
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.expected.value))));
    expect([...reached].sort()).toEqual(["empty", "failed", "loaded", "loading", "unauthorized"]);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    const calls = new FakeCalls();
    const machine = volumeChartMachine.provide({
      actors: {
        fetchReport: calls.logic("fetchReport", (input: { query: VolumeReportQuery }) =>
          reportFor(input.query),
        ),
      },
    });
    const run = await replayWithCalls(machine, { query: GROSS }, path, calls);
    try {
      // The first load is started with the input's query.
      expect(calls.calls[0]?.input).toEqual({ query: GROSS });
      for (const step of run.steps) {
        const effects: VolumeChartEmitted[] = step.effects;
        const { context } = step.snapshot;
        const failure = FAILURES.find((f) => (step.event as { error?: unknown }).error === f.error);
        if (step.event.type.startsWith(DONE)) {
          // The report shown answers the current query; nothing emitted.
          expect(effects).toEqual([]);
          expect(context.report).toEqual(reportFor(context.query));
          const counted = context.report?.points.some((p) => p.count > 0);
          expect(step.snapshot.value).toBe(counted ? "loaded" : "empty");
          expect(context.failure).toBeNull();
        } else if (failure?.label === "401") {
          expect(effects).toEqual([{ type: "unauthorized" }]);
          expect(step.snapshot.value).toBe("unauthorized");
        } else if (failure) {
          expect(step.snapshot.value).toBe("failed");
          expect(context.failure).toEqual(failureOf(failure.error));
          expect(effects).toEqual([{ type: "load.failed", failure: failureOf(failure.error) }]);
          expect(context.report).toBeNull();
        } else if (step.snapshot.value === "unauthorized") {
          // Once the session is gone, a new query loads nothing.
          expect(effects).toEqual([]);
          expect(step.started).toEqual([]);
        } else {
          // A query change or a retry: a new load with the current query, nothing shown yet.
          expect(effects).toEqual([]);
          expect(step.snapshot.value).toBe("loading");
          expect(context.report).toBeNull();
          expect(context.failure).toBeNull();
          expect(step.started.map((c) => c.input)).toEqual([{ query: context.query }]);
        }
      }
    } finally {
      run.actor.stop();
    }
  });
});

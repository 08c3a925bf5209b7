import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import type {
  VolumeReport,
  VolumeReportQuery,
} from "../../../protocol/objects/volume-report.schema.ts";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";

/**
 * The lifecycle of a volume chart (`reporting-chart`, `earnings-chart`): `loading` the
 * provider's report (`GET /v1/reporting/volume`, the kit's `fetchReport`), then `loaded`
 * (a payment counted in some period) or `empty` (none in the interval, whose periods are
 * then all zero); `failed` (`retry`; emits
 * `load.failed`), `unauthorized` (a 401: emits `unauthorized`). `query.change` — the host
 * changed `report-name`, `interval-type`, `intervalStart` or `intervalEnd` — loads the new
 * report from any state but `unauthorized`, dropping an answer still under way for the old
 * query (the invocation is stopped).
 */

export interface VolumeChartContext {
  query: VolumeReportQuery;
  report: VolumeReport | null;
  failure: CallFailure | null;
}

export type VolumeChartEvent =
  | { type: "query.change"; query: VolumeReportQuery }
  | { type: "retry" };

export type VolumeChartEmitted =
  | { type: "unauthorized" }
  | { type: "load.failed"; failure: CallFailure };

export interface FetchReportInput {
  query: VolumeReportQuery;
}

const is401 = (failure: CallFailure) => failure.kind === "http" && failure.status === 401;

export const volumeChartMachine = setup({
  types: {
    input: {} as { query: VolumeReportQuery },
    context: {} as VolumeChartContext,
    events: {} as VolumeChartEvent,
    emitted: {} as VolumeChartEmitted,
  },
  actors: {
    // The kit's actor, provided by the frame (`useComponentMachine`).
    fetchReport: fromPromise<VolumeReport, FetchReportInput>(async () => {
      throw new Error("provide the kit's fetchReport");
    }),
  },
  guards: {
    hasPayments: (_, report: VolumeReport) => report.points.some((p) => p.count > 0),
    unauthorized: (_, failure: CallFailure) => is401(failure),
  },
  actions: {
    setQuery: assign({
      query: (_, query: VolumeReportQuery) => query,
      report: () => null,
      failure: () => null,
    }),
    keep: assign({ report: (_, report: VolumeReport) => report, failure: () => null }),
    fail: enqueueActions(({ enqueue }, failure: CallFailure) => {
      enqueue.assign({ failure });
      enqueue.emit({ type: "load.failed", failure });
    }),
    clearFailure: assign({ failure: () => null }),
    emitUnauthorized: emit({ type: "unauthorized" as const }),
  },
}).createMachine({
  id: "volumeChart",
  context: ({ input }) => ({ query: input.query, report: null, failure: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "fetchReport",
        input: ({ context }) => ({ query: context.query }),
        onDone: [
          {
            guard: { type: "hasPayments", params: ({ event }) => event.output },
            target: "loaded",
            actions: { type: "keep", params: ({ event }) => event.output },
          },
          { target: "empty", actions: { type: "keep", params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: "unauthorized", params: ({ event }) => toCallFailure(event.error) },
            target: "unauthorized",
          },
          {
            target: "failed",
            actions: { type: "fail", params: ({ event }) => toCallFailure(event.error) },
          },
        ],
      },
    },
    loaded: {},
    empty: {},
    failed: { on: { retry: { target: "loading", actions: "clearFailure" } } },
    // The shell shows its session-expired view; a new query loads nothing more.
    unauthorized: { entry: "emitUnauthorized", on: { "query.change": {} } },
  },
  on: {
    "query.change": {
      target: ".loading",
      reenter: true,
      actions: { type: "setQuery", params: ({ event }) => event.query },
    },
  },
});

export type VolumeChartMachine = typeof volumeChartMachine;

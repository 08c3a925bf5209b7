import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import type { z } from "zod/mini";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";
import type { FetchResourceInput } from "../resource-list.types.ts";

/**
 * A report of a period (balance-report, payout-reconciliation-report): the provider computes
 * it (`GET <path>?interval_start&interval_end`, `server/reports/`); the machine asks for the
 * period the person picked and keeps the answer.
 *
 * `loading` → `shown` (emits `report.loaded` with whether the period had anything, the
 * host's `onreportavailabilityloaded`) or `failed` (`retry`; emits `load.failed`) or
 * `unauthorized` (a 401). `period.change` asks again for another period, the last report
 * kept on screen until the new one arrives.
 */

export interface ReportPeriod {
  /** Unix seconds, inclusive. */
  start: number;
  /** Unix seconds, exclusive. */
  end: number;
}

export interface ReportContext<R> {
  period: ReportPeriod;
  report: R | null;
  failure: CallFailure | null;
}

export type ReportEvent = { type: "period.change"; period: ReportPeriod } | { type: "retry" };

export type ReportEmitted =
  | { type: "report.loaded"; available: boolean }
  | { type: "load.failed"; failure: CallFailure }
  | { type: "unauthorized" };

/** The report's query for a period (also the itemised CSV's). */
export const periodQuery = (period: ReportPeriod) =>
  `interval_start=${period.start}&interval_end=${period.end}`;

export function createReportMachine<R extends { available: boolean }>(options: {
  id: string;
  path: string;
  schema: z.ZodMiniType<R>;
}) {
  const { id, path, schema } = options;
  return setup({
    types: {
      input: {} as { period: ReportPeriod },
      context: {} as ReportContext<R>,
      events: {} as ReportEvent,
      emitted: {} as ReportEmitted,
    },
    actors: {
      // The kit's actor, provided by the frame (`useComponentMachine`).
      fetchResource: fromPromise<unknown, FetchResourceInput>(async () => {
        throw new Error("provide the kit's fetchResource");
      }),
    },
    guards: {
      refused: ({ event }) => {
        const failure = toCallFailure((event as { error?: unknown }).error);
        return failure.kind === "http" && failure.status === 401;
      },
    },
    actions: {
      choose: assign({ period: (_, period: ReportPeriod) => period }),
      keep: enqueueActions(({ enqueue }, report: R) => {
        enqueue.assign({ report, failure: null });
        enqueue.emit({ type: "report.loaded", available: report.available });
      }),
      fail: enqueueActions(({ enqueue }, failure: CallFailure) => {
        enqueue.assign({ failure });
        enqueue.emit({ type: "load.failed", failure });
      }),
      emitUnauthorized: emit({ type: "unauthorized" as const }),
    },
  }).createMachine({
    id,
    initial: "loading",
    context: ({ input }) => ({ period: input.period, report: null, failure: null }),
    on: {
      "period.change": {
        target: ".loading",
        reenter: true,
        actions: { type: "choose", params: ({ event }) => event.period },
      },
    },
    states: {
      loading: {
        invoke: {
          src: "fetchResource",
          input: ({ context }) => ({ url: `${path}?${periodQuery(context.period)}`, schema }),
          onDone: {
            target: "shown",
            actions: { type: "keep", params: ({ event }) => event.output as R },
          },
          onError: [
            { guard: "refused", target: "unauthorized" },
            {
              target: "failed",
              actions: { type: "fail", params: ({ event }) => toCallFailure(event.error) },
            },
          ],
        },
      },
      shown: {},
      failed: { on: { retry: "loading" } },
      unauthorized: { entry: "emitUnauthorized" },
    },
  });
}

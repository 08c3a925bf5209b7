/**
 * The volume charts' effect: `GET /v1/reporting/volume` through the data layer (the frame's
 * `Api`, in the component's name), the answer parsed with the protocol's `volumeReportSchema`;
 * a failure is a typed `CallFailure`. The kit gives it to every machine that declares
 * `fetchReport` (`kitActors`).
 */
import { fromPromise } from "xstate";
import type { FetchReportInput } from "../../machines/components/volume-chart/volume-chart.machine.ts";
import {
  type VolumeReport,
  type VolumeReportQuery,
  volumeReportSchema,
} from "../../protocol/objects/volume-report.schema.ts";
import type { Api } from "../../ui/frame/frame-context.tsx";
import { getParsed } from "./resource-client.ts";

export const VOLUME_REPORT_PATH = "/v1/reporting/volume";

/** The report's URL: its parameters in a fixed order, absent ones left out. */
export function volumeReportUrl(query: VolumeReportQuery): string {
  const params = new URLSearchParams({ report_name: query.report_name });
  if (query.interval_type) params.set("interval_type", query.interval_type);
  if (query.interval_start !== undefined)
    params.set("interval_start", String(query.interval_start));
  if (query.interval_end !== undefined) params.set("interval_end", String(query.interval_end));
  params.set("time_zone", query.time_zone);
  if (query.currency) params.set("currency", query.currency);
  return `${VOLUME_REPORT_PATH}?${params}`;
}

export const fetchReportActor = (api: Pick<Api, "get">) =>
  fromPromise<VolumeReport, FetchReportInput>(({ input, signal }) =>
    getParsed(api, volumeReportUrl(input.query), volumeReportSchema, signal),
  );

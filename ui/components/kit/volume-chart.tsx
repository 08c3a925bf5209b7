/**
 * The runner of a volume chart (`reporting-chart`, `earnings-chart`): the volume-chart machine
 * (machines/components/volume-chart/) run by `useComponentMachine` with the kit's
 * `fetchReport`, its snapshot given to `VolumeChartView`. A new query (the host changed an
 * attribute or a setter) is sent to the machine, which loads the report again.
 */
import { useEffect, useRef } from "react";
import { volumeChartMachine } from "../../../machines/components/volume-chart/volume-chart.machine.ts";
import { manifestEntry } from "../../../protocol/catalogue/manifest.ts";
import type { VolumeReportQuery } from "../../../protocol/objects/volume-report.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { requestIdOf } from "./resource-list.connect.ts";
import { type VolumeChartStatus, VolumeChartView } from "./volume-chart.view.tsx";

export interface VolumeChartRunnerProps extends ComponentViewProps {
  query: VolumeReportQuery;
  title: string;
  aspectRatio?: number | undefined;
}

/** The viewer's own IANA time zone (the periods are cut in it). */
export const viewerTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};

/** A setter's date (a Date, an ISO string or milliseconds) as Unix seconds; else undefined. */
export function secondsOf(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  const date =
    value instanceof Date
      ? value
      : typeof value === "string" || typeof value === "number"
        ? new Date(value)
        : null;
  const ms = date?.getTime();
  return ms === undefined || Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

export function VolumeChartRunner(props: VolumeChartRunnerProps) {
  const { query } = props;
  const { snapshot, send } = useComponentMachine(volumeChartMachine, {
    input: { query },
    view: props,
  });
  const key = JSON.stringify(query);
  const sent = useRef(key);
  useEffect(() => {
    if (sent.current === key) return;
    sent.current = key;
    send({ type: "query.change", query: JSON.parse(key) as VolumeReportQuery });
  }, [key, send]);
  const status: VolumeChartStatus = snapshot.matches("loaded")
    ? "loaded"
    : snapshot.matches("empty")
      ? "empty"
      : snapshot.matches("failed")
        ? "failed"
        : "loading";
  return (
    <VolumeChartView
      status={status}
      report={snapshot.context.report}
      title={props.title}
      aspectRatio={props.aspectRatio}
      errorText={manifestEntry(props.component)?.errorText ?? null}
      requestId={requestIdOf(snapshot.context.failure)}
      onRetry={() => send({ type: "retry" })}
    />
  );
}

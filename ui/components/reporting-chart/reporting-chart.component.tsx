/**
 * The reporting chart as the frame registers it: gross or net volume (`report-name`, gross by
 * default) per day, week or month (`interval-type`; the provider chooses it from the interval
 * when absent), over `intervalStart`–`intervalEnd` (each defaults to the first or last
 * payment). The provider sums it (`GET /v1/reporting/volume`); the kit's volume chart draws it.
 */
import { useIntl } from "react-intl";
import type { VolumeReportQuery } from "../../../protocol/objects/volume-report.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostProps } from "../../frame/frame-context.tsx";
import { volumeChartMessages as m } from "../kit/volume-chart.messages.ts";
import { secondsOf, VolumeChartRunner, viewerTimeZone } from "../kit/volume-chart.tsx";

export default function ReportingChart(props: ComponentViewProps) {
  const intl = useIntl();
  const host = useHostProps();
  const attributes = host?.attributes ?? {};
  const setters = host?.setters ?? {};
  const reportName = attributes["report-name"] === "net_volume" ? "net_volume" : "gross_volume";
  const intervalType = attributes["interval-type"];
  const start = secondsOf(setters.intervalStart);
  const end = secondsOf(setters.intervalEnd);
  const query: VolumeReportQuery = {
    report_name: reportName,
    ...(intervalType === "day" || intervalType === "week" || intervalType === "month"
      ? { interval_type: intervalType }
      : {}),
    ...(start === undefined ? {} : { interval_start: start }),
    ...(end === undefined ? {} : { interval_end: end }),
    time_zone: viewerTimeZone(),
  };
  const title = intl.formatMessage(reportName === "net_volume" ? m.netVolume : m.grossVolume);
  return <VolumeChartRunner {...props} query={query} title={title} />;
}

/**
 * A volume chart's view, pure: the provider's report as the kit's chart (uPlot, lazily) with
 * its total and its table of the same figures, or a loading placeholder, an empty state, or
 * the load failure with its retry and request reference. Used by `reporting-chart` and
 * `earnings-chart` (their runner is `volume-chart.tsx`).
 */
import { useIntl } from "react-intl";
import type { VolumeReport } from "../../../protocol/objects/volume-report.schema.ts";
import { formatMoney } from "../../i18n/format.ts";
import { kitMessages } from "../../i18n/messages.ts";
import { Chart } from "../../kit/chart.view.tsx";
import { EmptyState } from "../../kit/empty-state.view.tsx";
import { Skeleton } from "../../kit/skeleton.view.tsx";
import { LoadFailed } from "./load-failed.view.tsx";
import { volumeChartMessages as m } from "./volume-chart.messages.ts";

export type VolumeChartStatus = "loading" | "loaded" | "empty" | "failed";

export interface VolumeChartViewProps {
  status: VolumeChartStatus;
  report: VolumeReport | null;
  /** The chart's title (translated). */
  title: string;
  /** Width divided by height of the plot (`chart-aspect-ratio`). */
  aspectRatio?: number | undefined;
  /** The component's catalogue error text (English), shown translated on failure. */
  errorText: string | null;
  requestId: string | null;
  onRetry(): void;
}

export function VolumeChartView(props: VolumeChartViewProps) {
  const intl = useIntl();
  const { status, report, title } = props;
  if (status === "failed") {
    return (
      <LoadFailed errorText={props.errorText} requestId={props.requestId} onRetry={props.onRetry} />
    );
  }
  if (status === "loading" || !report) {
    return (
      <section className="volume-chart" aria-busy="true" aria-label={title}>
        <Skeleton lines={4} label={intl.formatMessage(kitMessages.loading)} />
      </section>
    );
  }
  if (status === "empty") {
    return (
      <section className="volume-chart" aria-label={title}>
        <EmptyState title={intl.formatMessage(m.empty)} headingLevel={2} />
      </section>
    );
  }
  const total = formatMoney(report.total, report.currency, intl.locale);
  return (
    <section className="volume-chart" aria-label={title} data-interval={report.interval_type}>
      <Chart
        title={
          <>
            <span>{title}</span>{" "}
            <span className="kit-body-sm kit-secondary-text">
              {intl.formatMessage(m.total, { total })}
            </span>
          </>
        }
        points={report.points.map((p) => ({ seconds: p.start, amount: p.amount }))}
        currency={report.currency}
        kind="area"
        valueLabel={intl.formatMessage(m.amount)}
        timeZone={report.time_zone}
        period={report.interval_type}
        {...(props.aspectRatio ? { aspectRatio: props.aspectRatio } : {})}
      />
    </section>
  );
}

/**
 * The earnings chart (internal) as the frame registers it: the account's net volume over all
 * its payments (the provider chooses the interval type), drawn by the kit's volume chart at
 * the host's `chart-aspect-ratio` (width ÷ height; absent, the chart's own height).
 */
import { useIntl } from "react-intl";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostProps } from "../../frame/frame-context.tsx";
import { volumeChartMessages as m } from "../kit/volume-chart.messages.ts";
import { VolumeChartRunner, viewerTimeZone } from "../kit/volume-chart.tsx";

export default function EarningsChart(props: ComponentViewProps) {
  const intl = useIntl();
  const ratio = Number(useHostProps()?.attributes["chart-aspect-ratio"]);
  return (
    <VolumeChartRunner
      {...props}
      query={{ report_name: "net_volume", time_zone: viewerTimeZone() }}
      title={intl.formatMessage(m.earnings)}
      aspectRatio={Number.isFinite(ratio) && ratio > 0 ? ratio : undefined}
    />
  );
}

/**
 * A line or area chart of amounts over time, one point per day, week or month. Its own entry:
 * import it from this file, not from the kit's index, so a frame without a chart does not
 * download it; the canvas itself (uPlot, `chart-plot.view.tsx`) is a further lazy chunk, so
 * the title, the summary and the table paint first.
 *
 * The canvas is decoration for sighted users: the same data is a text summary and a table
 * (behind a disclosure), which assistive technology reads instead.
 */
import { lazy, type ReactNode, Suspense, useId } from "react";
import { useIntl } from "react-intl";
import { formatMoney } from "../i18n/format.ts";
import { kitMessages } from "../i18n/messages.ts";
import type { ChartPeriod, ChartPoint } from "./chart.types.ts";
import { ScrollRegion } from "./scroll-region.view.tsx";

const ChartPlot = lazy(() => import("./chart-plot.view.tsx"));

export type { ChartPeriod, ChartPoint } from "./chart.types.ts";

export interface ChartProps {
  /** The chart's title (names the figure). */
  title: ReactNode;
  /** One point per period, in time order. */
  points: readonly ChartPoint[];
  /** Lower-case ISO currency of every amount. */
  currency: string;
  /** "area" fills under the line. */
  kind?: "line" | "area";
  /** Header of the amounts column in the table. */
  valueLabel: string;
  /** IANA zone the periods are shown in; default the browser's own. */
  timeZone?: string;
  /** Height of the plot in CSS pixels; the width follows the container. */
  height?: number;
  /** Width divided by height of the plot (then the height follows the width). */
  aspectRatio?: number;
  /** What one point stands for (the table's first column); default a day. */
  period?: ChartPeriod;
}

/** The summary's numbers: first and last day, lowest, highest and latest amount. */
export function chartSummary(points: readonly ChartPoint[]) {
  if (points.length === 0) return undefined;
  let low = points[0]!;
  let high = points[0]!;
  for (const p of points) {
    if (p.amount < low.amount) low = p;
    if (p.amount > high.amount) high = p;
  }
  return {
    start: points[0]!.seconds,
    end: points.at(-1)!.seconds,
    min: low.amount,
    max: high.amount,
    latest: points.at(-1)!.amount,
  };
}

/** How a period's start is written: a day or a week by its (first) day, a month by name. */
const periodFormat = (period: ChartPeriod): Intl.DateTimeFormatOptions =>
  period === "month" ? { month: "long", year: "numeric" } : { dateStyle: "medium" };

const periodHeader = {
  day: kitMessages.chartDay,
  week: kitMessages.chartWeek,
  month: kitMessages.chartMonth,
} as const;

export function Chart({
  title,
  points,
  currency,
  kind = "line",
  valueLabel,
  timeZone,
  height = 240,
  aspectRatio,
  period = "day",
}: ChartProps) {
  const intl = useIntl();
  const id = useId();
  const money = (amount: number) => formatMoney(amount, currency, intl.locale);
  const when = (seconds: number) =>
    intl.formatDate(new Date(seconds * 1000), { ...periodFormat(period), timeZone });
  const summary = chartSummary(points);

  return (
    <figure className="kit-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="kit-heading-sm">
        {title}
      </figcaption>
      <div
        className="kit-chart__plot"
        aria-hidden="true"
        style={aspectRatio ? { aspectRatio: String(aspectRatio) } : { minBlockSize: height }}
      >
        <Suspense fallback={null}>
          <ChartPlot
            points={points}
            currency={currency}
            kind={kind}
            timeZone={timeZone}
            period={period}
            height={height}
            aspectRatio={aspectRatio}
          />
        </Suspense>
      </div>
      {summary ? (
        <p className="kit-body-sm kit-secondary-text kit-chart__summary">
          {intl.formatMessage(kitMessages.chartSummary, {
            start: when(summary.start),
            end: when(summary.end),
            min: money(summary.min),
            max: money(summary.max),
            latest: money(summary.latest),
          })}
        </p>
      ) : null}
      <details className="kit-chart__data">
        <summary className="kit-body-sm">{intl.formatMessage(kitMessages.chartTable)}</summary>
        <ScrollRegion label={intl.formatMessage(kitMessages.chartTable)}>
          <table className="kit-table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(periodHeader[period])}</th>
                <th scope="col" className="kit-table__cell--end">
                  {valueLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.seconds}>
                  <th scope="row">{when(p.seconds)}</th>
                  <td className="kit-table__cell--end">{money(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
}

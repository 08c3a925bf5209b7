/**
 * A line or area chart of amounts over time, drawn by uPlot. Its own entry: import it from this
 * file, not from the kit's index, so a frame without a chart does not download uPlot. This is
 * the only file that touches uPlot (and the canvas).
 *
 * The canvas is decoration for sighted users: the same data is a text summary and a table
 * (behind a disclosure), which assistive technology reads instead.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useIntl } from "react-intl";
import uPlot from "uplot";
import { formatMoney } from "../i18n/format.ts";
import { kitMessages } from "../i18n/messages.ts";
import { cssVar } from "../theme/css.ts";

export interface ChartPoint {
  /** Unix seconds of the day (its start, in `timeZone`). */
  seconds: number;
  /** Integer minor units. */
  amount: number;
}

export interface ChartProps {
  /** The chart's title (names the figure). */
  title: ReactNode;
  /** One point per day, in time order. */
  points: readonly ChartPoint[];
  /** Lower-case ISO currency of every amount. */
  currency: string;
  /** "area" fills under the line. */
  kind?: "line" | "area";
  /** Header of the amounts column in the table. */
  valueLabel: string;
  /** IANA zone the days are shown in; default the browser's own. */
  timeZone?: string;
  /** Height of the plot in CSS pixels; the width follows the container. */
  height?: number;
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

/** The theme's colours and font as the canvas needs them (computed, not var() references). */
function themeOf(el: HTMLElement) {
  const style = getComputedStyle(el);
  const read = (name: Parameters<typeof cssVar>[0]) => style.getPropertyValue(cssVar(name)).trim();
  return {
    line: read("colorPrimary"),
    text: read("colorSecondaryText"),
    grid: read("colorBorder"),
    font: `${style.fontSize || "12px"} ${style.fontFamily || "sans-serif"}`,
  };
}

/** A colour at `alpha` opacity, via the canvas's own colour parser ("#635bff" → rgba). */
function withAlpha(color: string, alpha: number): string {
  const ctx = document.createElement("canvas").getContext("2d");
  if (!ctx) return color;
  ctx.fillStyle = color;
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(ctx.fillStyle);
  if (!hex) return color;
  const [r, g, b] = hex.slice(1).map((h) => Number.parseInt(h, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

const canDraw = () => {
  try {
    return typeof document !== "undefined" && !!document.createElement("canvas").getContext("2d");
  } catch {
    return false;
  }
};

export function Chart({
  title,
  points,
  currency,
  kind = "line",
  valueLabel,
  timeZone,
  height = 240,
}: ChartProps) {
  const intl = useIntl();
  const id = useId();
  const plotRef = useRef<HTMLDivElement>(null);
  const money = (amount: number) => formatMoney(amount, currency, intl.locale);
  const day = (seconds: number) =>
    intl.formatDate(new Date(seconds * 1000), { dateStyle: "medium", timeZone });
  const summary = chartSummary(points);
  // The latest formatting, for uPlot's callbacks.
  const format = useRef({ money, intl, timeZone });
  format.current = { money, intl, timeZone };

  // Rebuilt when the data, the kind, the size or the theme changes (checked after every render:
  // a theme switch re-renders without new props); resized with its container.
  const built = useRef<readonly unknown[]>([]);
  const plot = useRef<uPlot | null>(null);
  useEffect(() => {
    const el = plotRef.current;
    if (!el || !canDraw()) return;
    const theme = themeOf(el);
    const inputs = [JSON.stringify(theme), points, kind, height, currency];
    if (plot.current && inputs.every((x, i) => x === built.current[i])) return;
    built.current = inputs;
    plot.current?.destroy();
    const data: uPlot.AlignedData = [points.map((p) => p.seconds), points.map((p) => p.amount)];
    const axis = {
      stroke: theme.text,
      font: theme.font,
      grid: { stroke: theme.grid, width: 1 },
      ticks: { stroke: theme.grid, width: 1 },
    };
    const u = new uPlot(
      {
        width: Math.max(1, el.clientWidth),
        height,
        legend: { show: false },
        // The table and summary carry the values; no hover crosshair to keep in step.
        cursor: { show: false },
        scales: { x: { time: true } },
        series: [
          {},
          {
            stroke: theme.line,
            width: 2,
            fill: kind === "area" ? withAlpha(theme.line, 0.2) : undefined,
            points: { show: points.length <= 31 },
          },
        ],
        axes: [
          {
            ...axis,
            values: (_u, splits) =>
              splits.map((s) =>
                format.current.intl.formatDate(new Date(s * 1000), {
                  month: "short",
                  day: "numeric",
                  timeZone: format.current.timeZone,
                }),
              ),
          },
          {
            ...axis,
            values: (_u, splits) => splits.map((s) => format.current.money(Math.round(s))),
            size: (self, values) => {
              if (!values) return 48;
              self.ctx.font = theme.font;
              const widest = Math.max(...values.map((v) => self.ctx.measureText(v).width));
              return Math.ceil(widest) + 16;
            },
          },
        ],
      },
      data,
      el,
    );
    plot.current = u;
  });

  useEffect(
    () => () => {
      plot.current?.destroy();
      plot.current = null;
    },
    [],
  );

  useEffect(() => {
    const el = plotRef.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      plot.current?.setSize({ width: Math.max(1, el.clientWidth), height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [height]);

  return (
    <figure className="kit-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="kit-heading-sm">
        {title}
      </figcaption>
      <div ref={plotRef} className="kit-chart__plot" aria-hidden="true" />
      {summary ? (
        <p className="kit-body-sm kit-secondary-text kit-chart__summary">
          {intl.formatMessage(kitMessages.chartSummary, {
            start: day(summary.start),
            end: day(summary.end),
            min: money(summary.min),
            max: money(summary.max),
            latest: money(summary.latest),
          })}
        </p>
      ) : null}
      <details className="kit-chart__data">
        <summary className="kit-body-sm">{intl.formatMessage(kitMessages.chartTable)}</summary>
        <div className="kit-table-wrap">
          <table className="kit-table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(kitMessages.chartDay)}</th>
                <th scope="col" className="kit-table__cell--end">
                  {valueLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.seconds}>
                  <th scope="row">{day(p.seconds)}</th>
                  <td className="kit-table__cell--end">{money(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

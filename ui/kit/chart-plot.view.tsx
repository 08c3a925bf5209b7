/**
 * The chart's canvas, drawn by uPlot: the only file that touches uPlot (and the canvas). It
 * is its own lazy chunk (`chart.view.tsx` loads it with `React.lazy`), so a frame paints the
 * chart's title, summary and table first and downloads uPlot after. Decoration for sighted
 * users: the same figures are text and a table beside it.
 */
import { useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import uPlot from "uplot";
import { formatMoney } from "../i18n/format.ts";
import { cssVar } from "../theme/css.ts";
import type { ChartPeriod, ChartPoint } from "./chart.types.ts";

export interface ChartPlotProps {
  points: readonly ChartPoint[];
  currency: string;
  kind: "line" | "area";
  timeZone: string | undefined;
  period: ChartPeriod;
  /** Height in CSS pixels, unless `aspectRatio` gives it from the width. */
  height: number;
  /** Width divided by height; the height follows the container's width. */
  aspectRatio?: number | undefined;
}

/** Bounds of a height derived from an aspect ratio, in CSS pixels. */
const MIN_HEIGHT = 120;
const MAX_HEIGHT = 640;

/** The plot's height for a container `width` pixels wide. */
export function plotHeight(width: number, height: number, aspectRatio?: number): number {
  if (!aspectRatio || !(aspectRatio > 0)) return height;
  return Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, width / aspectRatio)));
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

/** The x axis's tick labels: days and weeks by day, months by month. */
const tickFormat = (period: ChartPeriod): Intl.DateTimeFormatOptions =>
  period === "month" ? { month: "short", year: "2-digit" } : { month: "short", day: "numeric" };

export default function ChartPlot({
  points,
  currency,
  kind,
  timeZone,
  period,
  height,
  aspectRatio,
}: ChartPlotProps) {
  const intl = useIntl();
  const plotRef = useRef<HTMLDivElement>(null);
  const money = (amount: number) => formatMoney(amount, currency, intl.locale);
  // The latest formatting, for uPlot's callbacks.
  const format = useRef({ money, intl, timeZone, period });
  format.current = { money, intl, timeZone, period };

  // Rebuilt when the data, the kind, the size or the theme changes (checked after every render:
  // a theme switch re-renders without new props); resized with its container.
  const built = useRef<readonly unknown[]>([]);
  const plot = useRef<uPlot | null>(null);
  useEffect(() => {
    const el = plotRef.current;
    if (!el || !canDraw()) return;
    const theme = themeOf(el);
    const inputs = [JSON.stringify(theme), points, kind, height, aspectRatio, currency, period];
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
    const width = Math.max(1, el.clientWidth);
    const u = new uPlot(
      {
        width,
        height: plotHeight(width, height, aspectRatio),
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
                  ...tickFormat(format.current.period),
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
      // Mounted by hand: uPlot tests its target with `instanceof HTMLElement`, which fails
      // for an element of another frame's realm (a debug tool's preview frame).
      (self, init) => {
        el.appendChild(self.root);
        init();
      },
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
      const width = Math.max(1, el.clientWidth);
      plot.current?.setSize({ width, height: plotHeight(width, height, aspectRatio) });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [height, aspectRatio]);

  return <div ref={plotRef} className="kit-chart__canvas" />;
}

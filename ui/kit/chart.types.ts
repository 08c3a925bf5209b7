/** The kit chart's data, shared by its view (`chart.view.tsx`) and its canvas (`chart-plot.view.tsx`). */

/** What one point stands for. */
export type ChartPeriod = "day" | "week" | "month";

export interface ChartPoint {
  /** Unix seconds of the period's start (in the chart's time zone). */
  seconds: number;
  /** Integer minor units. */
  amount: number;
}

/**
 * The reporting charts' one object (`GET /v1/reporting/volume`): gross or net payment volume
 * of the account in one currency, summed by the provider per day, week (ISO, from Monday) or
 * month of `time_zone`, one point per period from the period holding `interval_start` to the
 * one holding `interval_end` (periods without payments are zero).
 *
 * - `gross_volume`: the captured amount of each payment (`amount_captured`);
 * - `net_volume`: captured − refunded − the payment's fee (its balance transaction's `fee`),
 *
 * each counted in the period of the payment's `created` (a later refund lowers its payment's
 * period), and only for payments with something captured. `interval_start` / `interval_end`
 * are what was asked, or the first and last such payment when not asked; `null` (and no
 * points) when the account has none.
 */
import * as z from "zod/mini";
import { unixSecondsSchema } from "./api-fields.schema.ts";

export const volumeReportNames = ["gross_volume", "net_volume"] as const;
export type VolumeReportName = (typeof volumeReportNames)[number];
export const volumeIntervalTypes = ["day", "week", "month"] as const;
export type VolumeIntervalType = (typeof volumeIntervalTypes)[number];

export const volumePointSchema = z.strictObject({
  /** The period's first second (its start in `time_zone`), Unix seconds. */
  start: unixSecondsSchema,
  /** The next period's first second. */
  end: unixSecondsSchema,
  /** Integer minor units of `currency`. */
  amount: z.int(),
  /** The payments counted. */
  count: z.int(),
});
export type VolumePoint = z.output<typeof volumePointSchema>;

export const volumeReportSchema = z.strictObject({
  object: z.literal("volume_report"),
  report_name: z.enum(volumeReportNames),
  interval_type: z.enum(volumeIntervalTypes),
  interval_start: z.nullable(unixSecondsSchema),
  interval_end: z.nullable(unixSecondsSchema),
  /** The IANA zone the periods are cut in. */
  time_zone: z.string(),
  /** Lower-case ISO currency of every amount. */
  currency: z.string(),
  /** The sum of the points. */
  total: z.int(),
  points: z.array(volumePointSchema),
});
export type VolumeReport = z.output<typeof volumeReportSchema>;

/** The report's query, as the frames send it. */
export interface VolumeReportQuery {
  report_name: VolumeReportName;
  interval_type?: VolumeIntervalType;
  /** Unix seconds. */
  interval_start?: number;
  interval_end?: number;
  time_zone: string;
  currency?: string;
}

/** The account's payout schedule: how often automatic payouts run, and on which day. */
import * as z from "zod/mini";

export const payoutIntervals = ["manual", "daily", "weekly", "monthly"] as const;
export type PayoutInterval = (typeof payoutIntervals)[number];

export const weekdays = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof weekdays)[number];

export const payoutScheduleSchema = z.strictObject({
  object: z.literal("payout_schedule"),
  account: z.string(),
  interval: z.enum(payoutIntervals),
  delay_days: z.int(),
  weekly_anchor: z.nullable(z.enum(weekdays)),
  monthly_anchor: z.nullable(z.int()),
  /**
   * The start (UTC) of the next day the schedule pays out, after today's automatic payout;
   * null on a manual schedule.
   */
  next_payout_date: z.nullable(z.int()),
});
export type PayoutSchedule = z.output<typeof payoutScheduleSchema>;

/** The delay before a charge's funds are available, in days. */
export const delayDaysRange = { min: 2, max: 30 } as const;

/**
 * The body of `POST /v1/payout_schedule` that the schedule editor sends: a day that does not
 * exist (a 32nd, a weekday by another name) is refused before anything is sent, and by the
 * provider with the same `param`.
 */
export const payoutScheduleParamsSchema = z.strictObject({
  interval: z.enum(payoutIntervals),
  delay_days: z.int().check(z.minimum(delayDaysRange.min), z.maximum(delayDaysRange.max)),
  weekly_anchor: z.optional(z.enum(weekdays)),
  monthly_anchor: z.optional(z.int().check(z.minimum(1), z.maximum(31))),
});
export type PayoutScheduleParams = z.output<typeof payoutScheduleParamsSchema>;

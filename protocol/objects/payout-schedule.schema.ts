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
});
export type PayoutSchedule = z.output<typeof payoutScheduleSchema>;

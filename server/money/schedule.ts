/**
 * The payout schedule of an account: how often automatic payouts run (manual, daily, weekly,
 * monthly) and `delay_days`, how long a charge's funds stay pending. An account without a
 * row has the default schedule.
 */
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../db/schema.ts";
import { DAY, startOfDay } from "./ledger.ts";
import type { PayoutSchedulesTable } from "./money.tables.ts";

export type PayoutSchedule = Omit<Selectable<PayoutSchedulesTable>, "updated">;

export const defaultDelayDays = 2;

export async function payoutScheduleOf(
  db: Kysely<Database>,
  accountId: string,
): Promise<PayoutSchedule> {
  const row = await db
    .selectFrom("payout_schedules")
    .select(["account_id", "interval", "delay_days", "weekly_anchor", "monthly_anchor"])
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return (
    row ?? {
      account_id: accountId,
      interval: "daily",
      delay_days: defaultDelayDays,
      weekly_anchor: null,
      monthly_anchor: null,
    }
  );
}

const weekdayIndex: Record<string, number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};

/** Whether the schedule pays out on the (UTC) day of `now`. */
export function isPayoutDay(
  schedule: { interval: string; weekly_anchor: string | null; monthly_anchor: number | null },
  now: number,
): boolean {
  const day = new Date(now * 1000);
  switch (schedule.interval) {
    case "daily":
      return true;
    case "weekly":
      return day.getUTCDay() === weekdayIndex[schedule.weekly_anchor ?? "monday"];
    case "monthly": {
      // An anchor past the month's end (31 in April) pays on its last day.
      const last = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();
      return day.getUTCDate() === Math.min(schedule.monthly_anchor ?? 1, last);
    }
    default:
      return false;
  }
}

/**
 * The start (UTC) of the next day after `now`'s that the schedule pays out on (the sandbox
 * clock makes a day's automatic payout as it enters the day), or null on a manual schedule.
 */
export function nextPayoutDate(
  schedule: { interval: string; weekly_anchor: string | null; monthly_anchor: number | null },
  now: number,
): number | null {
  if (schedule.interval === "manual") return null;
  const today = startOfDay(now);
  // Every schedule pays out within 31 days (a monthly anchor past a month's end pays on its last day).
  for (let days = 1; days <= 31; days++) {
    if (isPayoutDay(schedule, today + days * DAY)) return today + days * DAY;
  }
  return null;
}

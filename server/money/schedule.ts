/**
 * The payout schedule of an account: how often automatic payouts run (manual, daily, weekly,
 * monthly) and `delay_days`, how long a charge's funds stay pending. An account without a
 * row has the default schedule.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { PayoutSchedule } from "./render.ts";

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

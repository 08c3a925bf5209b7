/**
 * Making a payout, for the endpoint and for the payout schedule. A payout debits the
 * available balance at once (a `payout` ledger row of -amount, with the instant fee if any)
 * and is refused with `balance_insufficient`, writing nothing, when the funds are short; an
 * instant payout is limited by instant_available. Call inside a transaction that locked the
 * account (`lockAccount`). A payout to a failing destination fails once submitted
 * (`payout-failures.ts`).
 */
import type { Kysely, Transaction } from "kysely";
import type { PayoutMethod } from "../../protocol/objects/payout.schema.ts";
import {
  destinationOrRefusal,
  type PayoutDestination,
  payoutDestination,
  requirePayoutDestination,
} from "../accounts/destination.ts";
import type { Database } from "../db/schema.ts";
import { invalidRequest } from "../http/errors.ts";
import { newId } from "../http/secrets.ts";
import type { Acting } from "./access.ts";
import {
  balanceOf,
  DAY,
  lockAccount,
  newLedgerId,
  refuseShortFunds,
  requireFunds,
  startOfDay,
  summarizeBalance,
  withLedgerEntry,
} from "./ledger.ts";
import { instantPayoutFee } from "./payment-methods.ts";
import { writePayoutFailures } from "./payout-failures.ts";
import type { PayoutRow } from "./render.ts";
import { isPayoutDay, payoutScheduleOf } from "./schedule.ts";

/** Whether the schedule pays out on a day (`schedule.ts`, beside the schedule it reads). */
export { isPayoutDay };

/** Standard payouts arrive this many days after the day they are made. */
export const standardArrivalDays = 2;
export const instantArrivalSeconds = 30 * 60;

export interface PayoutInput {
  amount: number;
  currency: string;
  method: PayoutMethod;
  automatic: boolean;
  description: string | null;
  statementDescriptor: string | null;
  metadata: Record<string, string>;
  now: number;
}

/**
 * What the caller already read in the locked transaction (`readMoney`): the currency's
 * default external account and its lowest available balance ahead of now.
 */
export interface PayoutKnown {
  destination: PayoutDestination | null;
  lowestAhead: number;
}

export async function createPayout(
  trx: Transaction<Database>,
  acting: Acting,
  input: PayoutInput,
  known?: PayoutKnown,
): Promise<PayoutRow> {
  const { amount, currency, now } = input;
  const instant = input.method === "instant";
  const fee = instant ? instantPayoutFee(amount) : 0;
  // The default external account for the currency; none refuses the payout, writing nothing.
  const destination = known
    ? destinationOrRefusal(known.destination, currency)
    : await requirePayoutDestination(trx, acting.accountId, currency, now);
  // instant_available never exceeds the lowest balance ahead, so it covers both checks.
  if (instant) {
    const balance = await balanceOf(trx, acting.accountId, acting.livemode, now);
    const limit = balance.instant_available.find((m) => m.currency === currency)?.amount ?? 0;
    if (amount + fee > limit) {
      throw invalidRequest(
        `Insufficient funds for an instant payout: it needs ${amount + fee} ${currency} (amount and fee), and instant_available is ${limit} ${currency}.`,
        { code: "balance_insufficient", param: "amount" },
      );
    }
  } else if (known) {
    refuseShortFunds({ amount, currency, lowest: known.lowestAhead, param: "amount" });
  } else {
    await requireFunds(trx, {
      accountId: acting.accountId,
      currency,
      amount,
      from: now,
      param: "amount",
    });
  }
  const id = newId("po");
  const balanceTransaction = newLedgerId();
  // The ledger row, its day and the payout in one statement.
  const row = await withLedgerEntry(
    trx,
    {
      ...acting,
      amount: -amount,
      fee,
      currency,
      type: "payout",
      reportingCategory: "payout",
      source: id,
      description: input.description,
      availableOn: now,
      created: now,
    },
    balanceTransaction,
  )
    .insertInto("payouts")
    .values({
      id,
      account_id: acting.accountId,
      livemode: acting.livemode,
      amount,
      currency,
      method: input.method,
      automatic: input.automatic,
      destination: destination.id,
      failure_code: destination.payoutFailureCode,
      failure_balance_transaction: null,
      description: input.description,
      statement_descriptor: input.statementDescriptor,
      metadata: JSON.stringify(input.metadata),
      balance_transaction: balanceTransaction,
      reversal: null,
      submitted_at: instant ? now : startOfDay(now) + DAY,
      arrival_date: instant
        ? now + instantArrivalSeconds
        : startOfDay(now) + standardArrivalDays * DAY,
      canceled_at: null,
      created: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // An instant payout is submitted at once: to a failing destination it fails at once.
  if (row.failure_code === null || row.submitted_at > now) return row;
  await writePayoutFailures(trx, acting, now);
  return trx.selectFrom("payouts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/**
 * The automatic payouts of one account on the day of `now` (for the sandbox clock and the
 * seed): when the schedule pays out that day and no automatic payout was made yet that day,
 * one standard payout per currency of everything that is available and stays so.
 */
export async function runAutomaticPayouts(
  db: Kysely<Database>,
  acting: Acting,
  now: number,
): Promise<PayoutRow[]> {
  const schedule = await payoutScheduleOf(db, acting.accountId);
  if (!isPayoutDay(schedule, now)) return [];
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, acting.accountId);
    await writePayoutFailures(trx, acting, now);
    const already = await trx
      .selectFrom("payouts")
      .select("id")
      .where("account_id", "=", acting.accountId)
      .where("automatic", "=", true)
      .where("created", ">=", startOfDay(now))
      .executeTakeFirst();
    if (already) return [];
    const made: PayoutRow[] = [];
    for (const { currency, lowestAhead } of await summarizeBalance(trx, acting.accountId, now)) {
      if (lowestAhead <= 0) continue;
      // Automatic payouts wait until the currency has a payout destination.
      if ((await payoutDestination(trx, acting.accountId, currency, now)) === null) continue;
      made.push(
        await createPayout(trx, acting, {
          amount: lowestAhead,
          currency,
          method: "standard",
          automatic: true,
          description: "Automatic payout",
          statementDescriptor: null,
          metadata: {},
          now,
        }),
      );
    }
    return made;
  });
}

/**
 * Failed payouts (sandbox). A payout to an external account with a payout failure code
 * (a magic account number, server/README.md) is pending and cancelable like any other; once
 * submitted the bank returns it: its status is `failed` from `submitted_at` on, and a
 * `payout_failure` ledger row dated `submitted_at` gives the amount (and any instant fee)
 * back to the balance. That row is written, with the payout's `failure_balance_transaction`,
 * in one transaction the first time the account's money is read or moved after that moment
 * (`settlePayoutFailures`), so the clock, real or simulated, fails payouts without a job.
 */
import type { Kysely, Transaction } from "kysely";
import type { PayoutFailureCode } from "../../protocol/objects/payout.schema.ts";
import type { Database } from "../db/schema.ts";
import type { Acting } from "./access.ts";
import { lockAccount, writeEntry } from "./ledger.ts";

export const payoutFailureMessages: Readonly<Record<PayoutFailureCode, string>> = {
  account_closed: "The bank account has been closed.",
  no_account: "The bank account details on file probably are incorrect: no account was found.",
  could_not_process: "The bank could not process this payout.",
};

/** The account's payouts whose failure is due and not yet written (also read by `readMoney`). */
export const dueFailures = (db: Kysely<Database>, accountId: string, now: number) =>
  db
    .selectFrom("payouts")
    .where("account_id", "=", accountId)
    .where("failure_code", "is not", null)
    .where("failure_balance_transaction", "is", null)
    .where("canceled_at", "is", null)
    .where("submitted_at", "<=", now);

/**
 * Writes the `payout_failure` rows of the account's payouts submitted by `now` to a failing
 * destination. Call inside a transaction that locked the account (`lockAccount`).
 */
export async function writePayoutFailures(
  trx: Transaction<Database>,
  acting: Acting,
  now: number,
): Promise<number> {
  const payouts = await dueFailures(trx, acting.accountId, now)
    .select(["id", "currency", "balance_transaction", "submitted_at"])
    .forUpdate()
    .execute();
  for (const payout of payouts) {
    const debit = await trx
      .selectFrom("balance_transactions")
      .select(["amount", "fee"])
      .where("id", "=", payout.balance_transaction)
      .executeTakeFirstOrThrow();
    const credit = await writeEntry(trx, {
      ...acting,
      amount: -debit.amount,
      fee: -debit.fee,
      currency: payout.currency,
      type: "payout_failure",
      reportingCategory: "payout_reversal",
      source: payout.id,
      description: `Failed payout ${payout.id}`,
      availableOn: payout.submitted_at,
      created: payout.submitted_at,
    });
    await trx
      .updateTable("payouts")
      .set({ failure_balance_transaction: credit })
      .where("id", "=", payout.id)
      .execute();
  }
  return payouts.length;
}

/**
 * Settles the account's due payout failures before its money is read: one indexed query
 * when there is none; else one transaction that locks the account and writes them.
 */
export async function settlePayoutFailures(
  db: Kysely<Database>,
  acting: Acting,
  now: number,
): Promise<void> {
  const any = await dueFailures(db, acting.accountId, now).select("id").executeTakeFirst();
  if (!any) return;
  await db.transaction().execute(async (trx) => {
    await lockAccount(trx, acting.accountId);
    await writePayoutFailures(trx, acting, now);
  });
}

/**
 * Failed payouts (sandbox): an external account may be one whose payouts the bank returns
 * (`payout_failure_code`, from a magic account number, server/README.md); a payout to it
 * carries the code from its creation and fails once submitted, when the `payout_failure`
 * ledger row that returns the money is written (`failure_balance_transaction`).
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("external_accounts")
    .addColumn("payout_failure_code", "text")
    .execute();
  await db.schema.alterTable("payouts").addColumn("failure_code", "text").execute();
  await db.schema.alterTable("payouts").addColumn("failure_balance_transaction", "text").execute();
  // The payouts that are to fail and are not settled yet: found without reading the others.
  await db.schema
    .createIndex("payouts_failing")
    .on("payouts")
    .columns(["account_id", "submitted_at"])
    .where(sql.ref("failure_code"), "is not", null)
    .where(sql.ref("failure_balance_transaction"), "is", null)
    .where(sql.ref("canceled_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("payouts_failing").execute();
  await db.schema.alterTable("payouts").dropColumn("failure_balance_transaction").execute();
  await db.schema.alterTable("payouts").dropColumn("failure_code").execute();
  await db.schema.alterTable("external_accounts").dropColumn("payout_failure_code").execute();
}

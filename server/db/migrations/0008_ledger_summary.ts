/**
 * The ledger's daily summary (`balance_daily`): per account, currency and UTC day of
 * `available_on`, the net of the day's balance transactions, the lowest running total within
 * the day (`low`, over its distinct `available_on` moments, relative to the day's opening) and
 * the day's first and last moments. The balance and the funds check read these O(days) rows
 * instead of every ledger row; `server/money/ledger.ts` keeps them true in the transaction
 * of each ledger insert. Existing rows are summarised here.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("balance_daily")
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("day", "int8", (c) => c.notNull())
    .addColumn("net", "int8", (c) => c.notNull())
    .addColumn("low", "int8", (c) => c.notNull())
    .addColumn("first_at", "int8", (c) => c.notNull())
    .addColumn("last_at", "int8", (c) => c.notNull())
    .addPrimaryKeyConstraint("balance_daily_pk", ["account_id", "currency", "day"])
    .addCheckConstraint(
      "balance_daily_moments",
      sql`day <= first_at and first_at <= last_at and last_at < day + 86400 and low <= net`,
    )
    .execute();

  await sql`
    insert into balance_daily (account_id, currency, day, net, low, first_at, last_at)
    select account_id, currency, day, sum(net), min(running), min(available_on), max(available_on)
    from (
      select account_id, currency, available_on, net, day,
        sum(net) over (partition by account_id, currency, day order by available_on) as running
      from (
        select account_id, currency, available_on, net,
          available_on - (((available_on % 86400) + 86400) % 86400) as day
        from balance_transactions
      ) dated
    ) moments
    group by account_id, currency, day
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("balance_daily").ifExists().execute();
}

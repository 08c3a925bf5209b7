/**
 * Top-ups (`tu_`): money an account adds to its balance from its payout bank account. Each
 * writes a `topup` ledger row in its own transaction; the row is pending until
 * `available_on` (the top-up's expected availability), then available, so the clock moves it.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("topups")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("livemode", "boolean", (c) => c.notNull())
    .addColumn("amount", "int8", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull().references("external_accounts.id"))
    .addColumn("balance_transaction", "text", (c) =>
      c.notNull().references("balance_transactions.id"),
    )
    .addColumn("description", "text")
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("available_on", "int8", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("topups_account_created")
    .on("topups")
    .columns(["account_id", "created desc", "id desc"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("topups").execute();
}

/**
 * The money core: charges, refunds, disputes, payouts, payout schedules and the ledger
 * (`balance_transactions`). Balances are never stored: they are sums over the ledger.
 * Checks keep every row self-consistent even if code forgets (net = amount - fee, refunds
 * never above the captured amount).
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("balance_transactions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("livemode", "boolean", (c) => c.notNull())
    .addColumn("amount", "int8", (c) => c.notNull())
    .addColumn("fee", "int8", (c) => c.notNull())
    .addColumn("net", "int8", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("reporting_category", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("available_on", "int8", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .addCheckConstraint("balance_transactions_net", sql`net = amount - fee`)
    .execute();
  await db.schema
    .createIndex("balance_transactions_account_created")
    .on("balance_transactions")
    .columns(["account_id", "created desc", "id desc"])
    .execute();
  await db.schema
    .createIndex("balance_transactions_account_available")
    .on("balance_transactions")
    .columns(["account_id", "currency", "available_on"])
    .execute();

  await db.schema
    .createTable("charges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("livemode", "boolean", (c) => c.notNull())
    .addColumn("amount", "int8", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("amount_captured", "int8", (c) => c.notNull())
    .addColumn("amount_refunded", "int8", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("captured", "boolean", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('succeeded', 'pending', 'failed')`),
    )
    .addColumn("customer_email", "text")
    .addColumn("customer_name", "text")
    .addColumn("payment_method", "text", (c) => c.notNull())
    .addColumn("payment_method_details", "jsonb", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("failure_code", "text")
    .addColumn("failure_message", "text")
    .addColumn("balance_transaction", "text", (c) => c.references("balance_transactions.id"))
    .addColumn("created", "int8", (c) => c.notNull())
    .addCheckConstraint(
      "charges_amounts",
      sql`amount_captured <= amount and amount_refunded <= amount_captured and amount_refunded >= 0`,
    )
    .execute();
  await db.schema
    .createIndex("charges_account_created")
    .on("charges")
    .columns(["account_id", "created desc", "id desc"])
    .execute();

  await db.schema
    .createTable("refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("livemode", "boolean", (c) => c.notNull())
    .addColumn("charge", "text", (c) => c.notNull().references("charges.id"))
    .addColumn("amount", "int8", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("balance_transaction", "text", (c) =>
      c.notNull().references("balance_transactions.id"),
    )
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("refunds_account_created")
    .on("refunds")
    .columns(["account_id", "created desc", "id desc"])
    .execute();

  await db.schema
    .createTable("disputes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("livemode", "boolean", (c) => c.notNull())
    // One dispute per charge.
    .addColumn("charge", "text", (c) => c.notNull().unique().references("charges.id"))
    .addColumn("amount", "int8", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("evidence", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("evidence_submitted_at", "int8")
    .addColumn("due_by", "int8", (c) => c.notNull())
    .addColumn("withdrawal", "text", (c) => c.references("balance_transactions.id"))
    .addColumn("reinstatement", "text", (c) => c.references("balance_transactions.id"))
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("disputes_account_created")
    .on("disputes")
    .columns(["account_id", "created desc", "id desc"])
    .execute();

  await db.schema
    .createTable("payouts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("livemode", "boolean", (c) => c.notNull())
    .addColumn("amount", "int8", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull().check(sql`method in ('standard', 'instant')`))
    .addColumn("automatic", "boolean", (c) => c.notNull())
    .addColumn("destination", "text")
    .addColumn("description", "text")
    .addColumn("statement_descriptor", "text")
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("balance_transaction", "text", (c) =>
      c.notNull().references("balance_transactions.id"),
    )
    .addColumn("reversal", "text", (c) => c.references("balance_transactions.id"))
    .addColumn("submitted_at", "int8", (c) => c.notNull())
    .addColumn("arrival_date", "int8", (c) => c.notNull())
    .addColumn("canceled_at", "int8")
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("payouts_account_created")
    .on("payouts")
    .columns(["account_id", "created desc", "id desc"])
    .execute();

  await db.schema
    .createTable("payout_schedules")
    .addColumn("account_id", "text", (c) => c.primaryKey().references("accounts.id"))
    .addColumn("interval", "text", (c) =>
      c.notNull().check(sql`"interval" in ('manual', 'daily', 'weekly', 'monthly')`),
    )
    .addColumn("delay_days", "integer", (c) => c.notNull())
    .addColumn("weekly_anchor", "text")
    .addColumn("monthly_anchor", "integer")
    .addColumn("updated", "int8", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "payout_schedules",
    "payouts",
    "disputes",
    "refunds",
    "charges",
    "balance_transactions",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

/**
 * The account model: business type and profile, company, capabilities and terms-of-service
 * acceptance on the account; persons (including the account's individual); external accounts
 * (bank accounts and debit cards, one default per currency); risk interventions.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("accounts")
    .addColumn("business_type", "text", (c) =>
      c.check(sql`business_type in ('individual', 'company', 'non_profit', 'government_entity')`),
    )
    .addColumn("business_profile", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("company", "jsonb")
    .addColumn("capabilities", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("tos_acceptance", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  await db.schema
    .createTable("persons")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("is_individual", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("dob", "jsonb")
    .addColumn("address", "jsonb")
    .addColumn("relationship", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("id_number_provided", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("id_number_last4", "text")
    .addColumn("ssn_last_4_provided", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("verification", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created", "int8", (c) => c.notNull())
    .addColumn("deleted_at", "int8")
    .addCheckConstraint(
      "persons_last4",
      sql`id_number_last4 is null or length(id_number_last4) <= 4`,
    )
    .execute();
  await db.schema
    .createIndex("persons_account_created")
    .on("persons")
    .columns(["account_id", "created desc", "id desc"])
    .execute();
  await db.schema
    .createIndex("persons_one_individual")
    .on("persons")
    .column("account_id")
    .unique()
    .where(sql.ref("is_individual"), "=", true)
    .execute();

  await db.schema
    .createTable("external_accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("object", "text", (c) => c.notNull().check(sql`object in ('bank_account', 'card')`))
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("default_for_currency", "boolean", (c) => c.notNull())
    .addColumn("last4", "text", (c) => c.notNull().check(sql`length(last4) = 4`))
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("account_holder_name", "text")
    .addColumn("account_holder_type", "text", (c) =>
      c.check(sql`account_holder_type in ('individual', 'company')`),
    )
    .addColumn("routing_number", "text")
    .addColumn("bank_name", "text")
    .addColumn("bank_outcome", "text", (c) =>
      c.check(sql`bank_outcome in ('validated', 'verified', 'errored')`),
    )
    .addColumn("brand", "text")
    .addColumn("exp_month", "int4")
    .addColumn("exp_year", "int4")
    .addColumn("funding", "text", (c) => c.check(sql`funding = 'debit'`))
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created", "int8", (c) => c.notNull())
    .addColumn("deleted_at", "int8")
    .execute();
  await db.schema
    .createIndex("external_accounts_account_created")
    .on("external_accounts")
    .columns(["account_id", "created desc", "id desc"])
    .execute();
  // Exactly one default per currency: at most one here, at least one kept by the code.
  await db.schema
    .createIndex("external_accounts_one_default")
    .on("external_accounts")
    .columns(["account_id", "currency"])
    .unique()
    .where(sql<boolean>`default_for_currency and deleted_at is null`)
    .execute();

  await db.schema
    .createTable("risk_interventions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("disabled_reason", "text", (c) =>
      c.check(sql`disabled_reason in ('under_review', 'rejected.fraud', 'rejected.other')`),
    )
    .addColumn("deadline", "int8")
    .addColumn("created", "int8", (c) => c.notNull())
    .addColumn("resolved_at", "int8")
    .execute();
  await db.schema
    .createIndex("risk_interventions_account")
    .on("risk_interventions")
    .columns(["account_id", "created"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("risk_interventions").execute();
  await db.schema.dropTable("external_accounts").execute();
  await db.schema.dropTable("persons").execute();
  await db.schema
    .alterTable("accounts")
    .dropColumn("business_type")
    .dropColumn("business_profile")
    .dropColumn("company")
    .dropColumn("capabilities")
    .dropColumn("tos_acceptance")
    .execute();
}

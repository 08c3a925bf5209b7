/** Platforms, their keys, connected accounts, account sessions, issued keys, idempotency. */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("platforms")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("business_name", "text")
    .addColumn("nickname", "text")
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("support_email", "text")
    .addColumn("brand_accent_color", "text")
    .addColumn("express_color", "text")
    .addColumn("support_site_base_url", "text")
    .addColumn("application_id", "text")
    .addColumn("application_name", "text")
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("api_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('secret', 'publishable')`))
    .addColumn("livemode", "boolean", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("last4", "text", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .addColumn("revoked_at", "int8")
    .execute();
  await db.schema.createIndex("api_keys_platform").on("api_keys").column("platform_id").execute();

  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("type", "text", (c) =>
      c.notNull().check(sql`type in ('custom', 'express', 'standard')`),
    )
    .addColumn("livemode", "boolean", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("default_currency", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("business_name", "text")
    .addColumn("details_submitted", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("charges_enabled", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("payouts_enabled", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("has_rft_in_livemode", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("provider_owns_loss_liability", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("provider_owns_onboarding", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("provider_owns_pricing", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_controlled_by_single_platform", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created", "int8", (c) => c.notNull())
    .addColumn("deleted_at", "int8")
    .execute();
  // Keyset pagination: newest first by (created, id) within a platform.
  await db.schema
    .createIndex("accounts_platform_created")
    .on("accounts")
    .columns(["platform_id", "created desc", "id desc"])
    .execute();

  await db.schema
    .createTable("account_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("livemode", "boolean", (c) => c.notNull())
    .addColumn("client_secret_hash", "text", (c) => c.notNull().unique())
    .addColumn("components", "jsonb", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .addColumn("expires_at", "int8", (c) => c.notNull())
    .addColumn("claimed_at", "int8")
    .execute();

  await db.schema
    .createTable("session_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(sql`kind in ('account_session', 'user', 'external_account', 'embedded_flags')`),
    )
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.references("accounts.id"))
    .addColumn("account_session_id", "text", (c) => c.references("account_sessions.id"))
    .addColumn("livemode", "boolean", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .addColumn("expires_at", "int8", (c) => c.notNull())
    .addColumn("revoked_at", "int8")
    .execute();

  await db.schema
    .createTable("idempotency_keys")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("params_hash", "text", (c) => c.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_body", "text")
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .addColumn("expires_at", "int8", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["scope", "key"])
    .execute();
  await db.schema
    .createIndex("idempotency_keys_expires")
    .on("idempotency_keys")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "idempotency_keys",
    "session_keys",
    "account_sessions",
    "accounts",
    "api_keys",
    "platforms",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

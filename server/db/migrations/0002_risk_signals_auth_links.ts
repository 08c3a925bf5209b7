/** Risk-signal collections and embedded authentication links of account sessions. */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("risk_signals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("account_session_id", "text", (c) => c.references("account_sessions.id"))
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("embedded_authentication_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("account_session_id", "text", (c) => c.references("account_sessions.id"))
    .addColumn("created", "int8", (c) => c.notNull())
    .addColumn("expires_at", "int8", (c) => c.notNull())
    .addColumn("used_at", "int8")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("embedded_authentication_links").ifExists().execute();
  await db.schema.dropTable("risk_signals").ifExists().execute();
}

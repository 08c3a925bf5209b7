/**
 * The sandbox's external-account challenge (issue 14 item 3, docs/security.md): a six-digit
 * code for one account session, addressed to a provider user of the account (the signed-in
 * one, else the primary user; none when the account has no user, and then only the
 * platform's test helper shows it). At most 5 attempts; one success. The code is kept as
 * it is because the sandbox delivers it by showing it (dashboard host, test helper) — the
 * stand-in for the text message a live provider would send. External-account keys record
 * the user they were minted for (session_keys.user_id).
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("external_account_challenges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("account_session_id", "text", (c) => c.notNull().references("account_sessions.id"))
    .addColumn("user_id", "text", (c) => c.references("users.id"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("attempts", "int4", (c) => c.notNull().defaultTo(0))
    .addColumn("created", "int8", (c) => c.notNull())
    .addColumn("expires_at", "int8", (c) => c.notNull())
    .addColumn("succeeded_at", "int8")
    .execute();
  await db.schema
    .createIndex("external_account_challenges_session")
    .on("external_account_challenges")
    .columns(["account_session_id", "created"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("external_account_challenges").ifExists().execute();
}

/**
 * The user claim of account onboarding (issue 12 item 2, `server/users/claim.ts`): a pending
 * claim of an account that has no provider user yet — the email and the password's hash the
 * person chose, and the six-digit code sent to that email. At most 5 attempts; expires after
 * 30 minutes; a new claim ends the account's earlier one. The code is kept as it is because
 * the sandbox delivers it by showing it (its test helper), the stand-in for the email a live
 * provider would send. The user is made only when the code is answered.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("account_claims")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("account_session_id", "text", (c) => c.references("account_sessions.id"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("attempts", "int4", (c) => c.notNull().defaultTo(0))
    .addColumn("created", "int8", (c) => c.notNull())
    .addColumn("expires_at", "int8", (c) => c.notNull())
    .addColumn("succeeded_at", "int8")
    .execute();
  await db.schema
    .createIndex("account_claims_account")
    .on("account_claims")
    .columns(["account_id", "created"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("account_claims").ifExists().execute();
}

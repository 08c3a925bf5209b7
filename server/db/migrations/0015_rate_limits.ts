/**
 * Rate limits (issue 14 items 4 and 9, docs/security.md): one counter per scope, raised by
 * one atomic upsert (`server/http/rate-limit.ts`), so parallel requests cannot pass a limit.
 * The sign-in limits (an account and a client address, an account, a client address, one
 * password's bucket) replace the failure log of 0009, whose count-then-insert was not
 * atomic; the telemetry intake counts its writers here too. Scopes are kept as hashes: no
 * email, address or password in the clear.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("scope_hash", "text", (c) => c.primaryKey())
    .addColumn("window_start", "int8", (c) => c.notNull())
    .addColumn("attempts", "int4", (c) => c.notNull())
    .execute();
  await db.schema.dropTable("sign_in_attempts").ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sign_in_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email_hash", "text", (c) => c.notNull())
    .addColumn("client_hash", "text", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  await db.schema.dropTable("rate_limits").ifExists().execute();
}

/**
 * Uploaded files (the files host), and the provider user's sign-in: failed attempts for the
 * rate limit (by email and client address), and dashboard sessions behind an HttpOnly cookie.
 * All of it lives in the database, so a second process needs nothing in memory.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.references("accounts.id"))
    .addColumn("livemode", "boolean", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("size", "int8", (c) => c.notNull())
    .addColumn("content", "bytea", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("files_owner")
    .on("files")
    .columns(["platform_id", "account_id", "created", "id"])
    .execute();

  await db.schema
    .createTable("sign_in_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** sha-256 of the lower-cased email and of the client address: no plain emails kept. */
    .addColumn("email_hash", "text", (c) => c.notNull())
    .addColumn("client_hash", "text", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sign_in_attempts_lookup")
    .on("sign_in_attempts")
    .columns(["email_hash", "client_hash", "created"])
    .execute();

  await db.schema
    .createTable("dashboard_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("created", "int8", (c) => c.notNull())
    .addColumn("expires_at", "int8", (c) => c.notNull())
    .addColumn("revoked_at", "int8")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("dashboard_sessions").ifExists().execute();
  await db.schema.dropTable("sign_in_attempts").ifExists().execute();
  await db.schema.dropTable("files").ifExists().execute();
}

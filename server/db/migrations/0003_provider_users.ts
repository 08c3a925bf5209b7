/** Provider users (dashboard users), their access to accounts, and refresh tokens. */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text")
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("account_users")
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("is_primary", "boolean", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .addPrimaryKeyConstraint("account_users_pk", ["account_id", "user_id"])
    .execute();
  await db.schema
    .alterTable("session_keys")
    .addColumn("user_id", "text", (c) => c.references("users.id"))
    .execute();
  await db.schema
    .createTable("user_refresh_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("created", "int8", (c) => c.notNull())
    .addColumn("expires_at", "int8", (c) => c.notNull())
    .addColumn("revoked_at", "int8")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("user_refresh_tokens").ifExists().execute();
  await db.schema.alterTable("session_keys").dropColumn("user_id").execute();
  await db.schema.dropTable("account_users").ifExists().execute();
  await db.schema.dropTable("users").ifExists().execute();
}

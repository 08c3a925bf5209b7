/**
 * Refresh-token rotation (issue 14 item 5, docs/security.md): every token belongs to a
 * family (the tokens that descend, one use at a time, from one sign-in); `used_at` marks a
 * token that was exchanged for its successor. A used token presented again means it was
 * copied: the whole family is revoked. Tokens issued before this migration are each their
 * own family.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user_refresh_tokens").addColumn("family_id", "text").execute();
  await db.schema.alterTable("user_refresh_tokens").addColumn("used_at", "int8").execute();
  await sql`update user_refresh_tokens set family_id = id`.execute(db);
  await db.schema
    .alterTable("user_refresh_tokens")
    .alterColumn("family_id", (c) => c.setNotNull())
    .execute();
  await db.schema
    .createIndex("user_refresh_tokens_family")
    .on("user_refresh_tokens")
    .column("family_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("user_refresh_tokens_family").ifExists().execute();
  await db.schema.alterTable("user_refresh_tokens").dropColumn("used_at").execute();
  await db.schema.alterTable("user_refresh_tokens").dropColumn("family_id").execute();
}

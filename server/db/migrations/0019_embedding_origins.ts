/**
 * The platform origins allowed to embed an account session (issue 14 item 11,
 * docs/security.md): set by the platform's backend when it creates the session
 * (`allowed_origins`), answered in the claim, enforced by the data layer. Null: any.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("account_sessions").addColumn("allowed_origins", "jsonb").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("account_sessions").dropColumn("allowed_origins").execute();
}

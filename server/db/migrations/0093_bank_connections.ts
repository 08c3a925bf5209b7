/**
 * Bank connections: a bank account linked through one of the sandbox's institutions names
 * it (`bank_connection`, the institution's id); such an account is verified at once, where a
 * typed one waits for the bank check (`bankStatus`).
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("external_accounts").addColumn("bank_connection", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("external_accounts").dropColumn("bank_connection").execute();
}

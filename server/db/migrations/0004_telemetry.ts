/** Telemetry the data layer sends: analytics events, metrics and error reports, one row each. */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("telemetry_records")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("platform_id", "text", (c) => c.references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.references("accounts.id"))
    .addColumn("livemode", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("attribution", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addColumn("session_metadata", "jsonb")
    .addColumn("host_env", "text")
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  // The platform's listing: one kind, newest first (keyset on created, id).
  await db.schema
    .createIndex("telemetry_records_platform_kind")
    .on("telemetry_records")
    .columns(["platform_id", "kind", "created", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("telemetry_records").ifExists().execute();
}

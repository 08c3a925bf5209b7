/**
 * The user agent of each telemetry row (issue 16 item 3), parsed by the provider at intake:
 * browser, OS and device class, and whether the sender is a bot, so the platform's listing
 * can leave bots out. Rows received before this migration have none (null, not a bot).
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("telemetry_records")
    .addColumn("browser", "text")
    .addColumn("os", "text")
    .addColumn("device_class", "text")
    .addColumn("is_bot", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("telemetry_records")
    .dropColumn("browser")
    .dropColumn("os")
    .dropColumn("device_class")
    .dropColumn("is_bot")
    .execute();
}

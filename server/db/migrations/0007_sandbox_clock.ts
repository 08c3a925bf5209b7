/**
 * The sandbox's simulated clock: one row, the offset (seconds) added to the wall clock, so
 * every API process reading the same database sees the same "now". A missing row is an
 * offset of 0.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sandbox_clock")
    .addColumn("id", "text", (c) => c.primaryKey().check(sql`id = 'global'`))
    .addColumn("offset_seconds", "int8", (c) => c.notNull().check(sql`offset_seconds >= 0`))
    .addColumn("updated", "int8", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sandbox_clock").ifExists().execute();
}

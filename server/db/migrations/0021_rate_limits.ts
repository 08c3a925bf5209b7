/**
 * Per-key rate limits kept where every API process sees them (issue 15, item 3): one row
 * per key hash and one-second window, counted by an upsert. UNLOGGED: a counter lost in a
 * crash costs nothing, and skipping the write-ahead log keeps the per-request write cheap.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limit_windows")
    .modifyFront(sql`unlogged`)
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("window_start", "int8", (c) => c.notNull())
    .addColumn("hits", "int4", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limit_windows_pkey", ["bucket", "window_start"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit_windows").ifExists().execute();
}

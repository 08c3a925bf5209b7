/**
 * The sandbox clock becomes one per platform (issue 14, item 10): a platform's offset
 * (seconds added to the wall clock) moves its own "now" only. The one global offset, when it
 * was moved, becomes every existing platform's own. A missing row is an offset of 0.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("platform_clocks")
    .addColumn("platform_id", "text", (c) =>
      c.primaryKey().references("platforms.id").onDelete("cascade"),
    )
    .addColumn("offset_seconds", "int8", (c) => c.notNull().check(sql`offset_seconds >= 0`))
    .addColumn("updated", "int8", (c) => c.notNull())
    .execute();
  await sql`
    insert into platform_clocks (platform_id, offset_seconds, updated)
    select platforms.id, sandbox_clock.offset_seconds, sandbox_clock.updated
    from platforms cross join sandbox_clock
    where sandbox_clock.id = 'global'`.execute(db);
  await db.schema.dropTable("sandbox_clock").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sandbox_clock")
    .addColumn("id", "text", (c) => c.primaryKey().check(sql`id = 'global'`))
    .addColumn("offset_seconds", "int8", (c) => c.notNull().check(sql`offset_seconds >= 0`))
    .addColumn("updated", "int8", (c) => c.notNull())
    .execute();
  await sql`
    insert into sandbox_clock (id, offset_seconds, updated)
    select 'global', max(offset_seconds), max(updated) from platform_clocks
    having count(*) > 0`.execute(db);
  await db.schema.dropTable("platform_clocks").execute();
}

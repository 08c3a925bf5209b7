/**
 * Webhooks (issue 18, item 6): the endpoints a platform registers, the events recorded with
 * each change, and one delivery row per event and endpoint, which the delivery worker
 * (`server/webhooks/worker.ts`) claims, sends, and schedules again with backoff. Pending
 * deliveries are rows, so a restart (or a second API process) carries on where it stopped.
 *
 * The signing secret is kept as it is: the provider must sign each delivery with it (a hash
 * could not). Events carry `account_id`, so a sandbox reset deletes them with the account's
 * other objects; their deliveries go with them (on delete cascade).
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) =>
      c.notNull().references("platforms.id").onDelete("cascade"),
    )
    .addColumn("livemode", "boolean", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("enabled_events", "jsonb", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('enabled', 'disabled')`))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("api_version", "text", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_endpoints_platform")
    .on("webhook_endpoints")
    .columns(["platform_id", "created", "id"])
    .execute();

  await db.schema
    .createTable("events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) =>
      c.notNull().references("platforms.id").onDelete("cascade"),
    )
    .addColumn("account_id", "text")
    .addColumn("livemode", "boolean", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addColumn("api_version", "text", (c) => c.notNull())
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("events_platform_created")
    .on("events")
    .columns(["platform_id", "created", "id"])
    .execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("endpoint_id", "text", (c) =>
      c.notNull().references("webhook_endpoints.id").onDelete("cascade"),
    )
    .addColumn("event_id", "text", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`),
    )
    .addColumn("attempt_count", "int4", (c) => c.notNull().defaultTo(0))
    .addColumn("attempts", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("next_attempt_at", "int8")
    /** A worker's claim: until then no other worker sends it (wall-clock seconds). */
    .addColumn("locked_until", "int8")
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due")
    .on("webhook_deliveries")
    .column("next_attempt_at")
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_endpoint")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "created", "id"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_event")
    .on("webhook_deliveries")
    .column("event_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").ifExists().execute();
  await db.schema.dropTable("events").ifExists().execute();
  await db.schema.dropTable("webhook_endpoints").ifExists().execute();
}

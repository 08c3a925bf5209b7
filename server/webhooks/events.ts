/**
 * Events: what happened in a connected account, recorded in the same transaction as the
 * change it describes (so a rolled-back change leaves no event, and a committed one always
 * has its event). The same statement queues one delivery per enabled endpoint of the
 * platform that subscribes to the type (`*` for all), due at once; the delivery worker
 * (`worker.ts`) sends them after the commit, off the request's path.
 */
import { type Kysely, type Selectable, sql } from "kysely";
import type { ApiEvent, EventType } from "../../protocol/objects/event.schema.ts";
import { provider } from "../../protocol/provider.ts";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../http/secrets.ts";
import type { EventsTable } from "./webhooks.tables.ts";

export interface EventInput {
  platformId: string;
  /** The connected account it happened in. */
  accountId: string | null;
  livemode: boolean;
  type: EventType;
  /** The object right after the change (a rendered API object). */
  object: ApiEvent["data"]["object"];
}

/**
 * Records one event and queues its deliveries, in one statement on `db` (the change's
 * transaction). `created` is on the platform's clock (`config.now()`); the deliveries'
 * times are on the wall clock (the worker's).
 */
export async function recordEvent(
  db: Kysely<Database>,
  config: Pick<ServerConfig, "now" | "clockOffset">,
  input: EventInput,
  created = config.now(),
): Promise<string> {
  const id = newId("evt");
  const wallNow = config.now() - config.clockOffset;
  const data = JSON.stringify({ object: input.object });
  await sql`
    with event as (
      insert into events (id, platform_id, account_id, livemode, type, data, api_version, created)
      values (${id}, ${input.platformId}, ${input.accountId}, ${input.livemode}, ${input.type},
              ${data}::jsonb, ${provider.apiVersion}, ${created})
      returning id
    )
    insert into webhook_deliveries (id, endpoint_id, event_id, status, next_attempt_at, created)
    select 'whdel_' || replace(gen_random_uuid()::text, '-', ''), e.id, event.id, 'pending',
           ${wallNow}, ${wallNow}
    from webhook_endpoints e cross join event
    where e.platform_id = ${input.platformId} and e.livemode = ${input.livemode}
      and e.status = 'enabled'
      and (e.enabled_events @> ${JSON.stringify([input.type])}::jsonb
           or e.enabled_events @> '["*"]'::jsonb)`.execute(db);
  return id;
}

export type EventRow = Pick<
  Selectable<EventsTable>,
  "id" | "account_id" | "api_version" | "created" | "data" | "livemode" | "type"
>;

export const renderEvent = (row: EventRow): ApiEvent => ({
  id: row.id,
  object: "event" as const,
  account: row.account_id,
  api_version: row.api_version,
  created: row.created,
  data: row.data as ApiEvent["data"],
  livemode: row.livemode,
  type: row.type,
});

/**
 * Webhook endpoints, events and the delivery log, for the platform (secret key):
 *
 * - `/v1/webhook_endpoints` create, list, retrieve, update, delete. The signing secret
 *   (`whsec_…`) is in the create's answer only (an answer with a secret is never stored under
 *   an Idempotency-Key: `http/key-bearing.ts`).
 * - `/v1/events` list (newest first, `type` filter) and retrieve: every event of the
 *   platform's connected accounts, whether or not an endpoint received it.
 * - `/v1/webhook_endpoints/:id/deliveries`: the delivery log of one endpoint, each delivery
 *   with its attempts (status code, duration, error) and its next attempt.
 * - `POST /v1/webhook_endpoints/:id/resend` with `event`: a new delivery of that event to the
 *   endpoint, due at once.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import { z } from "zod";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import { eventSchema, eventTypes } from "../../protocol/objects/event.schema.ts";
import {
  deletedWebhookEndpointSchema,
  type EnabledEvent,
  enabledEventValues,
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookDeliverySchema,
  webhookDeliveryStatuses,
  webhookEndpointSchema,
} from "../../protocol/objects/webhook-endpoint.schema.ts";
import { provider } from "../../protocol/provider.ts";
import type { Database } from "../db/schema.ts";
import type { AppEnv } from "../http/context.ts";
import { invalidRequest, resourceMissing } from "../http/errors.ts";
import { keysetCondition, keysetOrder, listPage, listQueryShape } from "../http/pagination.ts";
import { formBoolean } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { newId, randomToken } from "../http/secrets.ts";
import { renderEvent } from "./events.ts";
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from "./webhooks.tables.ts";

export const webhooksApp = new OpenAPIHono<AppEnv>();

const idParams = z.strictObject({ id: z.string().min(1).max(255) });

/** An absolute http(s) URL the provider can POST to. */
const urlParam = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.username === "";
    } catch {
      return false;
    }
  }, "Must be an absolute http:// or https:// URL without credentials");

const enabledEventsParam = z
  .array(z.enum(enabledEventValues))
  .min(1)
  .max(eventTypes.length + 1);

type EndpointRow = Omit<WebhookEndpointsTable, "enabled_events"> & {
  enabled_events: EnabledEvent[];
};

const renderEndpoint = (row: EndpointRow, withSecret = false): WebhookEndpoint => ({
  id: row.id,
  object: "webhook_endpoint" as const,
  api_version: row.api_version,
  created: row.created,
  description: row.description,
  enabled_events: row.enabled_events,
  livemode: row.livemode,
  ...(withSecret ? { secret: row.secret } : {}),
  status: row.status,
  url: row.url,
});

type DeliveryRow = Omit<WebhookDeliveriesTable, "attempts"> & {
  attempts: WebhookDelivery["attempts"];
  event_type: WebhookDelivery["event_type"];
};

const renderDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  object: "webhook_delivery" as const,
  attempt_count: row.attempt_count,
  attempts: row.attempts,
  created: row.created,
  event: row.event_id,
  event_type: row.event_type,
  next_attempt_at: row.next_attempt_at,
  status: row.status,
  webhook_endpoint: row.endpoint_id,
});

/** One endpoint of the calling platform (and mode), or the 404. */
async function findEndpoint(
  db: Kysely<Database>,
  caller: { platformId: string; livemode: boolean },
  id: string,
  param?: string,
): Promise<EndpointRow> {
  const row = await db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .where("id", "=", id)
    .where("platform_id", "=", caller.platformId)
    .where("livemode", "=", caller.livemode)
    .executeTakeFirst();
  if (!row) throw resourceMissing("webhook endpoint", id, param);
  return row;
}

/** Each type once, `*` first when it is there. */
const normaliseEvents = (events: readonly EnabledEvent[]) =>
  [...new Set(events)].sort((a, b) => (a === "*" ? -1 : b === "*" ? 1 : a.localeCompare(b)));

defineRoute(
  webhooksApp,
  {
    method: "post",
    path: "/v1/webhook_endpoints",
    summary: "Register a webhook endpoint; the answer carries its signing secret, once",
    tags: ["Webhooks"],
    auth: ["secret"],
    body: z.strictObject({
      url: urlParam,
      enabled_events: enabledEventsParam,
      description: z.string().max(5000).optional(),
    }),
    response: webhookEndpointSchema,
  },
  async ({ deps, principal, body }) => {
    const row = await deps.db
      .insertInto("webhook_endpoints")
      .values({
        id: newId("we"),
        platform_id: principal.platformId,
        livemode: principal.livemode,
        url: body.url,
        description: body.description || null,
        enabled_events: JSON.stringify(normaliseEvents(body.enabled_events)),
        status: "enabled",
        secret: `${provider.keyPrefixes.webhookSecret}${randomToken(32)}`,
        api_version: provider.apiVersion,
        created: deps.config.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return renderEndpoint(row, true);
  },
);

defineRoute(
  webhooksApp,
  {
    method: "get",
    path: "/v1/webhook_endpoints",
    summary: "List the platform's webhook endpoints, newest first",
    tags: ["Webhooks"],
    auth: ["secret"],
    query: z.strictObject(listQueryShape),
    response: listOf(webhookEndpointSchema),
  },
  async ({ deps, principal, query }) =>
    listPage({
      query,
      url: "/v1/webhook_endpoints",
      lookup: (id) =>
        deps.db
          .selectFrom("webhook_endpoints")
          .select(["id", "created"])
          .where("id", "=", id)
          .where("platform_id", "=", principal.platformId)
          .executeTakeFirst(),
      fetch: async ({ cursor, direction, fetch }) => {
        let q = deps.db
          .selectFrom("webhook_endpoints")
          .selectAll()
          .where("platform_id", "=", principal.platformId)
          .where("livemode", "=", principal.livemode);
        if (cursor) q = q.where(keysetCondition("webhook_endpoints", cursor, direction));
        return q
          .orderBy("created", keysetOrder(direction))
          .orderBy("id", keysetOrder(direction))
          .limit(fetch)
          .execute();
      },
      render: (row) => renderEndpoint(row),
    }),
);

defineRoute(
  webhooksApp,
  {
    method: "get",
    path: "/v1/webhook_endpoints/:id",
    summary: "Retrieve a webhook endpoint (without its secret)",
    tags: ["Webhooks"],
    auth: ["secret"],
    params: idParams,
    response: webhookEndpointSchema,
  },
  async ({ deps, principal, params }) =>
    renderEndpoint(await findEndpoint(deps.db, principal, params.id)),
);

defineRoute(
  webhooksApp,
  {
    method: "post",
    path: "/v1/webhook_endpoints/:id",
    summary: "Update a webhook endpoint: url, enabled_events, description, disabled",
    tags: ["Webhooks"],
    auth: ["secret"],
    params: idParams,
    body: z.strictObject({
      url: urlParam.optional(),
      enabled_events: enabledEventsParam.optional(),
      description: z.string().max(5000).optional(),
      /** `true` stops deliveries (they wait); `false` resumes them. */
      disabled: formBoolean.optional(),
    }),
    response: webhookEndpointSchema,
  },
  async ({ deps, principal, params, body }) => {
    await findEndpoint(deps.db, principal, params.id);
    const row = await deps.db
      .updateTable("webhook_endpoints")
      .set({
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.enabled_events !== undefined
          ? { enabled_events: JSON.stringify(normaliseEvents(body.enabled_events)) }
          : {}),
        ...(body.description !== undefined ? { description: body.description || null } : {}),
        ...(body.disabled !== undefined ? { status: body.disabled ? "disabled" : "enabled" } : {}),
      })
      .where("id", "=", params.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return renderEndpoint(row);
  },
);

defineRoute(
  webhooksApp,
  {
    method: "delete",
    path: "/v1/webhook_endpoints/:id",
    summary: "Delete a webhook endpoint and its pending deliveries",
    tags: ["Webhooks"],
    auth: ["secret"],
    params: idParams,
    response: deletedWebhookEndpointSchema,
  },
  async ({ deps, principal, params }) => {
    await findEndpoint(deps.db, principal, params.id);
    await deps.db.deleteFrom("webhook_endpoints").where("id", "=", params.id).execute();
    return { id: params.id, object: "webhook_endpoint" as const, deleted: true as const };
  },
);

defineRoute(
  webhooksApp,
  {
    method: "get",
    path: "/v1/webhook_endpoints/:id/deliveries",
    summary:
      "The endpoint's delivery log, newest first: each event sent, its attempts and the next one",
    tags: ["Webhooks"],
    auth: ["secret"],
    params: idParams,
    query: z.strictObject({
      ...listQueryShape,
      event: z.string().min(1).max(255).optional(),
      status: z.enum(webhookDeliveryStatuses).optional(),
    }),
    response: listOf(webhookDeliverySchema),
  },
  async ({ deps, principal, params, query }) => {
    await findEndpoint(deps.db, principal, params.id);
    return listPage({
      query,
      url: `/v1/webhook_endpoints/${params.id}/deliveries`,
      lookup: (id) =>
        deps.db
          .selectFrom("webhook_deliveries")
          .select(["id", "created"])
          .where("id", "=", id)
          .where("endpoint_id", "=", params.id)
          .executeTakeFirst(),
      fetch: async ({ cursor, direction, fetch }) => {
        let q = deps.db
          .selectFrom("webhook_deliveries")
          .innerJoin("events", "events.id", "webhook_deliveries.event_id")
          .selectAll("webhook_deliveries")
          .select("events.type as event_type")
          .where("webhook_deliveries.endpoint_id", "=", params.id);
        if (query.event) q = q.where("webhook_deliveries.event_id", "=", query.event);
        if (query.status) q = q.where("webhook_deliveries.status", "=", query.status);
        if (cursor) q = q.where(keysetCondition("webhook_deliveries", cursor, direction));
        return q
          .orderBy("webhook_deliveries.created", keysetOrder(direction))
          .orderBy("webhook_deliveries.id", keysetOrder(direction))
          .limit(fetch)
          .execute();
      },
      render: renderDelivery,
    });
  },
);

defineRoute(
  webhooksApp,
  {
    method: "post",
    path: "/v1/webhook_endpoints/:id/resend",
    summary: "Send an event to the endpoint again: a new delivery, due at once",
    tags: ["Webhooks"],
    auth: ["secret"],
    params: idParams,
    body: z.strictObject({ event: z.string().min(1).max(255) }),
    response: webhookDeliverySchema,
  },
  async ({ deps, principal, params, body }) => {
    const endpoint = await findEndpoint(deps.db, principal, params.id);
    const event = await deps.db
      .selectFrom("events")
      .select(["id", "type"])
      .where("id", "=", body.event)
      .where("platform_id", "=", principal.platformId)
      .where("livemode", "=", principal.livemode)
      .executeTakeFirst();
    if (!event) throw resourceMissing("event", body.event, "event");
    if (!endpoint.enabled_events.some((e) => e === "*" || e === event.type)) {
      throw invalidRequest(
        `Endpoint ${endpoint.id} does not receive ${event.type} events: add it to its enabled_events first.`,
        { code: "event_not_enabled", param: "event" },
      );
    }
    const wallNow = deps.config.now() - deps.config.clockOffset;
    const row = await deps.db
      .insertInto("webhook_deliveries")
      .values({
        id: newId("whdel"),
        endpoint_id: endpoint.id,
        event_id: event.id,
        status: "pending",
        attempt_count: 0,
        next_attempt_at: wallNow,
        created: wallNow,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return renderDelivery({ ...row, event_type: event.type });
  },
);

defineRoute(
  webhooksApp,
  {
    method: "get",
    path: "/v1/events",
    summary: "List the events of the platform's connected accounts, newest first",
    tags: ["Webhooks"],
    auth: ["secret"],
    query: z.strictObject({
      ...listQueryShape,
      type: z.enum(eventTypes).optional(),
    }),
    response: listOf(eventSchema),
  },
  async ({ deps, principal, query }) =>
    listPage({
      query,
      url: "/v1/events",
      lookup: (id) =>
        deps.db
          .selectFrom("events")
          .select(["id", "created"])
          .where("id", "=", id)
          .where("platform_id", "=", principal.platformId)
          .executeTakeFirst(),
      fetch: async ({ cursor, direction, fetch }) => {
        let q = deps.db
          .selectFrom("events")
          .selectAll()
          .where("platform_id", "=", principal.platformId)
          .where("livemode", "=", principal.livemode);
        if (query.type) q = q.where("type", "=", query.type);
        if (cursor) q = q.where(keysetCondition("events", cursor, direction));
        return q
          .orderBy("created", keysetOrder(direction))
          .orderBy("id", keysetOrder(direction))
          .limit(fetch)
          .execute();
      },
      render: renderEvent,
    }),
);

defineRoute(
  webhooksApp,
  {
    method: "get",
    path: "/v1/events/:id",
    summary: "Retrieve an event",
    tags: ["Webhooks"],
    auth: ["secret"],
    params: idParams,
    response: eventSchema,
  },
  async ({ deps, principal, params }) => {
    const row = await deps.db
      .selectFrom("events")
      .selectAll()
      .where("id", "=", params.id)
      .where("platform_id", "=", principal.platformId)
      .where("livemode", "=", principal.livemode)
      .executeTakeFirst();
    if (!row) throw resourceMissing("event", params.id);
    return renderEvent(row);
  },
);

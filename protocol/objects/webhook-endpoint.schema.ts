/**
 * Webhook endpoints a platform registers (`/v1/webhook_endpoints`, secret key), and the log
 * of the deliveries made to each. The signing `secret` is in the answer of the create only.
 */
import * as z from "zod/mini";
import {
  deletedObjectSchema,
  nullableStringSchema,
  unixSecondsSchema,
} from "./api-fields.schema.ts";
import { eventTypes } from "./event.schema.ts";

export const webhookEndpointStatuses = ["enabled", "disabled"] as const;
export type WebhookEndpointStatus = (typeof webhookEndpointStatuses)[number];

/** What an endpoint may subscribe to: an event type, or `*` for every type. */
export const enabledEventValues = ["*", ...eventTypes] as const;
export type EnabledEvent = (typeof enabledEventValues)[number];

export const webhookEndpointSchema = z.strictObject({
  id: z.string(),
  object: z.literal("webhook_endpoint"),
  api_version: z.string(),
  created: unixSecondsSchema,
  description: nullableStringSchema,
  enabled_events: z.array(z.enum(enabledEventValues)),
  livemode: z.boolean(),
  /** The signing secret (`whsec_…`): only in the answer that created the endpoint. */
  secret: z.optional(z.string()),
  status: z.enum(webhookEndpointStatuses),
  url: z.string(),
});
export type WebhookEndpoint = z.output<typeof webhookEndpointSchema>;

export const deletedWebhookEndpointSchema = deletedObjectSchema("webhook_endpoint");

export const webhookDeliveryStatuses = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** One try of a delivery: its answer's status (null: no answer), how long it took. */
export const webhookAttemptSchema = z.strictObject({
  attempted_at: unixSecondsSchema,
  status_code: z.nullable(z.int()),
  duration_ms: z.int(),
  /** Why it failed without an answer (a timeout, a refused connection), else null. */
  error: nullableStringSchema,
});
export type WebhookAttempt = z.output<typeof webhookAttemptSchema>;

/**
 * One event sent to one endpoint: pending (next_attempt_at says when it is tried next),
 * succeeded (a 2xx answer) or failed (every attempt used). Times are on the wall clock.
 */
export const webhookDeliverySchema = z.strictObject({
  id: z.string(),
  object: z.literal("webhook_delivery"),
  attempt_count: z.int(),
  attempts: z.array(webhookAttemptSchema),
  created: unixSecondsSchema,
  event: z.string(),
  event_type: z.enum(eventTypes),
  next_attempt_at: z.nullable(unixSecondsSchema),
  status: z.enum(webhookDeliveryStatuses),
  webhook_endpoint: z.string(),
});
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

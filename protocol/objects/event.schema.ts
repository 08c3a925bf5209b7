/**
 * An event: something that happened in a connected account, recorded by the provider in the
 * same transaction as the change it describes, listed at `GET /v1/events` and sent to the
 * platform's webhook endpoints (`webhook-endpoint.schema.ts`). `data.object` is the object
 * as it was right after the change.
 */
import * as z from "zod/mini";
import { accountSchema } from "./account.schema.ts";
import { nullableStringSchema, unixSecondsSchema } from "./api-fields.schema.ts";
import { chargeSchema } from "./charge.schema.ts";
import { disputeSchema } from "./dispute.schema.ts";
import { payoutSchema } from "./payout.schema.ts";

/** Every event type the provider records, with the object its `data.object` carries. */
export const eventTypes = [
  "account.updated",
  "charge.captured",
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
  "payout.paid",
  "payout.failed",
] as const;
export type EventType = (typeof eventTypes)[number];

export const eventSchema = z.strictObject({
  id: z.string(),
  object: z.literal("event"),
  /** The connected account the event happened in (null: the platform's own). */
  account: nullableStringSchema,
  api_version: z.string(),
  created: unixSecondsSchema,
  data: z.strictObject({
    object: z.union([chargeSchema, disputeSchema, payoutSchema, accountSchema]),
  }),
  livemode: z.boolean(),
  type: z.enum(eventTypes),
});
export type ApiEvent = z.output<typeof eventSchema>;

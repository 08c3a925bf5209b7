/**
 * Telemetry as the platform reads it back (`GET` on the intake paths): one stored analytics
 * event, metric or error report; and the receipt the intake answers with.
 */
import * as z from "zod/mini";
import { unixSecondsSchema } from "./api-fields.schema.ts";

export const telemetryObjectNames = {
  analytics: "telemetry.analytics_event",
  metric: "telemetry.metric",
  error: "telemetry.error_report",
} as const;

export const telemetryRecordSchema = z.strictObject({
  id: z.string(),
  object: z.enum([
    telemetryObjectNames.analytics,
    telemetryObjectNames.metric,
    telemetryObjectNames.error,
  ]),
  created: unixSecondsSchema,
  livemode: z.boolean(),
  account: z.nullable(z.string()),
  /** key: sent with a key of this platform; metadata: keyless, tied by its session metadata. */
  attribution: z.enum(["key", "metadata", "none"]),
  name: z.string(),
  data: z.record(z.string(), z.unknown()),
  session_metadata: z.nullable(z.record(z.string(), z.unknown())),
  host_env: z.nullable(z.string()),
  request_id: z.string(),
  /** The sender's user agent as the provider parsed it at intake (null before it did). */
  user_agent: z.nullable(
    z.strictObject({
      browser: z.nullable(z.string()),
      os: z.nullable(z.string()),
      device_class: z.nullable(z.string()),
      /** A crawler, monitor or headless browser (isbot). */
      bot: z.boolean(),
    }),
  ),
});
export type TelemetryRecord = z.output<typeof telemetryRecordSchema>;

export const telemetryReceiptSchema = z.strictObject({
  object: z.literal("telemetry_receipt"),
  received: z.int(),
});

/**
 * The three telemetry payloads exactly as the data layer POSTs them
 * (`actors/data-layer/telemetry.ts`), as strict zod schemas: an unknown field anywhere is a
 * 400 naming it. Also the objects the platform's listings return.
 */
import { z } from "zod";
import {
  accountSessionClaimEventSchema,
  apiRequestFinishedEventSchema,
  fontLoadedEventSchema,
  knownAnalyticsEventNames,
  userKeyReceivedEventSchema,
} from "../../protocol/objects/analytics-event.schema.ts";
import { metricSchema } from "../../protocol/objects/metrics.schema.ts";
import { observabilityMetadataSchema } from "../../protocol/objects/observability-metadata.schema.ts";
import { riskExperienceContextSchema } from "../../protocol/objects/risk-experience-context.schema.ts";

/** SPEC.md §9: analytics payloads are capped at 64000 bytes (the data layer splits batches). */
export const ANALYTICS_INTAKE_MAX_BYTES = 64_000;
/** A metrics payload holds at most 100 metrics; an error report one stack of 20,000. */
export const METRICS_INTAKE_MAX_BYTES = 256 * 1024;
export const ERRORS_INTAKE_MAX_BYTES = 128 * 1024;
/** Events in one analytics payload: far above what 64000 bytes can hold of real events. */
export const MAX_EVENTS_PER_PAYLOAD = 500;

/** What the data layer adds to every analytics event (`AnalyticsRecord`). */
const recordShape = {
  page_path: z.string().max(512).nullable(),
  /** The provider page's own path and query (redacted), cut to 300 characters (SPEC.md §9). */
  page: z.string().max(300).optional(),
  /** Epoch milliseconds. */
  created: z.number().int().nonnegative(),
  risk_experience_context: z.optional(riskExperienceContextSchema),
};

const knownNames: ReadonlySet<string> = new Set(knownAnalyticsEventNames);

const customRecordSchema = z
  .strictObject({
    event_name: z
      .string()
      .max(100)
      .regex(/^[a-z][a-z0-9_]*$/),
    properties: z
      .record(
        z.string().max(100),
        z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]),
      )
      .refine((p) => Object.keys(p).length <= 50, "at most 50 properties"),
    ...recordShape,
  })
  .refine((e) => !knownNames.has(e.event_name), {
    message: "a known event must carry its own fields",
    path: ["event_name"],
  });

const knownRecordSchema = z.discriminatedUnion("event_name", [
  z.strictObject({ ...apiRequestFinishedEventSchema.shape, ...recordShape }),
  z.strictObject({ ...userKeyReceivedEventSchema.shape, ...recordShape }),
  z.strictObject({ ...accountSessionClaimEventSchema.shape, ...recordShape }),
  z.strictObject({ ...fontLoadedEventSchema.shape, ...recordShape }),
]);

/** One event: a known one must match its own schema, anything else is a custom event. */
export const analyticsRecordSchema = z.unknown().transform((value, ctx) => {
  const name = (value as { event_name?: unknown } | null)?.event_name;
  const schema =
    typeof name === "string" && knownNames.has(name) ? knownRecordSchema : customRecordSchema;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as Record<string, unknown> & { event_name: string };
  for (const issue of parsed.error.issues) ctx.addIssue(issue as z.core.$ZodRawIssue);
  return z.NEVER;
});

export const analyticsPayloadSchema = z.strictObject({
  events: z.array(analyticsRecordSchema).min(1).max(MAX_EVENTS_PER_PAYLOAD),
  /** The page's anonymous analytics client id, sent only with the functional consent. */
  client_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

export const metricsPayloadSchema = z.strictObject({
  metrics: z.array(z.strictObject(metricSchema.shape)).min(1).max(100),
  /** Null before the session is claimed. */
  session_metadata: z.strictObject(observabilityMetadataSchema.shape).nullable(),
  host_env: z.enum(["prod", "qa"]),
});

/** The report's tags: the sender's errorReportingTags merged with the report's own (≤ 30 each). */
const errorTagsSchema = z
  .record(z.string().min(1).max(100), z.string().max(500))
  .refine((t) => Object.keys(t).length <= 60, "at most 60 tags");

export const errorReportPayloadSchema = z.strictObject({
  error: z.strictObject({
    name: z.string().min(1).max(200),
    message: z.string().max(5000),
    stack: z.string().max(20_000).optional(),
  }),
  level: z.enum(["error", "warning", "info"]),
  owner: z.string().min(1).max(100),
  tags: errorTagsSchema,
  component: z.string().min(1).max(100).optional(),
  session_metadata: z.strictObject(observabilityMetadataSchema.shape).nullable(),
  host_env: z.enum(["prod", "qa"]),
});

export type AnalyticsPayload = z.output<typeof analyticsPayloadSchema>;
export type MetricsPayload = z.output<typeof metricsPayloadSchema>;
export type ErrorReportPayload = z.output<typeof errorReportPayloadSchema>;

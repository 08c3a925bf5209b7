/**
 * The metrics payload POSTed to the provider's metrics intake (SPEC.md §7): the metrics, the
 * session's observability metadata, and host_env (prod or qa, `hostEnvOf` in provider.ts).
 */
import * as z from "zod/mini";
import { observabilityMetadataSchema } from "./observability-metadata.schema.ts";

export const metricKinds = ["count", "timing", "gauge"] as const;

/** One measurement: a count, a timing in milliseconds, or a gauge value. */
export const metricSchema = z.object({
  name: z.string().check(z.maxLength(200), z.regex(/^[a-z][a-z0-9_.]*$/)),
  kind: z.enum(metricKinds),
  /** Finite: zod rejects NaN and ±Infinity. */
  value: z.number(),
  /** Low-cardinality dimensions (`component: "payouts"`). */
  tags: z._default(
    z
      .record(z.string().check(z.maxLength(100)), z.string().check(z.maxLength(200)))
      .check(z.refine((t) => Object.keys(t).length <= 20, "at most 20 tags")),
    {},
  ),
  /** When it was measured, epoch milliseconds. */
  timestamp: z.optional(z.int().check(z.nonnegative())),
});

export const MAX_METRICS_PER_PAYLOAD = 100;

export const metricsPayloadSchema = z.object({
  metrics: z.array(metricSchema).check(z.minLength(1), z.maxLength(MAX_METRICS_PER_PAYLOAD)),
  /** Null before the session is claimed. */
  session_metadata: z.nullable(observabilityMetadataSchema),
  host_env: z.enum(["prod", "qa"]),
});

export type Metric = z.output<typeof metricSchema>;
export type MetricsPayload = z.output<typeof metricsPayloadSchema>;

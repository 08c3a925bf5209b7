/**
 * The metrics payload POSTed to the provider's metrics intake (SPEC.md §7): the metrics, the
 * session's observability metadata, and host_env (prod or qa, `hostEnvOf` in provider.ts).
 */
import { z } from "zod";
import { observabilityMetadataSchema } from "./observability-metadata.schema.ts";

export const metricKinds = ["count", "timing", "gauge"] as const;

/** One measurement: a count, a timing in milliseconds, or a gauge value. */
export const metricSchema = z.object({
  name: z
    .string()
    .max(200)
    .regex(/^[a-z][a-z0-9_.]*$/),
  kind: z.enum(metricKinds),
  /** Finite: zod rejects NaN and ±Infinity. */
  value: z.number(),
  /** Low-cardinality dimensions (`component: "payouts"`). */
  tags: z
    .record(z.string().max(100), z.string().max(200))
    .refine((t) => Object.keys(t).length <= 20, "at most 20 tags")
    .default({}),
  /** When it was measured, epoch milliseconds. */
  timestamp: z.number().int().nonnegative().optional(),
});

export const MAX_METRICS_PER_PAYLOAD = 100;

export const metricsPayloadSchema = z.object({
  metrics: z.array(metricSchema).min(1).max(MAX_METRICS_PER_PAYLOAD),
  /** Null before the session is claimed. */
  session_metadata: observabilityMetadataSchema.nullable(),
  host_env: z.enum(["prod", "qa"]),
});

export type Metric = z.output<typeof metricSchema>;
export type MetricsPayload = z.output<typeof metricsPayloadSchema>;

/**
 * Telemetry of the data layer (SPEC.md §7 "Analytics events", "Metrics", §9): analytics in
 * batches (5 events or 3 s, at most 64000 bytes a payload, page path clipped to 512
 * characters), metrics with the session's observability metadata and host_env, and error
 * reports (owner accounts_ui by default, with tags). Everything goes as JSON to the intake
 * paths of `protocol/endpoints.ts` on the API origin; a failed send is logged, never retried.
 */
import { endpoints } from "../../protocol/endpoints.ts";
import type { AnalyticsEvent } from "../../protocol/objects/analytics-event.schema.ts";
import type { Metric } from "../../protocol/objects/metrics.schema.ts";
import type { ObservabilityMetadata } from "../../protocol/objects/observability-metadata.schema.ts";
import type { RiskExperienceContext } from "../../protocol/objects/risk-experience-context.schema.ts";
import { hostEnvOf, type ProviderHosts, type ServiceEnvironment } from "../../protocol/provider.ts";
import { send } from "./http.ts";
import type { Clock, FetchLike, Logger, Timers } from "./types.ts";

export const ANALYTICS_BATCH_SIZE = 5;
export const ANALYTICS_FLUSH_MS = 3000;
export const ANALYTICS_PAYLOAD_CAP_BYTES = 64_000;
export const PAGE_PATH_MAX_LENGTH = 512;

/** One analytics record as the intake receives it, inside `{events: [...]}`. */
export type AnalyticsRecord = AnalyticsEvent & {
  page_path: string | null;
  /** Epoch milliseconds. */
  created: number;
  risk_experience_context?: RiskExperienceContext;
};

export interface ErrorReport {
  error: { name: string; message: string; stack?: string | undefined };
  level: "error" | "warning" | "info";
  owner: string;
  tags: Record<string, string>;
  componentName?: string | undefined;
}

export interface Telemetry {
  analytics(event: AnalyticsEvent, riskExperienceContext?: RiskExperienceContext): void;
  metrics(metrics: Metric[]): void;
  errorReport(report: ErrorReport): void;
  /** Sends the queued analytics now. */
  flush(): void;
  dispose(): void;
}

export interface TelemetryOptions {
  fetch: FetchLike;
  hosts: ProviderHosts;
  environment: ServiceEnvironment;
  clock: Clock;
  timers: Timers;
  log: Logger;
  pagePath?: string | undefined;
  sessionMetadata(): ObservabilityMetadata | null;
  /** The account-session key, when one is held: the intake ties the records to its account. */
  sessionKey(): string | null;
}

const encoder = new TextEncoder();
const byteLength = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/** Splits records into `{events}` payloads of at most `cap` bytes; a record too big alone is dropped. */
export function splitIntoPayloads(
  records: readonly AnalyticsRecord[],
  cap = ANALYTICS_PAYLOAD_CAP_BYTES,
): { payloads: { events: AnalyticsRecord[] }[]; dropped: number } {
  const payloads: { events: AnalyticsRecord[] }[] = [];
  let current: AnalyticsRecord[] = [];
  let dropped = 0;
  for (const record of records) {
    if (byteLength({ events: [record] }) > cap) {
      dropped++;
      continue;
    }
    if (current.length > 0 && byteLength({ events: [...current, record] }) > cap) {
      payloads.push({ events: current });
      current = [];
    }
    current.push(record);
  }
  if (current.length > 0) payloads.push({ events: current });
  return { payloads, dropped };
}

export function createTelemetry(options: TelemetryOptions): Telemetry {
  const { fetch, hosts, clock, timers, log } = options;
  const hostEnv = hostEnvOf(options.environment);
  const pagePath =
    options.pagePath === undefined ? null : options.pagePath.slice(0, PAGE_PATH_MAX_LENGTH);
  let queue: AnalyticsRecord[] = [];
  let timer: unknown = null;

  const post = (path: string, json: unknown) => {
    const key = options.sessionKey();
    const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
    send(fetch, { url: `${hosts.api}${path}`, method: "POST", json, headers }).then(
      (answer) => {
        if (!answer.ok)
          log.warn("data layer: telemetry intake refused", { path, status: answer.status });
      },
      (error) => log.warn("data layer: telemetry send failed", { path, reason: String(error) }),
    );
  };

  const flush = () => {
    if (timer !== null) {
      timers.clearTimeout(timer);
      timer = null;
    }
    if (queue.length === 0) return;
    const { payloads, dropped } = splitIntoPayloads(queue);
    queue = [];
    if (dropped > 0)
      log.warn("data layer: analytics events over the payload cap dropped", { dropped });
    for (const payload of payloads) post(endpoints.analyticsIntake, payload);
  };

  return {
    analytics(event, riskExperienceContext) {
      queue.push({
        ...event,
        page_path: pagePath,
        created: clock.now(),
        ...(riskExperienceContext ? { risk_experience_context: riskExperienceContext } : {}),
      });
      if (queue.length >= ANALYTICS_BATCH_SIZE) flush();
      else if (timer === null) timer = timers.setTimeout(flush, ANALYTICS_FLUSH_MS);
    },
    metrics(metrics) {
      post(endpoints.metricsIntake, {
        metrics,
        session_metadata: options.sessionMetadata(),
        host_env: hostEnv,
      });
    },
    errorReport(report) {
      post(endpoints.errorIntake, {
        error: report.error,
        level: report.level,
        owner: report.owner,
        tags: report.tags,
        ...(report.componentName ? { component: report.componentName } : {}),
        session_metadata: options.sessionMetadata(),
        host_env: hostEnv,
      });
    },
    flush,
    dispose: flush,
  };
}

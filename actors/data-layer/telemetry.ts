/**
 * Telemetry of the data layer (SPEC.md §7 "Analytics events", "Metrics", §9). Analytics go
 * through the provider's one analytics logger (`actors/site/analytics.ts`): redacted of
 * personal data, batched by 5 or 3 s, form-encoded, at most 64,000 bytes a body, page path
 * clipped to 512 characters, a keep-alive flush when the page hides, and nothing at all
 * unless consent allows the functional category. Metrics carry the session's observability
 * metadata and host_env; error reports their owner (accounts_ui by default) and tags.
 * Everything goes to the intake paths of `protocol/endpoints.ts` on the API origin; a failed
 * send is logged, never retried.
 */
import { endpoints } from "../../protocol/endpoints.ts";
import type { AnalyticsEvent } from "../../protocol/objects/analytics-event.schema.ts";
import type { Metric } from "../../protocol/objects/metrics.schema.ts";
import type { ObservabilityMetadata } from "../../protocol/objects/observability-metadata.schema.ts";
import type { RiskExperienceContext } from "../../protocol/objects/risk-experience-context.schema.ts";
import { hostEnvOf, type ProviderHosts, type ServiceEnvironment } from "../../protocol/provider.ts";
import type { ConsentCategory } from "../../protocol/site/consent.ts";
import { siteConstants } from "../../protocol/site/constants.ts";
import { redactPersonalData } from "../../protocol/site/personal-data.ts";
import { type AnalyticsLogger, createAnalyticsLogger } from "../site/analytics.ts";
import { send } from "./http.ts";
import type { KeyGate } from "./key-gate.ts";
import type { Clock, FetchLike, Logger, Timers } from "./types.ts";

export const ANALYTICS_BATCH_SIZE = siteConstants.analyticsBatchSize;
export const ANALYTICS_FLUSH_MS = siteConstants.analyticsFlushMs;
export const ANALYTICS_PAYLOAD_CAP_BYTES = siteConstants.analyticsPayloadCapBytes;
export const PAGE_PATH_MAX_LENGTH = siteConstants.pagePathMaxLength;

/** One analytics record as the intake receives it, in the `events` field of the form body. */
export type AnalyticsRecord = AnalyticsEvent & {
  page_path: string | null;
  /** Epoch milliseconds. */
  created: number;
  risk_experience_context?: RiskExperienceContext;
};

/** What the data layer asks of the page's consent manager (`actors/site/consent.ts`). */
export interface TelemetryConsent {
  allows(category: ConsentCategory): boolean;
}

/** The records of one analytics body the data layer posted (tests, the intake). */
export const analyticsRecordsOf = (body: string): AnalyticsRecord[] =>
  JSON.parse(new URLSearchParams(body).get("events") ?? "[]") as AnalyticsRecord[];

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
  /** Sends the queued analytics now; `keepalive` when the page hides. */
  flush(options?: { keepalive?: boolean }): void;
  /** The analytics logger (its counts: sent, over-size, without consent). */
  analyticsLogger: AnalyticsLogger;
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
  /** A logout's gate (key-gate.ts): no key while it runs; the posts with one are counted. */
  gate?: Pick<KeyGate, "closed" | "track">;
  /** Analytics is the functional category: nothing is collected without it. */
  consent: TelemetryConsent;
}

export function createTelemetry(options: TelemetryOptions): Telemetry {
  const { fetch, hosts, clock, timers, log } = options;
  const hostEnv = hostEnvOf(options.environment);
  const pagePath =
    options.pagePath === undefined ? null : options.pagePath.slice(0, PAGE_PATH_MAX_LENGTH);

  const authorization = (): Record<string, string> => {
    // None while a logout runs (key-gate.ts): the intake takes keyless posts too.
    if (options.gate?.closed()) return {};
    const key = options.sessionKey();
    return key ? { Authorization: `Bearer ${key}` } : {};
  };
  /** Counts a post that carries a key on the wire, so a logout waits for it. */
  const tracked = (headers: Record<string, string>) =>
    headers.Authorization && options.gate ? options.gate.track() : () => {};

  const post = (path: string, json: unknown) => {
    const headers = authorization();
    const settled = tracked(headers);
    send(fetch, {
      url: `${hosts.api}${path}`,
      method: "POST",
      json,
      headers,
    })
      .finally(settled)
      .then(
        (answer) => {
          if (!answer.ok)
            log.warn("data layer: telemetry intake refused", { path, status: answer.status });
        },
        (error) => log.warn("data layer: telemetry send failed", { path, reason: String(error) }),
      );
  };

  const analyticsLogger = createAnalyticsLogger({
    timers,
    allowed: () => options.consent.allows("functional"),
    onWarning: (message, detail) => log.warn(`data layer: ${message}`, detail),
    send: async (body, { keepalive }) => {
      const headers = authorization();
      const settled = tracked(headers);
      const response = await fetch(`${hosts.api}${endpoints.analyticsIntake}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body,
        keepalive,
        credentials: "omit",
      }).finally(settled);
      if (!response.ok)
        log.warn("data layer: telemetry intake refused", {
          path: endpoints.analyticsIntake,
          status: response.status,
        });
    },
  });

  return {
    analytics(event, riskExperienceContext) {
      analyticsLogger.log({
        ...event,
        page_path: pagePath,
        created: clock.now(),
        ...(riskExperienceContext ? { risk_experience_context: riskExperienceContext } : {}),
      });
    },
    metrics(metrics) {
      post(endpoints.metricsIntake, {
        metrics,
        session_metadata: options.sessionMetadata(),
        host_env: hostEnv,
      });
    },
    errorReport(report) {
      // Secrets and personal data never leave in a report (docs/security.md).
      // (The error's name is its kind, `TypeError`, not a person's: it is kept.)
      const { name, ...detail } = report.error;
      const clean = redactPersonalData({ detail, tags: report.tags });
      post(endpoints.errorIntake, {
        error: { name, ...clean.detail },
        level: report.level,
        owner: report.owner,
        tags: clean.tags,
        ...(report.componentName ? { component: report.componentName } : {}),
        session_metadata: options.sessionMetadata(),
        host_env: hostEnv,
      });
    },
    flush: (flushOptions) => analyticsLogger.flush(flushOptions),
    analyticsLogger,
    dispose: () => analyticsLogger.flush({ keepalive: true }),
  };
}

/**
 * The analytics event logger every provider page uses (issue 16 item 2; SPEC.md §7
 * "Analytics events", §9): the data-layer frame's analytics go through it, and so do the
 * provider's own pages (dashboard, marketing).
 *
 * - Each record is redacted (`redactPersonalData`: emails, phones, card and bank numbers,
 *   names in known fields, query-string values, secrets) before it is queued.
 * - Nothing is queued or sent unless `allowed()` says so (analytics is the functional
 *   consent category): a record logged without consent is dropped and counted.
 * - Records leave in batches of 5, or 3 s after the first one queued, whichever comes first;
 *   `flush({keepalive: true})` sends what is queued on a keep-alive request when the page
 *   hides.
 * - A batch is one form-encoded POST (`events=<JSON array>`): a form body is a CORS-simple
 *   request, and what a beacon sends. A body is at most 64,000 bytes (the browsers' keep-alive
 *   budget): a batch over it is split between records, and a record over it alone is dropped
 *   and counted, never cut into garbage.
 * - `page_path` is cut to 512 characters and an event's `page` field to 300.
 */
import { siteConstants } from "../../protocol/site/constants.ts";
import { redactPersonalData } from "../../protocol/site/personal-data.ts";

export type AnalyticsRecordInput = { event_name: string } & Record<string, unknown>;

export interface AnalyticsLoggerTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AnalyticsLoggerOptions {
  /** Posts one form-encoded body; a rejection is counted as a failed send, never retried. */
  send(body: string, options: { keepalive: boolean }): Promise<unknown>;
  timers: AnalyticsLoggerTimers;
  /** Whether analytics may be collected now (the functional consent category). */
  allowed(): boolean;
  /** An anonymous client id to send with each batch, when consent allows one. */
  clientId?(): string | null;
  onWarning?(message: string, detail: Record<string, unknown>): void;
}

export interface AnalyticsStats {
  /** Records posted (in bodies the transport accepted to send). */
  sent: number;
  /** Records too big for a body on their own. */
  oversize: number;
  /** Records logged while consent did not allow analytics. */
  withoutConsent: number;
  /** Bodies whose send failed. */
  failedBodies: number;
}

export interface AnalyticsLogger {
  log(record: AnalyticsRecordInput): void;
  flush(options?: { keepalive?: boolean }): void;
  /** Drops what is queued (consent withdrawn). */
  discard(): void;
  stats(): AnalyticsStats;
  dispose(): void;
}

const cut = (value: unknown, max: number) =>
  typeof value === "string" && value.length > max ? value.slice(0, max) : value;

/** The record as it leaves: redacted, its path and page cut to their lengths. */
export function prepareRecord(record: AnalyticsRecordInput): AnalyticsRecordInput {
  const out: AnalyticsRecordInput = { ...record };
  if ("page_path" in out) out.page_path = cut(out.page_path, siteConstants.pagePathMaxLength);
  if ("page" in out) out.page = cut(out.page, siteConstants.analyticsPageMaxLength);
  return redactPersonalData(out);
}

/** The form body of a batch. */
export function encodeBatch(records: readonly unknown[], clientId: string | null): string {
  const form = new URLSearchParams();
  form.set("events", JSON.stringify(records));
  if (clientId) form.set("client_id", clientId);
  return form.toString();
}

/**
 * Splits records into bodies of at most `cap` bytes (URL-encoding leaves only ASCII, so a
 * body's length is its size in bytes); a record too big on its own is dropped.
 */
export function splitIntoBodies(
  records: readonly unknown[],
  clientId: string | null,
  cap: number = siteConstants.analyticsPayloadCapBytes,
): { bodies: { body: string; count: number }[]; oversize: number } {
  const bodies: { body: string; count: number }[] = [];
  let current: unknown[] = [];
  let oversize = 0;
  for (const record of records) {
    if (encodeBatch([record], clientId).length > cap) {
      oversize++;
      continue;
    }
    if (current.length > 0 && encodeBatch([...current, record], clientId).length > cap) {
      bodies.push({ body: encodeBatch(current, clientId), count: current.length });
      current = [];
    }
    current.push(record);
  }
  if (current.length > 0)
    bodies.push({ body: encodeBatch(current, clientId), count: current.length });
  return { bodies, oversize };
}

export function createAnalyticsLogger(options: AnalyticsLoggerOptions): AnalyticsLogger {
  const { timers } = options;
  let queue: AnalyticsRecordInput[] = [];
  let timer: unknown = null;
  const stats: AnalyticsStats = { sent: 0, oversize: 0, withoutConsent: 0, failedBodies: 0 };
  const warn = (message: string, detail: Record<string, unknown>) =>
    options.onWarning?.(message, detail);

  const stopTimer = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  const flush = (flushOptions: { keepalive?: boolean } = {}) => {
    stopTimer();
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    if (!options.allowed()) {
      stats.withoutConsent += batch.length;
      return;
    }
    const { bodies, oversize } = splitIntoBodies(batch, options.clientId?.() ?? null);
    if (oversize > 0) {
      stats.oversize += oversize;
      warn("analytics: events over the 64,000-byte cap dropped", { dropped: oversize });
    }
    for (const { body, count } of bodies) {
      stats.sent += count;
      options.send(body, { keepalive: flushOptions.keepalive === true }).catch((error) => {
        stats.failedBodies++;
        warn("analytics: a batch was not sent", { reason: String(error) });
      });
    }
  };

  return {
    log(record) {
      if (!options.allowed()) {
        stats.withoutConsent++;
        return;
      }
      queue.push(prepareRecord(record));
      if (queue.length >= siteConstants.analyticsBatchSize) flush();
      else if (timer === null) timer = timers.setTimeout(flush, siteConstants.analyticsFlushMs);
    },
    flush,
    discard() {
      stopTimer();
      queue = [];
    },
    stats: () => ({ ...stats }),
    dispose: () => flush({ keepalive: true }),
  };
}

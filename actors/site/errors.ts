/**
 * Error reports of every provider page (issue 16 item 4; SPEC.md §8–§9). A report names its
 * owner (`accounts_ui` by default) and carries the session's observability metadata (ids and
 * flags, never a key); its message, stack and tags are redacted of secrets and personal data
 * before it leaves. One page sends the same error (name, message, component) once, and at
 * most `siteConstants.errorReportsPerMinute` reports a minute: an error loop cannot flood
 * the intake.
 */
import { siteConstants } from "../../protocol/site/constants.ts";
import { redactPersonalData } from "../../protocol/site/personal-data.ts";

export interface SiteErrorReport {
  error: { name: string; message: string; stack?: string | undefined };
  level: "error" | "warning" | "info";
  owner: string;
  tags: Record<string, string>;
  componentName?: string | undefined;
}

export interface ErrorReporterOptions {
  send(report: SiteErrorReport): void;
  /** Epoch milliseconds. */
  now(): number;
  perMinute?: number;
}

export interface ErrorReporter {
  /** Reports an error; false when it was a duplicate or over the page's rate. */
  report(
    error: unknown,
    options?: {
      level?: SiteErrorReport["level"];
      owner?: string;
      tags?: Record<string, string>;
      componentName?: string;
    },
  ): boolean;
  /** How many reports were held back (duplicates, rate). */
  suppressed(): number;
}

/** Any thrown value as the report's error: name, message, stack (bounded). */
export function errorOf(error: unknown): SiteErrorReport["error"] {
  if (error instanceof Error) {
    return {
      name: error.name || "Error",
      message: error.message.slice(0, 5000),
      ...(error.stack ? { stack: error.stack.slice(0, 20_000) } : {}),
    };
  }
  return { name: "Error", message: String(error).slice(0, 5000) };
}

export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const perMinute = options.perMinute ?? siteConstants.errorReportsPerMinute;
  const seen = new Set<string>();
  let sentAt: number[] = [];
  let suppressed = 0;
  return {
    report(thrown, reportOptions = {}) {
      const error = errorOf(thrown);
      const key = JSON.stringify([error.name, error.message, reportOptions.componentName ?? ""]);
      const now = options.now();
      sentAt = sentAt.filter((at) => now - at < 60_000);
      if (seen.has(key) || sentAt.length >= perMinute) {
        suppressed++;
        return false;
      }
      seen.add(key);
      sentAt.push(now);
      // The error's name is its kind (`ChunkLoadError`), never a person's: kept as it is.
      const { name, ...detail } = error;
      const clean = redactPersonalData({ detail, tags: reportOptions.tags ?? {} });
      const report: SiteErrorReport = {
        error: { name, ...clean.detail },
        level: reportOptions.level ?? "error",
        owner: reportOptions.owner ?? siteConstants.defaultErrorOwner,
        tags: clean.tags,
        ...(reportOptions.componentName ? { componentName: reportOptions.componentName } : {}),
      };
      options.send(report);
      return true;
    },
    suppressed: () => suppressed,
  };
}

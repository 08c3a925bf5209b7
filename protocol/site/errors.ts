/**
 * The error-reporting vocabulary of SPEC.md §8–§9 shared by every provider page: the chunk
 * load failure ("Loading chunk {id} failed", 120 s timeout), the client-script load failure
 * (its own kind), the local-file read failure (`LOCAL_BROWSER_FILE_READ_ERROR`), the status
 * code groups, and the default owner. `actors/site/errors.ts` sends the reports.
 */
import { siteConstants } from "./constants.ts";

export const LOCAL_BROWSER_FILE_READ_ERROR = "LOCAL_BROWSER_FILE_READ_ERROR";

export const chunkLoadFailedMessage = (id: string) => `Loading chunk ${id} failed`;

/** A lazily loaded chunk did not load, or not within `siteConstants.chunkTimeoutMs`. */
export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
  readonly reason: "failed" | "timeout";
  constructor(
    readonly chunkId: string,
    reason: "failed" | "timeout" = "failed",
  ) {
    super(chunkLoadFailedMessage(chunkId));
    this.reason = reason;
  }
}

/** The provider's client script (the platform SDK's classic script) did not load. */
export class ClientScriptLoadError extends Error {
  override readonly name = "ClientScriptLoadError";
  constructor(readonly scriptUrl: string) {
    super(`The ${scriptUrl.split("?")[0]} script failed to load`);
  }
}

/** A file the person chose could not be read by the browser. */
export class LocalBrowserFileReadError extends Error {
  override readonly name = "LocalBrowserFileReadError";
  readonly code = LOCAL_BROWSER_FILE_READ_ERROR;
  constructor(message = "The file could not be read.") {
    super(message);
  }
}

export type StatusCodeGroup = "1xx" | "2xx" | "3xx" | "4xx" | "5xx" | "unknown";

/** SPEC.md §8: 100–599 by hundreds; anything else (0, 600, NaN, 99.5) is unknown. */
export function statusCodeGroup(status: unknown): StatusCodeGroup {
  if (typeof status !== "number" || !Number.isInteger(status)) return "unknown";
  if (status < 100 || status > 599) return "unknown";
  return `${Math.floor(status / 100)}xx` as StatusCodeGroup;
}

/**
 * Imports a chunk, turning any failure — and a load still pending after the timeout — into
 * a `ChunkLoadError` naming the chunk.
 */
export function loadChunk<T>(
  id: string,
  load: () => Promise<T>,
  timers: {
    setTimeout(callback: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  } = {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  timeoutMs: number = siteConstants.chunkTimeoutMs,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = timers.setTimeout(() => reject(new ChunkLoadError(id, "timeout")), timeoutMs);
    let started: Promise<T>;
    try {
      started = load();
    } catch {
      timers.clearTimeout(timer);
      reject(new ChunkLoadError(id));
      return;
    }
    started.then(
      (value) => {
        timers.clearTimeout(timer);
        resolve(value);
      },
      () => {
        timers.clearTimeout(timer);
        reject(new ChunkLoadError(id));
      },
    );
  });
}

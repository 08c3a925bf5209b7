/**
 * Graceful shutdown (issue 15, item 2). On SIGTERM (or SIGINT) a served API process stops
 * listening, so a new connection is refused; a request that reaches it anyway (on a
 * connection opened before, its headers still arriving) is answered 503 `api_error` /
 * `shutting_down` with `Retry-After` and `Connection: close` before anything of it runs;
 * the requests already in flight run to their end, commit and are answered, each with
 * `Connection: close`; only then is the database closed. A request still running when the
 * grace period ends (`SHUTDOWN_GRACE_MS`, 15 s by default: above the 10 s request deadline,
 * so every request that keeps to its deadline ends inside it) has its connection cut, and
 * nothing of it commits: `route.ts` rolls it back at the moment before COMMIT, as it does a
 * request past its deadline (`deadline.ts`).
 */
import type { Server } from "node:http";
import type { MiddlewareHandler } from "hono";
import type { AppEnv, ShutdownState } from "./context.ts";
import { ApiError } from "./errors.ts";

export const defaultShutdownGraceMs = 15_000;

export const shuttingDown = () =>
  new ApiError(
    503,
    "api_error",
    "The server is shutting down; nothing of this request ran. Retry it (with the same Idempotency-Key for a POST).",
    { code: "shutting_down", headers: { "Retry-After": "1", Connection: "close" } },
  );

export interface Drain extends ShutdownState {
  /** The app's middleware: counts the requests in flight, refuses new ones once draining. */
  readonly middleware: MiddlewareHandler<AppEnv>;
  /** From now on new requests are refused; resolves when none is in flight. */
  begin(): Promise<void>;
  /** The grace period is over: no request in flight may commit any more. */
  cutOff(): void;
}

export function createDrain(): Drain {
  let draining = false;
  let cut = false;
  let inFlight = 0;
  let settle: (() => void) | undefined;
  const settled = new Promise<void>((done) => {
    settle = done;
  });
  const finished = () => {
    if (draining && inFlight === 0) settle?.();
  };
  return {
    middleware: async (c, next) => {
      if (draining) throw shuttingDown();
      inFlight++;
      try {
        await next();
      } finally {
        inFlight--;
        // Told while it ran, the client does not send another request on this connection.
        if (draining) c.header("Connection", "close");
        finished();
      }
    },
    get cut() {
      return cut;
    },
    begin() {
      draining = true;
      finished();
      return settled;
    },
    cutOff() {
      cut = true;
    },
  };
}

/**
 * Shuts `server` down: `drain` (the app's, when it has one) refuses new requests, the server
 * stops listening, idle connections are closed at once and each busy one as soon as its
 * answer is sent. Resolves when every connection has ended and no request is in flight, or
 * when `graceMs` have passed: then the requests still in flight are cut off (they may no
 * longer commit) and their connections closed. Resolves `true` when some were cut.
 */
export async function shutDown(server: Server, graceMs: number, drain?: Drain): Promise<boolean> {
  const settled = drain?.begin();
  const closed = new Promise<void>((done) => server.close(() => done()));
  // A kept-alive connection whose answer was sent is idle again: close it then.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const graceOver = new Promise<"cut">((done) => {
    timer = setTimeout(() => done("cut"), graceMs);
  });
  const outcome = await Promise.race([Promise.all([closed, settled]), graceOver]);
  clearTimeout(timer);
  if (outcome === "cut") {
    drain?.cutOff();
    server.closeAllConnections();
    await closed;
  }
  clearInterval(idle);
  return outcome === "cut";
}

/**
 * Request timeouts. Every API request runs against a deadline (`config.requestTimeoutMs`):
 * past it, the client is answered 503 `api_error` / `request_timeout` with `Retry-After`,
 * and a writing request's transaction rolls back — never both a timeout answer and a
 * commit. The one decision point is the moment before COMMIT (`route.ts`): a request whose
 * deadline has passed rolls back there; one that reached it first commits, and its answer
 * is sent whenever the commit ends (the timer no longer answers for it). A handler that is
 * still running when its deadline passes is not interrupted: its transaction holds its
 * connection until its next step ends, then rolls back; its late answer is discarded. So a
 * retry with the same Idempotency-Key runs once: its claim waits for the timed-out
 * transaction's rollback (PostgreSQL's unique index; PGlite runs one transaction at a time).
 */
import { ApiError } from "./errors.ts";

export interface Deadline {
  /** The deadline passed before the commit began: the request must not commit. */
  readonly expired: boolean;
  /** Called right before COMMIT: throws when the deadline has passed, else holds the answer. */
  beginCommit(): void;
}

export const requestTimedOut = (ms: number) =>
  new ApiError(
    503,
    "api_error",
    `The request did not finish within ${ms} ms; nothing of it was committed. Retry it (with the same Idempotency-Key for a POST).`,
    { code: "request_timeout", headers: { "Retry-After": "1" } },
  );

/**
 * Runs `work` against a deadline `ms` from now (0: none): its result, or the typed 503 when
 * the deadline passes first and the work has not begun to commit.
 */
export function withDeadline<T>(ms: number, work: (deadline: Deadline) => Promise<T>): Promise<T> {
  let expired = false;
  let committing = false;
  const deadline: Deadline = {
    get expired() {
      return expired;
    },
    beginCommit() {
      if (expired) throw requestTimedOut(ms);
      committing = true;
    },
  };
  const running = work(deadline);
  if (!(ms > 0)) return running;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // A commit under way decides the answer: wait for it.
      if (committing) return;
      expired = true;
      reject(requestTimedOut(ms));
    }, ms);
  });
  // The work's own end, after a timeout was answered, is nobody's to see.
  running.catch(() => {});
  return Promise.race([running, expiry]).finally(() => clearTimeout(timer));
}

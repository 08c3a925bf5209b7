/**
 * Is this error the database being out of reach (issue 15)? PostgreSQL down or restarting,
 * the connection refused, reset or terminated: the API answers those 503
 * `database_unavailable` with Retry-After (`http/errors.ts`) instead of a generic 500.
 * Recognised by the driver's error alone (`pg`, Node's socket errors, PostgreSQL's SQLSTATE):
 * a query's own failure (a constraint, a cancelled statement) is not an outage.
 */

/** Node's socket and DNS errors on the way to the database. */
const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
  "ENOTFOUND",
]);

/**
 * PostgreSQL's: 57P01 admin_shutdown (a fast shutdown, `pg_terminate_backend`), 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up, in recovery), 53300
 * too_many_connections (the server refuses a new connection); and class 08, the connection
 * exceptions (08000, 08003 connection_does_not_exist, 08006 connection_failure, 08001, 08004,
 * 08007, 08P01).
 */
const sqlStates = new Set(["57P01", "57P02", "57P03", "53300"]);
const connectionException = /^08[0-9A-Z]{3}$/;

/**
 * `pg`'s own errors, which carry no code: the socket closed under a query ("Connection
 * terminated unexpectedly"; "Connection terminated" when the client was being ended; "…
 * due to connection timeout" when connecting took too long), a query that waited longer than
 * the pool's connection timeout for a free connection ("timeout exceeded when trying to
 * connect"), or a query on a client whose connection failed before.
 */
const driverMessages = [
  /^Connection terminated\b/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
];

/** True when `error` says the database could not be reached or the connection dropped. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (networkCodes.has(code) || sqlStates.has(code) || connectionException.test(code)) {
      return true;
    }
  }
  if (typeof message === "string" && driverMessages.some((known) => known.test(message))) {
    return true;
  }
  // Connecting to a name with several addresses fails with one error per address.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}

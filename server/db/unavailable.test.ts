/**
 * `isDatabaseUnavailable`: which driver errors mean the database is out of reach (answered
 * 503 `database_unavailable`), and which are a query's own failure (answered as before).
 */
import { type AddressInfo, createServer } from "node:net";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./connect.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

/** An error as `pg` makes one from a PostgreSQL ErrorResponse. */
function postgresError(code: string, message: string) {
  const error = new pg.DatabaseError(message, message.length, "error");
  error.code = code;
  return error;
}

/** A Node socket error, as `net` makes one. */
function socketError(code: string) {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: "connect" });
}

describe("isDatabaseUnavailable", () => {
  it.each([
    ["connection refused", socketError("ECONNREFUSED")],
    ["connection reset", socketError("ECONNRESET")],
    ["connect timed out", socketError("ETIMEDOUT")],
    ["host unreachable", socketError("EHOSTUNREACH")],
    [
      "57P01 admin_shutdown",
      postgresError("57P01", "terminating connection due to administrator command"),
    ],
    [
      "57P02 crash_shutdown",
      postgresError("57P02", "terminating connection because of crash of another server process"),
    ],
    ["57P03 cannot_connect_now", postgresError("57P03", "the database system is starting up")],
    ["53300 too_many_connections", postgresError("53300", "sorry, too many clients already")],
    ["08000 connection_exception", postgresError("08000", "connection exception")],
    ["08003 connection_does_not_exist", postgresError("08003", "connection does not exist")],
    ["08006 connection_failure", postgresError("08006", "connection failure")],
    ["08P01 protocol_violation", postgresError("08P01", "protocol violation")],
    ["the socket closed under a query", new Error("Connection terminated unexpectedly")],
    ["the client ended under a query", new Error("Connection terminated")],
    [
      "connecting took too long",
      new Error("Connection terminated due to connection timeout", { cause: new Error("x") }),
    ],
    [
      "waited too long for a free connection of the pool",
      new Error("timeout exceeded when trying to connect"),
    ],
    [
      "a query on a client whose connection failed",
      new Error("Client has encountered a connection error and is not queryable"),
    ],
    [
      "every address of a name refused",
      new AggregateError([socketError("ECONNREFUSED"), socketError("ECONNREFUSED")], "connect"),
    ],
  ])("%s: unavailable", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    [
      "a unique violation",
      postgresError("23505", "duplicate key value violates unique constraint"),
    ],
    ["a serialization failure", postgresError("40001", "could not serialize access")],
    [
      "a cancelled statement",
      postgresError("57014", "canceling statement due to statement timeout"),
    ],
    ["a syntax error", postgresError("42601", "syntax error at or near")],
    ["an unexpected error", new Error("injected fault")],
    ["a message that only mentions a connection", new Error("the connection terminated the deal")],
    ["an error whose code only begins like one", Object.assign(new Error("x"), { code: "08" })],
    ["an aggregate of other errors", new AggregateError([new Error("a"), new Error("b")])],
    ["not an error", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("%s: not unavailable", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("recognises the driver's real error when nothing listens on the port", async () => {
    // Port 1 (tcpmux) is privileged and served nowhere: the connection is refused.
    const client = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:1/x" });
    const error = await client.connect().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toMatchObject({ code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("a database host that accepts and never answers: every query gives up after the pool's connection timeout, as unavailable", async () => {
    // A TCP peer that takes the connection and says nothing, like a host behind a firewall
    // that drops packets once connected.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const handle = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/x`,
      migrate: false,
      connectTimeoutMs: 200,
    });
    try {
      // More queries than connections: some wait for the pool, others for their connect.
      // Without the timeout they would all wait for ever (and this test time out).
      const errors = await Promise.all(
        Array.from({ length: 12 }, () =>
          sql`select 1`.execute(handle.db).then(
            () => undefined,
            (failure: unknown) => failure,
          ),
        ),
      );
      for (const error of errors) expect(isDatabaseUnavailable(error)).toBe(true);
      const messages = new Set(errors.map((e) => (e as Error).message));
      expect(messages).toContain("timeout exceeded when trying to connect");
    } finally {
      await handle.close().catch(() => {});
      silent.close();
    }
  });
});

/**
 * The database out of reach (issue 15): a request the database cannot serve — PostgreSQL
 * gone, the connection refused or dropped under the request — is answered 503 `api_error` /
 * `database_unavailable` with Retry-After, not a generic 500. Nothing of it is written, the
 * Idempotency-Key it claimed is free again, and once the database is back the next request
 * succeeds and the retry with the same key charges once.
 *
 * Everywhere: the fault hook throws the driver's connection errors inside a charge. On
 * PostgreSQL: the API's pool reaches the database through a TCP proxy the test cuts (every
 * connection dropped, new ones refused, as a PostgreSQL restart does) and restores; and a
 * connection killed during the COMMIT itself, whose answer says it may have committed.
 */
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connect.ts";
import { chargesOf, connectedAccount } from "../money/money-test.ts";
import { type Called, testApi } from "../test/api.ts";
import { setupTestDatabase, testSchema } from "../test/db.ts";
import type { FaultHooks, FaultPoint } from "./context.ts";

const t = setupTestDatabase();

/** One fault, once, on the next request to `path`; then the server behaves. */
let armed: { point: FaultPoint; path: string; act: () => Promise<void> | void } | undefined;
const faults: FaultHooks = {
  async at(point, request) {
    if (!armed || armed.point !== point || armed.path !== request.path) return;
    const { act } = armed;
    armed = undefined;
    await act();
  },
};
const api = testApi(t, {}, [], faults);
afterEach(() => {
  armed = undefined;
});

/** The error `pg` makes of PostgreSQL's ErrorResponse `code`. */
function postgresError(code: string, message: string) {
  const error = new pg.DatabaseError(message, message.length, "error");
  error.code = code;
  return error;
}

function expectUnavailable(answer: Called, message = /nothing of this request was committed/) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get("Retry-After")).toBe("2");
  expect(answer.body.error).toMatchObject({ type: "api_error", code: "database_unavailable" });
  expect(answer.body.error.message).toMatch(message);
  expect(answer.body.error.request_id).toMatch(/^req_/);
}

async function setup(via: typeof api = api) {
  const a = await connectedAccount(api);
  const charge = (idem: string) =>
    via.post("/v1/charges", {
      ...a.as,
      headers: { ...a.as.headers, [api.headers.idempotencyKey]: idem },
      params: { amount: 2_000, currency: "usd", payment_method: "pm_card_visa" },
    });
  return { ...a, charge };
}

const keysStored = async () =>
  (await t.db.selectFrom("idempotency_keys").select("key").execute()).map((row) => row.key);

describe("the driver's connection errors inside a charge", () => {
  it.each([
    [
      "the connection terminated by PostgreSQL (57P01)",
      "afterWork" as const,
      () => postgresError("57P01", "terminating connection due to administrator command"),
    ],
    [
      "the socket closed under the query",
      "beforeCommit" as const,
      () => new Error("Connection terminated unexpectedly"),
    ],
    [
      "the connection reset",
      "beforeCommit" as const,
      () => Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
    ],
  ])(
    "%s: 503 database_unavailable, nothing written, the key free; the retry charges once",
    async (_, point, error) => {
      const a = await setup();
      armed = {
        point,
        path: "/v1/charges",
        act: () => {
          throw error();
        },
      };
      expectUnavailable(await a.charge("k-lost"));
      expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 0, ledger: 0 });
      expect(await keysStored()).toEqual([]);
      const retry = await a.charge("k-lost");
      expect(retry.status).toBe(200);
      const again = await a.charge("k-lost");
      expect(again.headers.get("Idempotent-Replayed")).toBe("true");
      expect(again.body.id).toBe(retry.body.id);
      expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 1, ledger: 1 });
    },
  );

  it("any other error is still a 500", async () => {
    const a = await setup();
    armed = {
      point: "afterWork",
      path: "/v1/charges",
      act: () => {
        throw postgresError("23505", "duplicate key value violates unique constraint");
      },
    };
    const answer = await a.charge("k-other");
    expect(answer.status).toBe(500);
    expect(answer.body.error).toEqual({
      type: "api_error",
      message: "An unexpected error occurred.",
      request_id: expect.stringMatching(/^req_/),
    });
  });
});

/**
 * A TCP proxy in front of PostgreSQL: `cut()` drops every connection through it and refuses
 * new ones (what a stopped PostgreSQL does to the pool); `restore()` listens again.
 */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((listening, failed) => {
      server.once("error", failed);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", failed);
        listening();
      });
    });
  // A port of 4770–4799 (the range this machine's test servers keep to).
  let port = 4770;
  for (; ; port++) {
    try {
      await listen(port);
      break;
    } catch (error) {
      if (port >= 4799 || (error as { code?: string }).code !== "EADDRINUSE") throw error;
    }
  }
  return {
    port,
    async cut() {
      const closed = new Promise((done) => server.close(done));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    async close() {
      if (server.listening) await this.cut();
    },
  };
}

describe.runIf(process.env.DATABASE_URL)("PostgreSQL out of reach", () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let proxied: DatabaseHandle;
  beforeAll(async () => {
    const url = new URL(process.env.DATABASE_URL!);
    proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    proxied = await openDatabase({ databaseUrl: url.href, schema: testSchema, migrate: false });
  });
  afterAll(async () => {
    await proxied?.close();
    await proxy?.close();
  });

  it("gone mid-request and between requests: 503 with Retry-After, nothing written; back, the next request succeeds and the retry charges once", async () => {
    // The API process, its pool reaching PostgreSQL through the proxy.
    const served = testApi({ db: proxied.db, handle: proxied }, {}, [], faults);
    const a = await setup(served);
    // Its pool holds a live connection, idle between requests.
    expect((await served.get("/v1/balance", a.as)).status).toBe(200);
    // The database goes away while a charge holds its Idempotency-Key, uncommitted.
    armed = { point: "afterWork", path: "/v1/charges", act: () => proxy.cut() };
    expectUnavailable(await a.charge("k-outage"));
    // Still away: a read, and the retry, are refused when the pool connects.
    expectUnavailable(await served.get("/v1/balance", a.as));
    expectUnavailable(await a.charge("k-outage"));
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 0, ledger: 0 });
    expect(await keysStored()).toEqual([]);

    await proxy.restore();
    // The pool kept no dead connection: the first request succeeds.
    const retry = await a.charge("k-outage");
    expect(retry.status).toBe(200);
    const again = await a.charge("k-outage");
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.id).toBe(retry.body.id);
    expect((await served.get("/v1/balance", a.as)).status).toBe(200);
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 1, ledger: 1 });
  });

  it("a connection lost during the COMMIT itself: 503 saying it may have committed; the retry with the key acts once", async () => {
    const a = await setup();
    // At COMMIT, a deferred trigger on the charge ends its own connection (57P01).
    await sql`create function die_at_commit() returns trigger language plpgsql as $$
      begin perform pg_terminate_backend(pg_backend_pid()); return null; end $$`.execute(t.db);
    await sql`create constraint trigger die_at_commit after insert on charges
      deferrable initially deferred for each row execute function die_at_commit()`.execute(t.db);
    let first: Called;
    try {
      first = await a.charge("k-commit");
    } finally {
      await sql`drop trigger die_at_commit on charges`.execute(t.db);
      await sql`drop function die_at_commit()`.execute(t.db);
    }
    expectUnavailable(first, /may have been committed/);
    // (PostgreSQL ended it before writing the commit: here nothing of it stayed.)
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 0, ledger: 0 });
    const retry = await a.charge("k-commit");
    expect(retry.status).toBe(200);
    expect((await a.charge("k-commit")).body.id).toBe(retry.body.id);
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 1, ledger: 1 });
  });
});

/**
 * Graceful shutdown of a served API (issue 15, item 2; `shutdown.ts`): `close()` refuses new
 * connections and answers a request that still reaches it 503 `shutting_down`, lets the
 * request in flight finish and commit, and past its grace period cuts the rest off, with
 * nothing of them committed. The SIGTERM of a real process is in `db/durability.test.ts`.
 */
import { request } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type ServerHandle, startServer } from "../main.ts";
import { chargesOf, connectedAccount } from "../money/money-test.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import type { FaultHooks } from "./context.ts";

const t = setupTestDatabase();
const api = testApi(t);

/** Holds the next charge after its work, inside its transaction, until released. */
let hold: { reached: () => void; released: Promise<void> } | undefined;
const faults: FaultHooks = {
  async at(point, { path }) {
    if (point !== "afterWork" || path !== "/v1/charges" || !hold) return;
    const { reached, released } = hold;
    hold = undefined;
    reached();
    await released;
  },
};

/** Arms the hold: `reached` resolves once a charge waits in it; `release` lets it go on. */
function holdNextCharge() {
  let reached!: () => void;
  let release!: () => void;
  const wasReached = new Promise<void>((done) => {
    reached = done;
  });
  hold = {
    reached,
    released: new Promise<void>((done) => {
      release = done;
    }),
  };
  return { reached: wasReached, release };
}

const servers: ServerHandle[] = [];
afterEach(async () => {
  hold = undefined;
  for (const server of servers.splice(0)) await server.close();
});

async function serve(shutdownGraceMs: number) {
  const server = await startServer({
    ports: { api: 0 },
    database: t.handle,
    webhooks: false,
    faults,
    shutdownGraceMs,
  });
  servers.push(server);
  return server;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A charge over a real socket (node:http, which shows the Connection header). */
function charge(
  port: number,
  a: { secretKey: string; accountId: string },
  idempotencyKey: string,
): Promise<Answer> {
  const body = "amount=2500&currency=usd&payment_method=pm_card_visa";
  return new Promise((done, fail) => {
    const call = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/v1/charges",
        headers: {
          Authorization: `Bearer ${a.secretKey}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          [api.headers.account]: a.accountId,
          [api.headers.idempotencyKey]: idempotencyKey,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () =>
          done({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
        response.on("error", fail);
      },
    );
    call.on("error", fail);
    call.end(body);
  });
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((done) => setTimeout(() => done(false), ms)),
  ]);

describe("close(): a graceful shutdown", () => {
  it("lets the charge in flight commit and answers it with Connection: close, refuses a new connection, and ends only after it", async () => {
    const a = await connectedAccount(api);
    const server = await serve(10_000);
    const held = holdNextCharge();
    const inFlight = charge(server.port, a, "k-in-flight");
    await held.reached;
    const closing = server.close();
    expect(await settledWithin(closing, 300)).toBe(false);
    await expect(charge(server.port, a, "k-new")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    held.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe("close");
    expect(JSON.parse(answer.body)).toMatchObject({ object: "charge", amount: 2500 });
    expect(await closing).toEqual({ cut: false });
    servers.splice(servers.indexOf(server), 1);
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 1, ledger: 1 });
  });

  it("answers a request whose headers arrive during the shutdown 503 shutting_down with Retry-After, and runs none of it", async () => {
    const a = await connectedAccount(api);
    const server = await serve(10_000);
    const body = "amount=2500&currency=usd&payment_method=pm_card_visa";
    const socket = connect(server.port, "127.0.0.1");
    await new Promise<void>((done) => socket.once("connect", () => done()));
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      received += chunk;
    });
    const ended = new Promise<void>((done) => socket.once("close", () => done()));
    // The request line is sent before the shutdown begins, the rest after.
    socket.write("POST /v1/charges HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    await new Promise((done) => setTimeout(done, 50));
    const closing = server.close();
    await new Promise((done) => setTimeout(done, 100));
    socket.write(
      [
        `Authorization: Bearer ${a.secretKey}`,
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${Buffer.byteLength(body)}`,
        `${api.headers.account}: ${a.accountId}`,
        "",
        body,
      ].join("\r\n"),
    );
    await ended;
    expect(await closing).toEqual({ cut: false });
    servers.splice(servers.indexOf(server), 1);
    const [head = "", text = ""] = received.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(head).toMatch(/\r\nconnection: close\r\n/i);
    expect(head).toMatch(new RegExp(`\\r\\n${api.headers.requestId}: req_`, "i"));
    expect(JSON.parse(text).error).toMatchObject({ type: "api_error", code: "shutting_down" });
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 0, ledger: 0 });
  });

  it("past the grace period cuts the charge still running off: its connection closes, it never commits, and the retry with its key charges once", async () => {
    const a = await connectedAccount(api);
    const server = await serve(200);
    const held = holdNextCharge();
    const inFlight = charge(server.port, a, "k-cut");
    inFlight.catch(() => {});
    await held.reached;
    const started = performance.now();
    expect(await server.close()).toEqual({ cut: true });
    servers.splice(servers.indexOf(server), 1);
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect(inFlight).rejects.toMatchObject({ code: "ECONNRESET" });
    // The handler goes on to its commit, which the shutdown refuses: it rolls back. The
    // retry's claim of the key waits for that end; had the cut charge committed, the retry
    // would replay it.
    held.release();
    const again = await serve(10_000);
    const retry = await charge(again.port, a, "k-cut");
    expect(retry.status).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 1, ledger: 1 });
  });
});

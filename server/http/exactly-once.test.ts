/**
 * Exactly once under faults: a fault injected at each point of a writing request (after the
 * work, after the answer is stored, after the commit; a dropped database connection on
 * PostgreSQL), then the client's retry with the same Idempotency-Key. The money moves once,
 * and the key never answers 409 afterwards (the process kill is in `db/durability.test.ts`;
 * the dropped connection's 503 `database_unavailable` in `database-unavailable.test.ts`).
 * A PostgreSQL connection dropped while idle in the pool leaves the process up (an
 * unhandled "error" event there would end it, and fail the test run).
 * And an answer that carries a key is never stored nor replayed (issue 14, item 8).
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { openDatabase } from "../db/connect.ts";
import { chargesOf, connectedAccount } from "../money/money-test.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import type { FaultHooks, FaultPoint } from "./context.ts";
import { carriesKey } from "./key-bearing.ts";

const t = setupTestDatabase();

/** One fault, once, on the next request to `path`; then the server behaves. */
let armed: { point: FaultPoint; path: string; act: FaultAction } | undefined;
type FaultAction = (db: Parameters<FaultHooks["at"]>[1]["db"]) => Promise<void>;
const faults: FaultHooks = {
  async at(point, request) {
    if (!armed || armed.point !== point || armed.path !== request.path) return;
    const { act } = armed;
    armed = undefined;
    await act(request.db);
  },
};
const api = testApi(t, {}, [], faults);
afterEach(() => {
  armed = undefined;
});

const fail: FaultAction = async () => {
  throw new Error("injected fault");
};

async function setup() {
  const a = await connectedAccount(api);
  const charge = (idem: string) =>
    api.post("/v1/charges", {
      ...a.as,
      headers: { ...a.as.headers, [api.headers.idempotencyKey]: idem },
      params: { amount: 2_000, currency: "usd", payment_method: "pm_card_visa" },
    });
  return { ...a, charge };
}

describe("a fault inside a charge, then the client's retry with the same key", () => {
  it("after the work, before the answer is stored: nothing commits; the retry charges once", async () => {
    const a = await setup();
    armed = { point: "afterWork", path: "/v1/charges", act: fail };
    const first = await a.charge("k-after-work");
    expect(first.status).toBe(500);
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 0, ledger: 0 });
    const retry = await a.charge("k-after-work");
    expect(retry.status).toBe(200);
    const again = await a.charge("k-after-work");
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.id).toBe(retry.body.id);
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 1, ledger: 1 });
  });

  it("after the answer is stored, before the commit (a crash between claim and finish): the key is free at once and acts once", async () => {
    const a = await setup();
    armed = { point: "beforeCommit", path: "/v1/charges", act: fail };
    expect((await a.charge("k-before-commit")).status).toBe(500);
    const stored = await t.db.selectFrom("idempotency_keys").selectAll().execute();
    expect(stored).toEqual([]);
    const retry = await a.charge("k-before-commit");
    expect(retry.status).toBe(200);
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 1, ledger: 1 });
    // 23 hours later the key still replays the one charge; it never answers 409.
    api.clock.now += 23 * 60 * 60;
    const later = await a.charge("k-before-commit");
    api.clock.now -= 23 * 60 * 60;
    expect(later.status).toBe(200);
    expect(later.body.id).toBe(retry.body.id);
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 1, ledger: 1 });
  });

  it("after the commit, before the answer is sent: the retry replays the committed charge", async () => {
    const a = await setup();
    armed = { point: "afterCommit", path: "/v1/charges", act: fail };
    expect((await a.charge("k-after-commit")).status).toBe(500);
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 1, ledger: 1 });
    const retry = await a.charge("k-after-commit");
    expect(retry.status).toBe(200);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 1, ledger: 1 });
  });

  it("a fault in a request without a key leaves no partial write (the charge and its ledger row go together)", async () => {
    const a = await setup();
    armed = { point: "afterWork", path: "/v1/charges", act: fail };
    const r = await api.post("/v1/charges", {
      ...a.as,
      params: { amount: 2_000, currency: "usd", payment_method: "pm_card_visa" },
    });
    expect(r.status).toBe(500);
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 0, ledger: 0 });
  });

  it("a typed error is the answer: a declined charge is stored and its 402 replayed", async () => {
    const a = await setup();
    const decline = () =>
      api.post("/v1/charges", {
        ...a.as,
        headers: { ...a.as.headers, [api.headers.idempotencyKey]: "k-declined" },
        params: { amount: 2_000, currency: "usd", payment_method: "pm_card_chargeDeclined" },
      });
    const first = await decline();
    expect(first.status).toBe(402);
    const retry = await decline();
    expect(retry.status).toBe(402);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect((await chargesOf(t.db, a.accountId)).charges).toBe(1);
  });
});

describe("a typed error thrown inside a handler's transaction block", () => {
  it("undoes the whole request, and its answer is stored and replayed under the key", async () => {
    const a = await setup();
    const payout = () =>
      api.post("/v1/payouts", {
        ...a.as,
        headers: { ...a.as.headers, [api.headers.idempotencyKey]: "k-no-funds" },
        params: { amount: 5_000 },
      });
    const first = await payout();
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(first.status).toBeLessThan(500);
    const retry = await payout();
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    const payouts = await t.db.selectFrom("payouts").select("id").execute();
    expect(payouts).toEqual([]);
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 0, ledger: 0 });
  });
});

describe.runIf(process.env.DATABASE_URL)("PostgreSQL: a dropped connection", () => {
  it("inside the transaction leaves no partial write, the next request succeeds, and the retry charges once", async () => {
    const a = await setup();
    armed = {
      point: "afterWork",
      path: "/v1/charges",
      act: async (db) => {
        await sql`select pg_terminate_backend(pg_backend_pid())`.execute(db!);
      },
    };
    const dropped = await a.charge("k-dropped");
    expect(dropped.status).toBe(503);
    expect(dropped.body.error).toMatchObject({ type: "api_error", code: "database_unavailable" });
    expect(dropped.headers.get("Retry-After")).toBe("2");
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 0, ledger: 0 });
    const balance = await api.get("/v1/balance", a.as);
    expect(balance.status).toBe(200);
    const retry = await a.charge("k-dropped");
    expect(retry.status).toBe(200);
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 1, ledger: 1 });
  });
});

describe.runIf(process.env.DATABASE_URL)(
  "PostgreSQL: a connection dropped while idle in the pool",
  () => {
    it("does not end the process: the pool drops it and the next request succeeds", async () => {
      const a = await setup();
      expect((await a.charge("k-before-drop")).status).toBe(200);
      // The connection that served it is idle in the pool now; it is ended from outside (what
      // a PostgreSQL restart, a failover or an idle timeout does).
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(t.db);
      const idle = rows[0]!.pid;
      const admin = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, migrate: false });
      try {
        await sql`select pg_terminate_backend(${idle})`.execute(admin.db);
        await expect
          .poll(async () => {
            const found = await sql`select 1 from pg_stat_activity where pid = ${idle}`.execute(
              admin.db,
            );
            return found.rows.length;
          })
          .toBe(0);
      } finally {
        await admin.close();
      }
      // The client's error has reached the pool (an unhandled one would end this process).
      await new Promise((done) => setTimeout(done, 100));
      const after = await a.charge("k-after-drop");
      expect(after.status).toBe(200);
      const { rows: now } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
        t.db,
      );
      expect(now[0]!.pid).not.toBe(idle);
      expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 2, ledger: 2 });
    });
  },
);

describe("the idempotency store never keeps or replays a key", () => {
  it("an account session's client_secret and a claim's keys are not stored; a retry is told, not replayed", async () => {
    const a = await setup();
    const create = () =>
      api.post("/v1/account_sessions", {
        key: a.secretKey,
        headers: { [api.headers.idempotencyKey]: "k-session" },
        params: { account: a.accountId, components: { payouts: { enabled: true } } },
      });
    const first = await create();
    expect(first.status).toBe(200);
    expect(first.body.client_secret).toMatch(/secret/);
    const claim = () =>
      api.post(endpoints.claim, {
        key: a.publishableKey,
        headers: { [api.headers.idempotencyKey]: "k-claim" },
        params: { client_secret: first.body.client_secret, key: a.publishableKey },
      });
    const claimed = await claim();
    expect(claimed.status).toBe(200);
    const stored = await t.db.selectFrom("idempotency_keys").selectAll().execute();
    expect(stored.map((row) => [row.key, row.response_status, row.response_body])).toEqual(
      expect.arrayContaining([
        ["k-session", 200, null],
        ["k-claim", 200, null],
      ]),
    );
    const everything = JSON.stringify(stored);
    expect(everything).not.toContain(first.body.client_secret);
    expect(everything).not.toContain(claimed.body.api_key);
    for (const retry of [await create(), await claim()]) {
      expect(retry.status).toBe(400);
      expect(retry.body.error).toMatchObject({
        type: "idempotency_error",
        code: "idempotency_answer_not_stored",
      });
      expect(JSON.stringify(retry.body)).not.toMatch(/acs_secret_|ek_test_|uk_test_/);
    }
    const sessions = await t.db.selectFrom("account_sessions").select("id").execute();
    expect(sessions).toHaveLength(1);
    const keys = await t.db.selectFrom("session_keys").select("id").execute();
    expect(keys).toHaveLength(1);
  });

  it("an answer without a key is stored and replayed as before", async () => {
    const a = await setup();
    await a.charge("k-plain");
    const [row] = await t.db.selectFrom("idempotency_keys").selectAll().execute();
    expect(JSON.parse(row!.response_body!)).toMatchObject({ object: "charge" });
  });
});

describe("carriesKey", () => {
  it.each([
    [{ api_key: "anything" }, true],
    [{ nested: [{ user_session_api_key: "x" }] }, true],
    [{ refresh_token: "r" }, true],
    [{ client_secret: "c" }, true],
    [{ note: "sk_test_abc" }, true],
    [{ note: "uk_test_abc" }, true],
    [{ client_secret: null, api_key: "" }, false],
    [{ publishable_key: "pk_test_abc", id: "ch_1", secret_enabled: true }, false],
    [{ error: { message: "Invalid API Key provided: sk_test_****abcd" } }, false],
  ])("%j → %s", (value, expected) => {
    expect(carriesKey(value)).toBe(expected);
  });
});

/**
 * PGlite in a worker thread (`pglite-thread.ts`), as `npm start` runs it: the same
 * migrations, the same answers and errors as in process, transactions that own the backend
 * from BEGIN to COMMIT, and files another process (or an in-process PGlite) opens after it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provider } from "../../protocol/provider.ts";
import { createApp } from "../app.ts";
import { createPlatform } from "../platforms/platforms.ts";
import { type DatabaseHandle, openDatabase } from "./connect.ts";

let dataDir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "pglite-thread-"));
  handle = await openDatabase({ dataDir, thread: true });
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("PGlite in a worker thread", () => {
  it("answers rows with the same parsing as in process: int8 as numbers, jsonb as objects, timestamps as dates", async () => {
    const { rows } = await sql<{ a: number; b: Date; c: { x: number } }>`
      select 9007199254740991::int8 as a, now() as b, '{"x":1}'::jsonb as c`.execute(handle.db);
    expect(rows[0]!.a).toBe(Number.MAX_SAFE_INTEGER);
    expect(rows[0]!.b).toBeInstanceOf(Date);
    expect(rows[0]!.c).toEqual({ x: 1 });
    expect(handle.threadBusyMs?.()).toBeGreaterThan(0);
  });

  it("a database error keeps its PostgreSQL fields (a unique violation's code and constraint)", async () => {
    await sql`create table thread_unique (k text primary key)`.execute(handle.db);
    await sql`insert into thread_unique values ('a')`.execute(handle.db);
    const error = await sql`insert into thread_unique values ('a')`
      .execute(handle.db)
      .catch((e: unknown) => e as Record<string, unknown>);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "thread_unique_pkey" });
  });

  it("a transaction owns the backend: a query issued meanwhile waits for its commit, a rolled-back one leaves nothing", async () => {
    await sql`create table thread_tx (n int)`.execute(handle.db);
    const seen: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = handle.db.transaction().execute(async (trx) => {
      await sql`insert into thread_tx values (1)`.execute(trx);
      await held;
      seen.push("committing");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = sql<{ n: number }>`select count(*)::int as n from thread_tx`
      .execute(handle.db)
      .then((r) => {
        seen.push(`read ${r.rows[0]!.n}`);
      });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([tx, outside]);
    expect(seen).toEqual(["committing", "read 1"]);
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into thread_tx values (2)`.execute(trx);
        throw new Error("undo");
      })
      .catch(() => {});
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from thread_tx`.execute(
      handle.db,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("serves the API: an idempotent charge over the worker replays the one charge", async () => {
    const app = createApp({ db: handle.db, config: { rateLimitPerSecond: 0 } });
    const { secretKey } = await createPlatform(
      handle.db,
      { business_name: "Thread Test", country: "US" },
      Math.floor(Date.now() / 1000),
    );
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      app.request(path, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${secretKey}`,
          "Content-Type": "application/x-www-form-urlencoded",
          ...headers,
        },
        body,
      });
    const account = (await (await post("/v1/accounts", "type=custom")).json()) as { id: string };
    const charge = () =>
      post("/v1/charges", "amount=1500&currency=usd&payment_method=pm_card_visa", {
        [provider.headers.account]: account.id,
        [provider.headers.idempotencyKey]: "thread-once",
      });
    const first = await charge();
    const second = await charge();
    expect(first.status).toBe(200);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    const made = await handle.db
      .selectFrom("charges")
      .select("id")
      .where("account_id", "=", account.id)
      .execute();
    expect(made.map((c) => c.id)).toEqual([((await first.json()) as { id: string }).id]);
  });

  it("leaves its files for the next open: PGlite in process finds what the worker wrote", async () => {
    await sql`create table thread_files (v text)`.execute(handle.db);
    await sql`insert into thread_files values ('kept')`.execute(handle.db);
    await handle.close();
    const again = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ v: string }>`select v from thread_files`.execute(again.db);
      expect(rows).toEqual([{ v: "kept" }]);
    } finally {
      await again.close();
    }
    handle = await openDatabase({ dataDir, thread: true });
  }, 120_000);
});

/**
 * The warm-up before the API listens (`warm-up.ts`, issue 15 item 4): `startServer` runs the
 * claim, list, balance, payout and charge paths on the sandbox's main account before it
 * listens, says it listens only after that, and the warm-up leaves nothing in the database.
 */
import { afterAll, describe, expect, it } from "vitest";
import { provider } from "../protocol/provider.ts";
import { startServer } from "./main.ts";
import { seedSandbox } from "./sandbox/seed.ts";
import { setupTestDatabase } from "./test/db.ts";

const t = setupTestDatabase();
/** A small sandbox (each test starts from empty tables). */
const seed = () => seedSandbox(t.db, { payments: 5, days: 2 });

/** Rows of the tables a warm-up request would write to, were it not rolled back. */
async function written() {
  const counts: Record<string, number> = {};
  for (const table of [
    "account_sessions",
    "api_keys",
    "payouts",
    "charges",
    "balance_transactions",
    "idempotency_keys",
    "events",
  ] as const) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe("the warm-up before the API listens", () => {
  const lines: string[] = [];
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it("runs every hot path on the sandbox's main account, announces listening only after it, and writes nothing", async () => {
    const sandbox = await seed();
    const before = await written();
    server = await startServer({
      ports: { api: 0 },
      database: t.handle,
      webhooks: false,
      warmUpRounds: 2,
      beforeListen: async () => ({
        secretKey: sandbox.secretKey,
        publishableKey: sandbox.publishableKey,
        accountId: sandbox.mainAccountId,
      }),
      log: (line) => lines.push(line),
    });
    expect(server.warmUp).toEqual([
      { name: "create account session", status: 200 },
      { name: "claim", status: 200 },
      { name: "list charges", status: 200 },
      { name: "balance", status: 200 },
      { name: "list charges (secret key)", status: 200 },
      { name: "balance (secret key)", status: 200 },
      { name: "create payout", status: 200 },
      { name: "create charge", status: 200 },
      { name: "list charges (secret key), served app", status: 200 },
      { name: "balance (secret key), served app", status: 200 },
    ]);
    // Ready means warmed: the port is listened on only after the last warm-up request.
    const listening = lines.findIndex((line) => line.startsWith("listening on"));
    expect(listening).toBe(lines.length - 1);
    expect(lines.slice(0, listening).every((line) => line.startsWith("warm-up: "))).toBe(true);
    expect(lines[listening - 1]).toMatch(/^warm-up: done in \d+ ms$/);
    // Nothing of it stayed: no session, key, payout, charge, ledger row, stored answer or event.
    expect(await written()).toEqual(before);
    // And the API answers on its port.
    const balance = await fetch(`${server.url}/v1/balance`, {
      headers: {
        Authorization: `Bearer ${sandbox.secretKey}`,
        [provider.headers.account]: sandbox.mainAccountId,
      },
    });
    expect(balance.status).toBe(200);
  });

  it("without sandbox keys there is no warm-up, and the API listens at once", async () => {
    const log: string[] = [];
    const bare = await startServer({
      ports: { api: 0 },
      database: t.handle,
      webhooks: false,
      beforeListen: async () => undefined,
      log: (line) => log.push(line),
    });
    try {
      expect(bare.warmUp).toEqual([]);
      expect(log).toEqual([expect.stringMatching(/^listening on http:/)]);
    } finally {
      await bare.close();
    }
  });
});

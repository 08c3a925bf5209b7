/**
 * The server benchmark's API process (`server.bench.ts` spawns it, so the load generator and
 * the server do not share an event loop): opens a fresh database (PGlite in `--pglite <dir>`,
 * or PostgreSQL at `--postgres <url>`), seeds the sandbox with `--payments` payments of
 * history on its main account (the seed's own multi-row inserts, ledger summary included),
 * pre-creates `--sessions` account sessions (each client secret is single-use), claims one
 * for the list and payout calls, serves the API on a free loopback port, and prints one JSON
 * line with what the load generator needs. It stops when its stdin closes.
 *
 * `--serve-only` (PostgreSQL): a second API process over a database another one seeded; it
 * prints `{"url": ...}`. A line `check` on stdin prints the ledger check of the soak
 * (`LedgerCheck`): every balance equals the sum of its balance transactions, no available
 * balance is negative, and no soak key (`metadata[soak_key]`, one per logical request) made
 * two objects. A line `cpu` prints the process's CPU and busy event-loop time so far
 * (`CpuSpent`).
 */
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { endpoints } from "../protocol/endpoints.ts";
import { openDatabase } from "../server/db/connect.ts";
import { pgliteThreadFromEnv, startServer } from "../server/main.ts";
import { balanceOf } from "../server/money/ledger.ts";
import { seedSandbox } from "../server/sandbox/seed.ts";

export interface ServedBackend {
  kind: "pglite" | "postgres";
  url: string;
  publishableKey: string;
  clientSecrets: string[];
  /** A claimed account-session key of the main account (payments and payouts enabled). */
  sessionKey: string;
  /** Charge ids spread over the whole history, for `starting_after` at any depth. */
  cursors: string[];
  charges: number;
  available: { amount: number; currency: string }[];
  seedSeconds: number;
  sessionSeconds: number;
  /** The platform's secret key and the accounts the soak charges (the enabled ones). */
  secretKey: string;
  soakAccounts: string[];
}

export interface LedgerCheck {
  accounts: number;
  /** Accounts whose balance (available + pending) differs from the sum of their rows. */
  mismatched: number;
  /** Accounts with a negative available balance. */
  negative: number;
  /** Soak keys that made more than one charge, refund or payout. */
  duplicated: number;
  /** Objects the soak made (charges, refunds, payouts carrying a soak key). */
  made: number;
}

const { values } = parseArgs({
  options: {
    pglite: { type: "string" },
    postgres: { type: "string" },
    payments: { type: "string" },
    sessions: { type: "string" },
    "serve-only": { type: "boolean" },
  },
});
const payments = Number(values.payments ?? 100_000);
const sessions = Number(values.sessions ?? 1000);

const database = await openDatabase(
  values.postgres
    ? { databaseUrl: values.postgres }
    : { dataDir: values.pglite!, thread: pgliteThreadFromEnv() },
);
const server = await startServer({ database, ports: { api: 0 } });
const { app, database: handle } = server;
if (values["serve-only"]) {
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  stopOnStdinClose();
} else {
  await seedAndServe();
}

async function seedAndServe() {
  async function form(path: string, key: string, body: Record<string, string>) {
    const response = await app.request(path, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${key}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(body).toString(),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200)
      throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  }

  let started = performance.now();
  const seeded = await seedSandbox(handle.db, { payments });
  const seedSeconds = (performance.now() - started) / 1000;
  const account = seeded.mainAccountId;

  started = performance.now();
  const sessionParams = {
    account,
    "components[payments][enabled]": "true",
    "components[payouts][enabled]": "true",
    "components[payouts][features][standard_payouts]": "true",
  };
  const clientSecrets: string[] = [];
  for (let i = 0; i < sessions; i++) {
    const session = await form(endpoints.accountSessions, seeded.secretKey, sessionParams);
    clientSecrets.push(session.client_secret as string);
  }
  const mine = await form(endpoints.accountSessions, seeded.secretKey, sessionParams);
  const claimed = await form(endpoints.claim, seeded.publishableKey, {
    client_secret: mine.client_secret as string,
    key: seeded.publishableKey,
  });
  const sessionSeconds = (performance.now() - started) / 1000;

  const charges = await handle.db
    .selectFrom("charges")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", account)
    .executeTakeFirstOrThrow();
  const cursors = await handle.db
    .selectFrom("charges")
    .select("id")
    .where("account_id", "=", account)
    .orderBy("created", "desc")
    .orderBy("id", "desc")
    .execute();
  const step = Math.max(1, Math.floor(cursors.length / 50));
  const balance = (await (
    await app.request("/v1/balance", {
      headers: { Authorization: `Bearer ${claimed.api_key as string}` },
    })
  ).json()) as { available: { amount: number; currency: string }[] };

  const served: ServedBackend = {
    kind: handle.kind,
    url: server.url,
    publishableKey: seeded.publishableKey,
    clientSecrets,
    sessionKey: claimed.api_key as string,
    cursors: cursors.filter((_, i) => i % step === 0).map((c) => c.id),
    charges: Number(charges.n),
    available: balance.available,
    seedSeconds,
    sessionSeconds,
    secretKey: seeded.secretKey,
    soakAccounts: seeded.accounts.filter((a) => a.state === "enabled").map((a) => a.id),
  };
  process.stdout.write(`${JSON.stringify(served)}\n`);
  stopOnStdinClose();
}

/**
 * The process's CPU so far (every thread, the PGlite worker's included) and the time its
 * event loop was busy (the thread that serves HTTP), in ms: the bench divides their growth
 * over a run by the requests answered, a measure the machine's other load barely moves.
 */
export interface CpuSpent {
  cpuMs: number;
  loopMs: number;
}

function cpuSpent(): CpuSpent {
  const { user, system } = process.cpuUsage();
  return { cpuMs: (user + system) / 1000, loopMs: performance.eventLoopUtilization().active };
}

/** The soak's ledger check (see the header). */
async function checkLedger(): Promise<LedgerCheck> {
  const now = Math.floor(Date.now() / 1000);
  const accounts = await handle.db.selectFrom("accounts").select(["id", "livemode"]).execute();
  let mismatched = 0;
  let negative = 0;
  for (const account of accounts) {
    const balance = await balanceOf(handle.db, account.id, account.livemode, now);
    const rows = await handle.db
      .selectFrom("balance_transactions")
      .select(["currency", sql<number>`sum(net)`.as("net")])
      .where("account_id", "=", account.id)
      .groupBy("currency")
      .execute();
    for (const row of rows) {
      const available = balance.available.find((m) => m.currency === row.currency)?.amount ?? 0;
      const pending = balance.pending.find((m) => m.currency === row.currency)?.amount ?? 0;
      if (available + pending !== Number(row.net)) mismatched++;
      if (available < 0) negative++;
    }
  }
  const keyed = await sql<{ n: number; keys: number }>`
    select count(*)::int as n, count(distinct k)::int as keys from (
      select metadata->>'soak_key' as k from charges where metadata ? 'soak_key'
      union all select metadata->>'soak_key' from refunds where metadata ? 'soak_key'
      union all select metadata->>'soak_key' from payouts where metadata ? 'soak_key'
    ) made`.execute(handle.db);
  const { n, keys } = keyed.rows[0]!;
  return { accounts: accounts.length, mismatched, negative, duplicated: n - keys, made: n };
}

function stopOnStdinClose() {
  // Served until the benchmark closes our stdin (or dies); a line `check` checks the ledger.
  createInterface({ input: process.stdin }).on("line", async (line) => {
    if (line.trim() === "check") process.stdout.write(`${JSON.stringify(await checkLedger())}\n`);
    if (line.trim() === "cpu") process.stdout.write(`${JSON.stringify(cpuSpent())}\n`);
  });
  process.stdin.on("close", async () => {
    await server.close();
    // A run that ends on time leaves requests the load generator gave up on still running
    // here: let them finish before the database goes.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await database.close();
    process.exit(0);
  });
}

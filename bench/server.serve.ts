/**
 * The server benchmark's API process (`server.bench.ts` spawns it, so the load generator and
 * the server do not share an event loop): opens a fresh database (PGlite in `--pglite <dir>`,
 * or PostgreSQL at `--postgres <url>`), seeds the sandbox with `--payments` payments of
 * history on its main account (the seed's own multi-row inserts, ledger summary included),
 * pre-creates `--sessions` account sessions (each client secret is single-use), claims one
 * for the list and payout calls, serves the API on a free loopback port, and prints one JSON
 * line with what the load generator needs. It stops when its stdin closes.
 */
import { parseArgs } from "node:util";
import { endpoints } from "../protocol/endpoints.ts";
import { openDatabase } from "../server/db/connect.ts";
import { startServer } from "../server/main.ts";
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
}

const { values } = parseArgs({
  options: {
    pglite: { type: "string" },
    postgres: { type: "string" },
    payments: { type: "string" },
    sessions: { type: "string" },
  },
});
const payments = Number(values.payments ?? 100_000);
const sessions = Number(values.sessions ?? 1000);

const database = await openDatabase(
  values.postgres ? { databaseUrl: values.postgres } : { dataDir: values.pglite! },
);
const server = await startServer({ database, ports: { api: 0 } });
const { app, database: handle } = server;

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
};
process.stdout.write(`${JSON.stringify(served)}\n`);

// Served until the benchmark closes our stdin (or dies).
process.stdin.resume();
process.stdin.on("close", async () => {
  await server.close();
  // A run that ends on time leaves requests the load generator gave up on still running
  // here: let them finish before the database goes.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await database.close();
  process.exit(0);
});

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface, type Interface } from "node:readline";
import pg from "pg";
import { endpoints } from "../protocol/endpoints.ts";
import { provider } from "../protocol/provider.ts";
import type { BenchRow } from "./bench.ts";
import { capacity, type LoadRequest, type OpenLoopResult, openLoop } from "./open-loop.ts";
import type { CpuSpent, LedgerCheck, ServedBackend } from "./server.serve.ts";

/**
 * The reference provider under load (issues 3 and 15), measured open-loop: requests leave
 * at a fixed arrival rate and each latency counts from its scheduled send time, so a stall
 * is charged to every request that waited (`open-loop.ts`). The API runs on PGlite (a fresh
 * temp data directory) and on PostgreSQL (a fresh database on 127.0.0.1:5432, dropped
 * after; skipped when unreachable), each in a child process seeded with 100,000 payments on
 * one connected account. For each database:
 *
 * - claim, list payments (first pages, following pages and pages at any depth), balance and
 *   create payout (a fresh Idempotency-Key each) at 200 req/s for 5 s: p50, p99 (target
 *   ≤ 25 ms), 5xx;
 * - capacity: the highest rate of a step series at which the mix of 60 % list charges, 30 %
 *   balance and 10 % create charge keeps its p99 ≤ 25 ms (3 s per step);
 * - the soak: SOAK_SECONDS (default 60) at 200 req/s of claims, lists, balances, charges,
 *   refunds and payouts over the platform's enabled accounts, a fifth of the writes retried
 *   with the same key: zero 5xx, then the ledger check (every balance equals the sum of its
 *   rows, none negative, no retried key made two objects);
 * - PostgreSQL only: a second API process over the same database; the mix's capacity across
 *   both, beside one process's, and a short soak whose retries go to the other process.
 *
 * Every run is bounded in count or time; loopback only; the children and the databases are
 * removed at the end.
 */

/**
 * BENCH_PAYMENTS and SOAK_SECONDS shorten a trial run; the figures use the defaults.
 * BENCH_DATABASES=pglite skips PostgreSQL (=postgres skips PGlite); BENCH_SCENARIOS_ONLY=1 stops after the four
 * scenarios at 200 req/s (to compare configurations back to back, e.g. PGLITE_THREAD=0).
 */
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const RATE = 200;
const AT_RATE_SECONDS = 5;
const WARM_UP = 100;
const P99_TARGET_MS = 25;
const STEPS = [10, 25, 50, 100, 150, 200, 300, 400, 600];
const STEP_SECONDS = 3;
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const TWO_PROCESS_SOAK_SECONDS = 10;
/** Claims the soaks make: 5 % of their requests. */
const SOAK_CLAIMS = Math.ceil((SOAK_SECONDS + TWO_PROCESS_SOAK_SECONDS) * RATE * 0.05) + 10;
const POSTGRES = "postgres://postgres@127.0.0.1:5432";

type Scenario = "claim" | "list payments" | "balance" | "create payout";
const scenarios: Scenario[] = ["claim", "list payments", "balance", "create payout"];

interface Served {
  backend: ServedBackend;
  child: ChildProcess;
  lines: Interface;
}

/** Starts an API process and waits for its first line. */
async function spawnServe(
  args: string[],
): Promise<{ first: string; child: ChildProcess; lines: Interface }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", new URL("./server.serve.ts", import.meta.url).pathname, ...args],
    // The limit is counted (its cost is measured) but set above the load's rates.
    {
      stdio: ["pipe", "pipe", "inherit"],
      env: { ...process.env, RATE_LIMIT_PER_SECOND: "100000" },
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the API process exited (${code})`)));
  });
  return { first, child, lines };
}

async function serve(args: string[]): Promise<Served> {
  const sessions = WARM_UP + RATE * AT_RATE_SECONDS + SOAK_CLAIMS;
  const { first, child, lines } = await spawnServe([
    ...args,
    "--payments",
    String(PAYMENTS),
    "--sessions",
    String(sessions),
  ]);
  return { backend: JSON.parse(first) as ServedBackend, child, lines };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.stdin?.end();
  });
}

/** Asks the API process for its CPU so far. */
function cpuOf(served: Served): Promise<CpuSpent> {
  return new Promise((resolve) => {
    served.lines.once("line", (line) => resolve(JSON.parse(line) as CpuSpent));
    served.child.stdin!.write("cpu\n");
  });
}

/** Asks the API process for the ledger check of the soak. */
function checkLedger(served: Served): Promise<LedgerCheck> {
  return new Promise((resolve) => {
    served.lines.once("line", (line) => resolve(JSON.parse(line) as LedgerCheck));
    served.child.stdin!.write("check\n");
  });
}

const form = { "content-type": "application/x-www-form-urlencoded" };

/** The requests of the load: one scenario at a time, the mix, and the soak's. */
function requestsOf(b: ServedBackend, run: string) {
  const secrets = b.clientSecrets;
  const session = {
    Authorization: `Bearer ${b.sessionKey}`,
    [provider.headers.version]: provider.apiVersion,
  };
  const secret = (account: string) => ({
    Authorization: `Bearer ${b.secretKey}`,
    [provider.headers.account]: account,
  });
  let after: string | undefined;
  let n = 0;
  const made: { account: string; charge: string }[] = [];
  const claim = (): LoadRequest => {
    const clientSecret = secrets.shift();
    if (!clientSecret) throw new Error("out of client secrets");
    return {
      method: "POST",
      path: endpoints.claim,
      headers: form,
      body: new URLSearchParams({ client_secret: clientSecret, key: b.publishableKey }).toString(),
    };
  };
  const list = (i: number): LoadRequest => {
    // A first page, the page after it, a page at a random depth, and the page after that.
    const page = "/v1/charges?limit=10";
    const path =
      i % 4 === 0
        ? page
        : i % 4 === 2
          ? `${page}&starting_after=${b.cursors[Math.floor(Math.random() * b.cursors.length)]}`
          : after
            ? `${page}&starting_after=${after}`
            : page;
    return {
      method: "GET",
      path,
      headers: session,
      onAnswer: (status, body) => {
        if (status !== 200) return;
        const data = (JSON.parse(body) as { data?: { id: string }[] }).data ?? [];
        after = data[data.length - 1]?.id;
      },
    };
  };
  const balance = (): LoadRequest => ({ method: "GET", path: "/v1/balance", headers: session });
  const payout = (key = `${run}-payout-${n++}`): LoadRequest => ({
    method: "POST",
    path: "/v1/payouts",
    headers: { ...session, ...form, [provider.headers.idempotencyKey]: key },
    body: `amount=100&metadata[soak_key]=${key}`,
  });
  const charge = (account = b.soakAccounts[0]!, key = `${run}-charge-${n++}`): LoadRequest => ({
    method: "POST",
    path: "/v1/charges",
    headers: { ...secret(account), ...form, [provider.headers.idempotencyKey]: key },
    body: `amount=2500&currency=usd&payment_method=pm_card_visa&metadata[soak_key]=${key}`,
    onAnswer: (status, body) => {
      if (status === 200) made.push({ account, charge: (JSON.parse(body) as { id: string }).id });
    },
  });
  const refund = (key = `${run}-refund-${n++}`): LoadRequest => {
    const target = made[Math.floor(Math.random() * made.length)];
    if (!target) return balance();
    return {
      method: "POST",
      path: "/v1/refunds",
      headers: { ...secret(target.account), ...form, [provider.headers.idempotencyKey]: key },
      body: `charge=${target.charge}&amount=100&metadata[soak_key]=${key}`,
    };
  };
  const scenario = (name: Scenario) => (i: number) =>
    name === "claim"
      ? claim()
      : name === "list payments"
        ? list(i)
        : name === "balance"
          ? balance()
          : payout();
  /** 60 % list charges, 30 % balance, 10 % create charge (issue 15). */
  const mix = (i: number) => (i % 10 < 6 ? list(i) : i % 10 < 9 ? balance() : charge());
  /**
   * The soak: 5 % claims, 35 % lists, 20 % balances, 20 % charges over the enabled accounts,
   * 10 % refunds, 10 % payouts; a fifth of the writes are retries of an earlier write's key.
   */
  const retries: (() => LoadRequest)[] = [];
  const soak = (i: number): LoadRequest => {
    const slot = i % 20;
    if (slot === 0) return claim();
    if (slot < 8) return list(i);
    if (slot < 12) return balance();
    const retry = i % 5 === 0 ? retries.shift() : undefined;
    if (retry) return retry();
    const key = `${run}-soak-${n++}`;
    let write: () => LoadRequest;
    if (slot < 16) {
      const account = b.soakAccounts[i % b.soakAccounts.length]!;
      write = () => charge(account, key);
    } else if (slot < 18) {
      const request = refund(key);
      write = () => request;
    } else {
      write = () => payout(key);
    }
    retries.push(write);
    return write();
  };
  return { scenario, mix, soak };
}

/** The API process's CPU per answered request over a run (`CpuSpent`), in ms. */
interface PerRequest {
  cpuMs: number;
  loopMs: number;
}

interface Measured {
  atRate: Map<Scenario, OpenLoopResult>;
  perRequest: Map<Scenario, PerRequest>;
  capacity: { best: number; tried: OpenLoopResult[] };
  soak: OpenLoopResult;
  ledger: LedgerCheck;
  two?: {
    capacity: { best: number; tried: OpenLoopResult[] };
    soak: OpenLoopResult;
    ledger: LedgerCheck;
  };
}

const line = (r: OpenLoopResult) =>
  `${r.rate} req/s: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(0)} ms, ${r.failed} 5xx, ${r.unanswered} unanswered, ${r.clientErrors} 4xx, achieved ${r.achieved.toFixed(0)}/s`;

async function measure(served: Served, second?: () => Promise<Served>): Promise<Measured> {
  const b = served.backend;
  const origin = [b.url];
  const load = requestsOf(b, `${b.kind}-${Date.now()}`);
  const atRate = new Map<Scenario, OpenLoopResult>();
  const perRequest = new Map<Scenario, PerRequest>();
  for (const name of scenarios) {
    await openLoop(origin, 100, name === "claim" ? WARM_UP / 4 : WARM_UP, load.scenario(name));
    const before = await cpuOf(served);
    const result = await openLoop(origin, RATE, RATE * AT_RATE_SECONDS, load.scenario(name));
    const after = await cpuOf(served);
    const answered = Math.max(1, result.sent - result.unanswered);
    const per = {
      cpuMs: (after.cpuMs - before.cpuMs) / answered,
      loopMs: (after.loopMs - before.loopMs) / answered,
    };
    atRate.set(name, result);
    perRequest.set(name, per);
    console.error(
      `  ${b.kind} ${name} at ${line(result)}; per request ${per.cpuMs.toFixed(2)} ms CPU, ${per.loopMs.toFixed(2)} ms event loop`,
    );
  }
  if (process.env.BENCH_SCENARIOS_ONLY === "1") {
    const none = { best: 0, tried: [] };
    const empty = { ...(atRate.get("balance") as OpenLoopResult) };
    const ledger = { accounts: 0, mismatched: 0, negative: 0, duplicated: 0, made: 0 };
    return { atRate, perRequest, capacity: none, soak: empty, ledger };
  }
  const found = await capacity(origin, STEPS, STEP_SECONDS, P99_TARGET_MS, load.mix);
  for (const r of found.tried) console.error(`  ${b.kind} mix at ${line(r)}`);
  const soak = await openLoop(origin, RATE, RATE * SOAK_SECONDS, load.soak);
  console.error(`  ${b.kind} soak (${SOAK_SECONDS} s) at ${line(soak)}`);
  const ledger = await checkLedger(served);
  console.error(`  ${b.kind} ledger after the soak: ${JSON.stringify(ledger)}`);
  const out: Measured = { atRate, perRequest, capacity: found, soak, ledger };
  if (second) {
    const other = await second();
    try {
      const both = [b.url, other.backend.url];
      const two = await capacity(both, STEPS, STEP_SECONDS, P99_TARGET_MS, load.mix);
      for (const r of two.tried) console.error(`  ${b.kind} two processes, mix at ${line(r)}`);
      // Round robin: a retry (the same key, later) often lands on the other process.
      const twoSoak = await openLoop(both, RATE, RATE * TWO_PROCESS_SOAK_SECONDS, load.soak);
      const twoLedger = await checkLedger(served);
      console.error(
        `  ${b.kind} two processes, soak at ${line(twoSoak)}; ${JSON.stringify(twoLedger)}`,
      );
      out.two = { capacity: two, soak: twoSoak, ledger: twoLedger };
    } finally {
      await stop(other.child);
    }
  }
  return out;
}

/** A fresh PostgreSQL database, or why there is none. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | string> {
  const admin = new pg.Client({
    connectionString: `${POSTGRES}/postgres`,
    connectionTimeoutMillis: 3000,
  });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL unreachable at ${POSTGRES} (${(error as Error).message})`;
  }
  const name = `bench_server_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  return {
    url: `${POSTGRES}/${name}`,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function onBackend(
  kind: string,
  args: string[],
  cleanup: () => Promise<void>,
  secondArgs?: string[],
): Promise<Measured> {
  console.error(`  ${kind}: seeding ${PAYMENTS} payments and the account sessions`);
  let served: Served | undefined;
  try {
    served = await serve(args);
    const b = served.backend;
    console.error(
      `  ${kind}: ${b.charges} charges seeded in ${b.seedSeconds.toFixed(1)} s, sessions in ${b.sessionSeconds.toFixed(1)} s; available ${JSON.stringify(b.available)}`,
    );
    const second = secondArgs
      ? async (): Promise<Served> => {
          const { first, child, lines } = await spawnServe([...secondArgs, "--serve-only"]);
          return { backend: JSON.parse(first) as ServedBackend, child, lines };
        }
      : undefined;
    return await measure(served, second);
  } finally {
    if (served) await stop(served.child);
    await cleanup();
  }
}

function rowsOf(label: string, m: Measured): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const [scenario, r] of m.atRate) {
    rows.push({
      name: `${label} ${scenario} at ${RATE} req/s open-loop, p99`,
      value: r.p99,
      unit: "ms",
      target: P99_TARGET_MS,
      note: `p50 ${r.p50.toFixed(1)} ms, max ${r.max.toFixed(0)} ms, ${r.failed} 5xx and ${r.unanswered} unanswered in 10 s of ${r.sent}; achieved ${r.achieved.toFixed(0)}/s; per request ${m.perRequest.get(scenario)?.cpuMs.toFixed(2)} ms CPU, ${m.perRequest.get(scenario)?.loopMs.toFixed(2)} ms event loop`,
    });
  }
  const tried = (c: Measured["capacity"]) =>
    c.tried.map((r) => `${r.rate}: p99 ${r.p99.toFixed(0)}`).join(", ");
  rows.push({
    name: `${label} capacity: highest open-loop rate of the mix with p99 ≤ ${P99_TARGET_MS} ms`,
    value: m.capacity.best,
    unit: "req/s",
    target: RATE,
    higherIsBetter: true,
    note: `tried ${tried(m.capacity)} ms`,
  });
  rows.push(
    {
      name: `${label} soak ${SOAK_SECONDS} s at ${RATE} req/s: 5xx`,
      value: m.soak.failed,
      unit: "",
      target: 0,
      note: `p99 ${m.soak.p99.toFixed(0)} ms, ${m.soak.unanswered} unanswered in 10 s, ${m.soak.clientErrors} 4xx of ${m.soak.sent}`,
    },
    {
      name: `${label} soak: balances off their ledger, negative, keys that made two objects`,
      value: m.ledger.mismatched + m.ledger.negative + m.ledger.duplicated,
      unit: "",
      target: 0,
      note: JSON.stringify(m.ledger),
    },
  );
  if (m.two) {
    rows.push(
      {
        name: `${label} two API processes: capacity of the mix (p99 ≤ ${P99_TARGET_MS} ms)`,
        value: m.two.capacity.best,
        unit: "req/s",
        note: `one process: ${m.capacity.best} req/s; tried ${tried(m.two.capacity)} ms`,
      },
      {
        name: `${label} two API processes: soak 5xx, ledger and key faults`,
        value:
          m.two.soak.failed +
          m.two.ledger.mismatched +
          m.two.ledger.negative +
          m.two.ledger.duplicated,
        unit: "",
        target: 0,
        note: `${TWO_PROCESS_SOAK_SECONDS} s, retries on the other process; ${JSON.stringify(m.two.ledger)}`,
      },
    );
  }
  return rows;
}

export default async function (): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  if (process.env.BENCH_DATABASES !== "postgres") {
    const dir = mkdtempSync(join(tmpdir(), "bench-server-"));
    const lite = await onBackend("pglite", ["--pglite", dir], async () =>
      rmSync(dir, { recursive: true, force: true }),
    );
    rows.push(...rowsOf("PGlite", lite));
  }
  if (process.env.BENCH_DATABASES === "pglite") return rows;
  const postgres = await freshPostgres();
  if (typeof postgres === "string") {
    rows.push({ name: "PostgreSQL: skipped", value: 0, unit: "", note: postgres });
    return rows;
  }
  const onPostgres = await onBackend("postgres", ["--postgres", postgres.url], postgres.drop, [
    "--postgres",
    postgres.url,
  ]);
  rows.push(...rowsOf("PostgreSQL", onPostgres));
  return rows;
}

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import pg from "pg";
import { endpoints } from "../protocol/endpoints.ts";
import { provider } from "../protocol/provider.ts";
import type { BenchRow } from "./bench.ts";
import type { ServedBackend } from "./server.serve.ts";

/**
 * The reference provider under load (issue 3, item 7): the API on PGlite (a fresh temp data
 * directory) and on PostgreSQL (a fresh database on 127.0.0.1:5432, dropped after; skipped
 * when unreachable) in the same run, each seeded with 100,000 payments on one connected
 * account. For each of claim, list payments (first pages, following pages and pages at any
 * depth with `starting_after`) and create payout (small amounts, a fresh Idempotency-Key
 * each), autocannon from this process against the API in a child process: first at a fixed
 * 200 req/s (p50, p99, errors; target p99 ≤ 25 ms on PGlite), then as fast as 10 connections
 * go (max req/s over 5 s, or 800 claims; target PostgreSQL ≥ 2× PGlite). Every run is
 * bounded in count or time; loopback only; the child and the databases are removed at the end.
 */

const PAYMENTS = 100_000;
const RATE = 200;
const CONNECTIONS = 10;
/** Requests per scenario at the fixed rate (5 s at 200 req/s); seconds at full speed. */
const AT_RATE = 1000;
const MAX_SECONDS = 5;
/** Claims at full speed (each needs its own client secret, created beforehand). */
const CLAIMS_AT_MAX = 800;
const WARM_UP = 50;
const P99_TARGET_MS = 25;
const RATIO_TARGET = 2;
const POSTGRES = "postgres://postgres@127.0.0.1:5432";

type Scenario = "claim" | "list payments" | "create payout";
const scenarios: Scenario[] = ["claim", "list payments", "create payout"];

interface Figures {
  rate: autocannon.Result;
  max: autocannon.Result;
}

/** Starts the API process on one database and waits for its line. */
async function serve(args: string[]): Promise<{ backend: ServedBackend; child: ChildProcess }> {
  const sessions = WARM_UP + AT_RATE + CLAIMS_AT_MAX;
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      new URL("./server.serve.ts", import.meta.url).pathname,
      ...args,
      "--payments",
      String(PAYMENTS),
      "--sessions",
      String(sessions),
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the API process exited (${code})`)));
  });
  return { backend: JSON.parse(first) as ServedBackend, child };
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

/** The autocannon requests of one scenario; claim takes the next unused client secret. */
function requestsFor(scenario: Scenario, b: ServedBackend, secrets: string[], run: string) {
  const authed = {
    Authorization: `Bearer ${b.sessionKey}`,
    [provider.headers.version]: provider.apiVersion,
  };
  const form = { "content-type": "application/x-www-form-urlencoded" };
  switch (scenario) {
    case "claim":
      return [
        {
          method: "POST" as const,
          path: endpoints.claim,
          headers: form,
          setupRequest: (request: autocannon.Request) => {
            const secret = secrets.shift();
            if (!secret) throw new Error("out of client secrets");
            return {
              ...request,
              body: new URLSearchParams({
                client_secret: secret,
                key: b.publishableKey,
              }).toString(),
            };
          },
        },
      ];
    case "list payments": {
      // A first page, the page after it, a page at a random depth, and the page after that.
      const page = "/v1/charges?limit=10";
      const remember = (_status: number, body: string, context: Record<string, unknown>) => {
        const data = (JSON.parse(body) as { data?: { id: string }[] }).data ?? [];
        context.after = data[data.length - 1]?.id;
      };
      const after = (request: autocannon.Request, context: Record<string, unknown>) => ({
        ...request,
        path: `${page}&starting_after=${String(context.after)}`,
      });
      const deep = (request: autocannon.Request) => ({
        ...request,
        path: `${page}&starting_after=${b.cursors[Math.floor(Math.random() * b.cursors.length)]}`,
      });
      return [
        { method: "GET" as const, path: page, headers: authed, onResponse: remember },
        { method: "GET" as const, headers: authed, setupRequest: after, onResponse: remember },
        { method: "GET" as const, headers: authed, setupRequest: deep, onResponse: remember },
        { method: "GET" as const, headers: authed, setupRequest: after, onResponse: remember },
      ];
    }
    case "create payout": {
      let n = 0;
      return [
        {
          method: "POST" as const,
          path: "/v1/payouts",
          body: "amount=100",
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            headers: {
              ...authed,
              ...form,
              [provider.headers.idempotencyKey]: `bench-${run}-${n++}`,
            },
          }),
        },
      ];
    }
  }
}

/** `amount` requests (at `rate` req/s if given), or as many as go in `MAX_SECONDS`. */
function load(
  b: ServedBackend,
  scenario: Scenario,
  secrets: string[],
  amount: number | undefined,
  rate: number | undefined,
  run: string,
): Promise<autocannon.Result> {
  return autocannon({
    url: b.url,
    connections: CONNECTIONS,
    ...(amount ? { amount } : { duration: MAX_SECONDS }),
    ...(rate ? { overallRate: rate } : {}),
    timeout: 10,
    requests: requestsFor(scenario, b, secrets, run) as autocannon.Request[],
  });
}

const errorsOf = (r: autocannon.Result) => r.errors + r.timeouts + r.non2xx;

async function measure(b: ServedBackend): Promise<Map<Scenario, Figures>> {
  const secrets = [...b.clientSecrets];
  const out = new Map<Scenario, Figures>();
  for (const scenario of scenarios) {
    await load(b, scenario, secrets, WARM_UP, undefined, `${b.kind}-warm`);
    const rate = await load(b, scenario, secrets, AT_RATE, RATE, `${b.kind}-rate`);
    const atMax = scenario === "claim" ? CLAIMS_AT_MAX : undefined;
    const max = await load(b, scenario, secrets, atMax, undefined, `${b.kind}-max`);
    out.set(scenario, { rate, max });
    console.error(
      `  ${b.kind} ${scenario}: at ${RATE} req/s p50 ${rate.latency.p50} ms, p99 ${rate.latency.p99} ms, ${errorsOf(rate)} errors; max ${max.requests.average.toFixed(0)} req/s`,
    );
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
): Promise<{ backend: ServedBackend; figures: Map<Scenario, Figures> }> {
  console.error(
    `  ${kind}: seeding ${PAYMENTS} payments and ${WARM_UP + AT_RATE + CLAIMS_AT_MAX} account sessions`,
  );
  let child: ChildProcess | undefined;
  try {
    const served = await serve(args);
    child = served.child;
    const b = served.backend;
    console.error(
      `  ${kind}: ${b.charges} charges seeded in ${b.seedSeconds.toFixed(1)} s, sessions in ${b.sessionSeconds.toFixed(1)} s; available ${JSON.stringify(b.available)}`,
    );
    return { backend: b, figures: await measure(b) };
  } finally {
    if (child) await stop(child);
    await cleanup();
  }
}

export default async function (): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), "bench-server-"));
  const lite = await onBackend("pglite", ["--pglite", dir], async () =>
    rmSync(dir, { recursive: true, force: true }),
  );
  const postgres = await freshPostgres();
  const pgRun =
    typeof postgres === "string"
      ? postgres
      : await onBackend("postgres", ["--postgres", postgres.url], postgres.drop);

  const rowsOf = (label: string, figures: Map<Scenario, Figures>, target: boolean) => {
    for (const [scenario, { rate, max }] of figures) {
      const note = `${rate.requests.average.toFixed(0)} req/s achieved, ${errorsOf(rate)} errors of ${rate.requests.total}`;
      rows.push(
        { name: `${label} ${scenario} at ${RATE} req/s, p50`, value: rate.latency.p50, unit: "ms" },
        {
          name: `${label} ${scenario} at ${RATE} req/s, p99`,
          value: rate.latency.p99,
          unit: "ms",
          ...(target ? { target: P99_TARGET_MS } : {}),
          note,
        },
        {
          name: `${label} ${scenario}, max throughput (${CONNECTIONS} connections)`,
          value: max.requests.average,
          unit: "req/s",
          note: `p99 ${max.latency.p99} ms, ${errorsOf(max)} errors of ${max.requests.total}`,
        },
      );
    }
  };
  rowsOf("PGlite", lite.figures, true);
  if (typeof pgRun === "string") {
    rows.push({ name: "PostgreSQL: skipped", value: 0, unit: "", note: pgRun });
    return rows;
  }
  rowsOf("PostgreSQL", pgRun.figures, false);
  for (const scenario of scenarios) {
    const ratio =
      pgRun.figures.get(scenario)!.max.requests.average /
      lite.figures.get(scenario)!.max.requests.average;
    rows.push({
      name: `PostgreSQL/PGlite max throughput, ${scenario}`,
      value: ratio,
      unit: "×",
      target: RATIO_TARGET,
      higherIsBetter: true,
    });
  }
  return rows;
}

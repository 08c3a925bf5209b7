/**
 * Where a request's time goes on PGlite, measured so that the machine's other load barely
 * moves it: each scenario (claim, list payments, balance, create payout) runs sequentially
 * in process (`app.request`, no socket: HTTP parsing excluded; the charge with the platform's
 * secret key on the account's behalf, as the issue's mix sends it), and the bench reports per
 * request the CPU time of the API thread (the process's main thread, from Linux's
 * /proc/self/task/<pid>/stat) and of the process's other threads — with PGlite in a worker
 * thread (`server/db/pglite-thread.ts`), mostly that worker; otherwise the garbage collector's
 * helpers. CPU time is what a thread used, not time it waited for a core, so it holds under
 * the machine's other load far better than latency does.
 *
 * From them, the capacity of an otherwise idle 2-core machine: PGlite on the API thread
 * serves at most 1000 / (API-thread ms) requests per second; with the worker the two threads
 * overlap, so at most 1000 / max(API-thread ms, other threads' ms). `CPU_BENCH_PAYMENTS` (default
 * 10,000: list pages are keyset scans, their cost does not grow with depth) and
 * `CPU_BENCH_REQUESTS` (default 200 per scenario) size it; `CPU_BENCH_MODES=thread` (or
 * `api`) runs one configuration only.
 *
 * Each row also gives the statements a request sends (BEGIN and COMMIT included), counted
 * with Kysely's log hook over the measured requests: each is a round trip to the worker and
 * a parse, plan and execution in PGlite.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { endpoints } from "../protocol/endpoints.ts";
import { provider } from "../protocol/provider.ts";
import { createApp } from "../server/app.ts";
import { openDatabase } from "../server/db/connect.ts";
import { seedSandbox } from "../server/sandbox/seed.ts";
import type { BenchRow } from "./bench.ts";

const PAYMENTS = Number(process.env.CPU_BENCH_PAYMENTS ?? 10_000);
const REQUESTS = Number(process.env.CPU_BENCH_REQUESTS ?? 200);
const WARM_UP = 30;
const scenarios = ["claim", "list payments", "balance", "create payout", "create charge"] as const;
type Scenario = (typeof scenarios)[number];

/** CPU time of the main thread so far, in ms (Linux; fields 14 and 15 of its stat, in ticks). */
function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the command name: field 3 is index 0, so utime (14) and stime (15) are 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export interface CpuFigures {
  scenario: Scenario;
  /** Median wall time of one request, sequential, in ms. */
  p50: number;
  /** The API thread's CPU per request, in ms. */
  apiMs: number;
  /** The other threads' CPU per request (the PGlite worker, the GC's helpers), in ms. */
  workerMs: number;
  /** Statements sent per request (BEGIN and COMMIT included). */
  statements: number;
}

async function measureOn(thread: boolean): Promise<CpuFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-cpu-"));
  let statements = 0;
  const database = await openDatabase({
    dataDir: dir,
    thread,
    log: () => {
      statements++;
    },
  });
  try {
    const app = createApp({ db: database.db, config: { rateLimitPerSecond: 100_000 } });
    const seeded = await seedSandbox(database.db, { payments: PAYMENTS });
    const call = async (
      method: string,
      path: string,
      key: string,
      body?: Record<string, string>,
      headers: Record<string, string> = {},
    ) => {
      const response = await app.request(path, {
        method,
        headers: {
          Authorization: `Bearer ${key}`,
          [provider.headers.version]: provider.apiVersion,
          ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
          ...headers,
        },
        ...(body ? { body: new URLSearchParams(body).toString() } : {}),
      });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const sessionParams = {
      account: seeded.mainAccountId,
      "components[payments][enabled]": "true",
      "components[payouts][enabled]": "true",
      "components[payouts][features][standard_payouts]": "true",
    };
    const secrets: string[] = [];
    for (let i = 0; i < REQUESTS + WARM_UP + 1; i++) {
      const session = await call(
        "POST",
        endpoints.accountSessions,
        seeded.secretKey,
        sessionParams,
      );
      secrets.push(session.client_secret as string);
    }
    const claim = () =>
      call("POST", endpoints.claim, seeded.publishableKey, {
        client_secret: secrets.shift()!,
        key: seeded.publishableKey,
      });
    const sessionKey = (await claim()).api_key as string;
    let after: string | undefined;
    let n = 0;
    const run: Record<Scenario, (i: number) => Promise<unknown>> = {
      claim: () => claim(),
      "list payments": async (i) => {
        const page = await call(
          "GET",
          `/v1/charges?limit=10${i % 2 === 1 && after ? `&starting_after=${after}` : ""}`,
          sessionKey,
        );
        const data = page.data as { id: string }[];
        after = data[data.length - 1]?.id;
      },
      balance: () => call("GET", "/v1/balance", sessionKey),
      "create payout": () =>
        call(
          "POST",
          "/v1/payouts",
          sessionKey,
          { amount: "100" },
          { [provider.headers.idempotencyKey]: `cpu-${thread}-${n++}` },
        ),
      // As the issue's mix sends it: the platform's secret key, on behalf of the account.
      "create charge": () =>
        call(
          "POST",
          "/v1/charges",
          seeded.secretKey,
          { amount: "2500", currency: "usd", payment_method: "pm_card_visa" },
          {
            [provider.headers.idempotencyKey]: `cpu-charge-${thread}-${n++}`,
            [provider.headers.account]: seeded.mainAccountId,
          },
        ),
    };
    const figures: CpuFigures[] = [];
    for (const scenario of scenarios) {
      for (let i = 0; i < WARM_UP; i++) await run[scenario](i);
      const times: number[] = [];
      const main0 = mainThreadCpuMs();
      const all0 = processCpuMs();
      const statements0 = statements;
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        await run[scenario](i);
        times.push(performance.now() - started);
      }
      const main = mainThreadCpuMs() - main0;
      const others = processCpuMs() - all0 - main;
      times.sort((a, b) => a - b);
      figures.push({
        scenario,
        p50: times[Math.floor(times.length / 2)]!,
        apiMs: main / REQUESTS,
        workerMs: Math.max(0, others) / REQUESTS,
        statements: (statements - statements0) / REQUESTS,
      });
    }
    return figures;
  } finally {
    await database.close();
    made.push(dir);
  }
}

/** The data directories, removed once both runs are over (PGlite may still touch one). */
const made: string[] = [];

export default async function (): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const modes = process.env.CPU_BENCH_MODES;
  const threads = modes === "thread" ? [true] : modes === "api" ? [false] : [false, true];
  for (const thread of threads) {
    const label = thread ? "PGlite in a worker" : "PGlite on the API thread";
    for (const f of await measureOn(thread)) {
      const bound = Math.max(f.apiMs, f.workerMs);
      rows.push({
        name: `${label}: ${f.scenario}, capacity of 2 idle cores`,
        value: Math.floor(1000 / bound),
        unit: "req/s",
        target: 200,
        higherIsBetter: true,
        note: `${f.statements.toFixed(1)} statements; CPU per request: API thread ${f.apiMs.toFixed(2)} ms, other threads ${f.workerMs.toFixed(2)} ms; sequential p50 ${f.p50.toFixed(1)} ms`,
      });
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  return rows;
}

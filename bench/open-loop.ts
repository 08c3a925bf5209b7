/**
 * An open-loop load generator: requests are sent at a fixed arrival rate whatever the
 * server's answers do, and each latency is counted from the request's scheduled send time,
 * so a server that stalls is charged for every request that waited (no coordinated
 * omission, unlike a closed loop of N connections). Loopback only; bounded by count.
 */
import { Agent, request as httpRequest } from "node:http";

export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Called with the answer (e.g. to remember an id for a later request). */
  onAnswer?: (status: number, body: string) => void;
}

export interface OpenLoopResult {
  rate: number;
  sent: number;
  /** Answers with a status ≥ 500. */
  failed: number;
  /** No answer: a connection error, or none within the timeout (10 s). */
  unanswered: number;
  /** Answers 4xx (expected for some calls, e.g. a refund of a charge already refunded). */
  clientErrors: number;
  p50: number;
  p99: number;
  max: number;
  /** Requests answered per second over the run. */
  achieved: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Sends `count` requests at `rate` per second to `origins` (round robin), each made by
 * `next(i)` at its send time; resolves when every request has answered or failed.
 */
export async function openLoop(
  origins: string[],
  rate: number,
  count: number,
  next: (i: number) => LoadRequest,
  timeoutMs = 10_000,
): Promise<OpenLoopResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const latencies: number[] = [];
  let failed = 0;
  let unanswered = 0;
  let clientErrors = 0;
  const interval = 1000 / rate;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const spec = next(i);
    const origin = new URL(origins[i % origins.length]!);
    inFlight.push(
      new Promise<void>((done) => {
        const req = httpRequest(
          {
            agent,
            host: origin.hostname,
            port: origin.port,
            method: spec.method,
            path: spec.path,
            headers: spec.headers,
            timeout: timeoutMs,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => {
              latencies.push(performance.now() - due);
              const status = res.statusCode ?? 0;
              if (status >= 500) failed++;
              else if (status >= 400) clientErrors++;
              spec.onAnswer?.(status, Buffer.concat(chunks).toString("utf8"));
              done();
            });
          },
        );
        req.on("timeout", () => req.destroy(new Error("timeout")));
        req.on("error", () => {
          unanswered++;
          done();
        });
        req.end(spec.body);
      }),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rate,
    sent: count,
    failed,
    unanswered,
    clientErrors,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies[latencies.length - 1] ?? 0,
    achieved: latencies.length / seconds,
  };
}

/**
 * The highest of `rates` (ascending) at which the p99 stays within `p99Ms`, trying each for
 * `seconds`; stops at the first rate that misses. 0 when even the lowest misses.
 */
export async function capacity(
  origins: string[],
  rates: number[],
  seconds: number,
  p99Ms: number,
  next: (i: number) => LoadRequest,
): Promise<{ best: number; tried: OpenLoopResult[] }> {
  let best = 0;
  const tried: OpenLoopResult[] = [];
  for (const rate of rates) {
    const result = await openLoop(origins, rate, Math.round(rate * seconds), next);
    tried.push(result);
    if (result.p99 > p99Ms || result.failed + result.unanswered > 0) break;
    best = rate;
  }
  return { best, tried };
}

/**
 * The webhook delivery worker: runs in the API process, beside the HTTP server, and sends
 * what `events.ts` queued. Every pending delivery is a row, so nothing is lost on a restart
 * and two API processes share the work: each claims a batch of due deliveries for a lease
 * (`for update skip locked`, then `locked_until`), POSTs each event's JSON to its endpoint
 * with the signature header (`protocol/webhook-signature.ts`), and writes the attempt to the
 * delivery's log. A 2xx answer succeeds; anything else (another status, a redirect, a
 * timeout, a refused connection) is tried again after an exponential backoff
 * (`retryDelaySeconds`) until `maxAttempts` tries, then the delivery is failed (a resend
 * makes a new one). Deliveries to a disabled endpoint wait until it is enabled again.
 *
 * Time is injected (`now`, wall-clock seconds) and `runDue()` does one round, so tests step
 * the backoff without waiting; `start()` runs rounds on a timer for a real process.
 */
import { type Kysely, sql } from "kysely";
import type { WebhookAttempt } from "../../protocol/objects/webhook-endpoint.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { webhookSignatureHeader } from "../../protocol/webhook-signature.ts";
import type { Database } from "../db/schema.ts";
import { renderEvent } from "./events.ts";

export interface RetryPolicy {
  /** The wait after the first failed attempt, in seconds; it doubles after each failure. */
  initialSeconds: number;
  /** The longest wait between two attempts. */
  maxSeconds: number;
  /** Attempts in all, the first included; after the last failure the delivery is failed. */
  maxAttempts: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  initialSeconds: 30,
  maxSeconds: 60 * 60,
  maxAttempts: 12,
};

/** The wait after failed attempt number `attempt` (1 for the first): 30 s, 60 s, 120 s, … */
export const retryDelaySeconds = (attempt: number, policy: RetryPolicy = defaultRetryPolicy) =>
  Math.min(policy.initialSeconds * 2 ** (attempt - 1), policy.maxSeconds);

export interface WebhookWorkerOptions {
  db: Kysely<Database>;
  /** The wall clock, Unix seconds (tests inject one). */
  now?: () => number;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** Deliveries claimed per round. */
  batchSize?: number;
  /** How long a claim holds (seconds) before another worker may take the delivery. */
  leaseSeconds?: number;
  /** An endpoint that has not answered in this long has failed this attempt. */
  timeoutMs?: number;
  /** Milliseconds between rounds when `start()`ed. */
  intervalMs?: number;
  /** Where an unexpected error of a round is reported (the round is retried next time). */
  onError?: (error: unknown) => void;
}

export interface WebhookWorker {
  /** One round: sends every due delivery it can claim; answers how many it attempted. */
  runDue(): Promise<number>;
  /** Runs rounds every `intervalMs` until `stop()`. */
  start(): void;
  /** Stops the timer and waits for the round under way. */
  stop(): Promise<void>;
}

interface Claimed {
  id: string;
  attempt_count: number;
  url: string;
  secret: string;
  event_id: string;
  account_id: string | null;
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: boolean;
  type: Database["events"]["type"];
}

const userAgent = `${provider.name}-Webhooks/1.0`;

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const db = options.db;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const send = options.fetch ?? fetch;
  const policy = { ...defaultRetryPolicy, ...options.retry };
  const batchSize = options.batchSize ?? 20;
  const leaseSeconds = options.leaseSeconds ?? 60;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const intervalMs = options.intervalMs ?? 1_000;

  async function claim(at: number): Promise<Claimed[]> {
    const { rows } = await sql<Claimed>`
      with due as (
        select d.id from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id
        where d.status = 'pending' and d.next_attempt_at <= ${at}
          and (d.locked_until is null or d.locked_until <= ${at})
          and e.status = 'enabled'
        order by d.next_attempt_at, d.id
        limit ${batchSize}
        for update of d skip locked
      ), claimed as (
        update webhook_deliveries d set locked_until = ${at + leaseSeconds}
        from due where d.id = due.id
        returning d.id, d.attempt_count, d.endpoint_id, d.event_id
      )
      select claimed.id, claimed.attempt_count, e.url, e.secret, ev.id as event_id,
             ev.account_id, ev.api_version, ev.created, ev.data, ev.livemode, ev.type
      from claimed
      join webhook_endpoints e on e.id = claimed.endpoint_id
      join events ev on ev.id = claimed.event_id`.execute(db);
    return rows;
  }

  async function attempt(delivery: Claimed): Promise<void> {
    const body = JSON.stringify(
      renderEvent({
        id: delivery.event_id,
        account_id: delivery.account_id,
        api_version: delivery.api_version,
        created: delivery.created,
        data: delivery.data,
        livemode: delivery.livemode,
        type: delivery.type,
      }),
    );
    const attemptedAt = now();
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await send(delivery.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": userAgent,
          [provider.headers.webhookSignature]: await webhookSignatureHeader(
            delivery.secret,
            attemptedAt,
            body,
          ),
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      statusCode = response.status;
      await response.body?.cancel().catch(() => undefined);
    } catch (e) {
      error =
        e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError")
          ? `No answer within ${timeoutMs} ms.`
          : `Could not connect: ${e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e)}`;
    }
    const record: WebhookAttempt = {
      attempted_at: attemptedAt,
      status_code: statusCode,
      duration_ms: Math.round(performance.now() - started),
      error,
    };
    const succeeded = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const count = delivery.attempt_count + 1;
    const status = succeeded ? "succeeded" : count >= policy.maxAttempts ? "failed" : "pending";
    const next = status === "pending" ? now() + retryDelaySeconds(count, policy) : null;
    await db
      .updateTable("webhook_deliveries")
      .set({
        attempt_count: count,
        attempts: sql`attempts || ${JSON.stringify([record])}::jsonb`,
        status,
        next_attempt_at: next,
        locked_until: null,
      })
      .where("id", "=", delivery.id)
      .execute();
  }

  async function runDue(): Promise<number> {
    const claimed = await claim(now());
    await Promise.all(claimed.map(attempt));
    return claimed.length;
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  const report = options.onError ?? ((e: unknown) => console.error("webhook worker:", e));

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = (async () => {
        try {
          // A full batch means more may be due: go on at once.
          while (!stopped && (await runDue()) >= batchSize) {}
        } catch (e) {
          report(e);
        }
      })().finally(schedule);
    }, intervalMs);
  }

  return {
    runDue,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/**
 * Warm-up before the API says it is ready (issue 15 item 4): right after a start, the first
 * requests paid for compiling the code of every step they took (routes, zod schemas, Kysely's
 * query compiler, the database driver), and the database's first reads of each table and
 * index, which made the first seconds after `npm start` answer in up to 1.8 s.
 *
 * `warmUp` runs, before the port is listened on, the paths the first callers take: an
 * account session created and claimed, a page of payments, the balance and a payout with the
 * claimed key, and a page of payments, the balance and a charge with the platform's secret
 * key (the mix of the load). Writing nothing: every request runs on an app of its own
 * over one database transaction that is rolled back at the end (each request's own
 * transaction a savepoint in it), so no session, payout, charge or webhook event of the
 * warm-up stays. The reads then run a few rounds on the served app itself over a socket
 * (`main.ts` serves it on a loopback port of its own for this, closed before the real port
 * is listened on): its router, and the HTTP server and adapter code, warm too (they write
 * nothing but the key's rate-limit hit).
 *
 * On PostgreSQL the warm-up uses one pooled connection; the others warm with their first
 * requests.
 */
import type { Kysely } from "kysely";
import { endpoints } from "../protocol/endpoints.ts";
import { provider } from "../protocol/provider.ts";
import { createApp } from "./app.ts";
import type { ServerConfig } from "./config.ts";
import type { Database } from "./db/schema.ts";
import { nestable } from "./http/transaction.ts";

/** Whose keys the warm-up calls with: the sandbox's platform and its main account. */
export interface WarmUpTarget {
  secretKey: string;
  publishableKey: string;
  accountId: string;
}

/** One warm-up request: its path and the status it was answered (every round's last). */
export interface WarmUpStep {
  name: string;
  status: number;
}

export interface WarmUpOptions {
  /** How many times each path runs (default 20). */
  rounds?: number;
}

/** What a session needs for the warmed paths: payments and payouts. */
const sessionParams = (accountId: string) =>
  new URLSearchParams({
    account: accountId,
    "components[payments][enabled]": "true",
    "components[payouts][enabled]": "true",
    "components[payouts][features][standard_payouts]": "true",
  });

const formHeaders = { "Content-Type": "application/x-www-form-urlencoded" };

/** Thrown to roll the warm-up's transaction back once it is done. */
class WarmUpDone extends Error {}

/** What answers a warm-up request: an app (`app.request`), or a socket's client. */
export interface Requester {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

/** Runs one request on `app`; its status (the body is read, as a client would). */
async function call(
  app: Requester,
  path: string,
  init: { method?: string; headers: Record<string, string>; body?: URLSearchParams },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await app.request(path, {
    method: init.method ?? "GET",
    headers: init.headers,
    ...(init.body ? { body: init.body.toString() } : {}),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {}
  return { status: response.status, body };
}

/** The reads of the mix with the platform's secret key on the account. */
function secretReads(target: WarmUpTarget) {
  const headers = {
    Authorization: `Bearer ${target.secretKey}`,
    [provider.headers.account]: target.accountId,
  };
  return [
    { name: "list charges (secret key)", path: "/v1/charges?limit=10", headers },
    { name: "balance (secret key)", path: "/v1/balance", headers },
  ];
}

/**
 * Warms the API's hot paths (see above) on `db` for `served`, writing nothing; answers each
 * path's last status, in the order they ran.
 */
export async function warmUp(
  db: Kysely<Database>,
  config: ServerConfig,
  served: Requester,
  target: WarmUpTarget,
  options: WarmUpOptions = {},
): Promise<WarmUpStep[]> {
  const rounds = options.rounds ?? 20;
  const steps = new Map<string, number>();
  const record = (name: string, status: number) => {
    steps.delete(name);
    steps.set(name, status);
  };
  const secret = { Authorization: `Bearer ${target.secretKey}` };
  try {
    await db.transaction().execute(async (trx) => {
      const request = nestable(trx);
      // The transaction's first block runs without a savepoint (`transaction.ts`): spent
      // here, so that every request's transaction is a savepoint a failure rolls back alone.
      await request.db.transaction().execute(async () => {});
      const app = createApp({ db: request.db, config });
      for (let round = 0; round < rounds; round++) {
        const session = await call(app, endpoints.accountSessions, {
          method: "POST",
          headers: { ...secret, ...formHeaders },
          body: sessionParams(target.accountId),
        });
        record("create account session", session.status);
        const claimed = await call(app, endpoints.claim, {
          method: "POST",
          headers: formHeaders,
          body: new URLSearchParams({
            client_secret: String(session.body.client_secret ?? ""),
            key: target.publishableKey,
          }),
        });
        record("claim", claimed.status);
        const sessionKey = { Authorization: `Bearer ${String(claimed.body.api_key ?? "")}` };
        const reads = [
          { name: "list charges", path: "/v1/charges?limit=10", headers: sessionKey },
          { name: "balance", path: "/v1/balance", headers: sessionKey },
          ...secretReads(target),
        ];
        for (const read of reads) record(read.name, (await call(app, read.path, read)).status);
        const payout = await call(app, "/v1/payouts", {
          method: "POST",
          headers: {
            ...sessionKey,
            ...formHeaders,
            [provider.headers.idempotencyKey]: `warm-up-payout-${round}`,
          },
          body: new URLSearchParams({ amount: "100" }),
        });
        record("create payout", payout.status);
        const charge = await call(app, "/v1/charges", {
          method: "POST",
          headers: {
            ...secret,
            ...formHeaders,
            [provider.headers.account]: target.accountId,
            [provider.headers.idempotencyKey]: `warm-up-charge-${round}`,
          },
          body: new URLSearchParams({
            amount: "2500",
            currency: "usd",
            payment_method: "pm_card_visa",
          }),
        });
        record("create charge", charge.status);
      }
      throw new WarmUpDone();
    });
  } catch (error) {
    if (!(error instanceof WarmUpDone)) throw error;
  }
  // The served app's own router and closures, and the HTTP layer, on reads only.
  for (let round = 0; round < Math.min(rounds, 5); round++)
    for (const read of secretReads(target))
      record(`${read.name}, served app`, (await call(served, read.path, read)).status);
  return [...steps].map(([name, status]) => ({ name, status }));
}

import { type RawBuilder, sql } from "kysely";
import { endpoints } from "../protocol/endpoints.ts";
import { createApp } from "../server/app.ts";
import { openDatabase } from "../server/db/connect.ts";
import { seedSandbox } from "../server/sandbox/seed.ts";
import type { BenchRow } from "./bench.ts";

/**
 * The payments list at 100,000 payments on one account (PGlite in memory, seeded; the
 * app called without a socket, so the figures are the provider's own work): for the list
 * unfiltered and under each filter of the filter model, the time to its first page and to
 * its tenth (nine `starting_after` steps, the tenth timed); the query plan of each filter
 * (EXPLAIN of the list's query shape: a row says which index served it, and a sequential
 * scan of `charges` is reported as the row's note, a regression); and a CSV export of a
 * whole filter.
 */

const PAYMENTS = 100_000;
const ROUNDS = 5;
const PAGE_TARGET_MS = 25;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function (): Promise<BenchRow[]> {
  const database = await openDatabase({});
  try {
    return await measure(database);
  } finally {
    await database.close();
  }
}

async function measure(database: Awaited<ReturnType<typeof openDatabase>>) {
  const { db } = database;
  const seeded = await seedSandbox(db, { payments: PAYMENTS });
  const app = createApp({ db });
  const form = async (path: string, key: string, body: Record<string, string>) => {
    const response = await app.request(path, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${key}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(body).toString(),
    });
    return (await response.json()) as Record<string, string>;
  };
  const features = [
    "export",
    "enable_embedded_email_filter_in_payments_list",
    "enable_embedded_metadata_filter_in_payments_list",
  ];
  const session = await form(endpoints.accountSessions, seeded.secretKey, {
    account: seeded.mainAccountId,
    "components[payments][enabled]": "true",
    ...Object.fromEntries(features.map((f) => [`components[payments][features][${f}]`, "true"])),
  });
  const claimed = await form(endpoints.claim, seeded.publishableKey, {
    client_secret: session.client_secret!,
    key: seeded.publishableKey,
  });
  const headers = { Authorization: `Bearer ${claimed.api_key}` };
  const get = async (path: string) => {
    const started = performance.now();
    const response = await app.request(path, { headers });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body}`);
    return { ms, body };
  };
  const lastId = (body: string) => (JSON.parse(body) as { data: { id: string }[] }).data.at(-1)?.id;

  const account = seeded.mainAccountId;
  const newest = await db
    .selectFrom("charges")
    .select(["created", "customer_email", "metadata"])
    .where("account_id", "=", account)
    .where("customer_email", "is not", null)
    .orderBy("created", "desc")
    .executeTakeFirstOrThrow();
  const monthAgo = newest.created - 30 * 86_400;
  const email = newest.customer_email!;
  const order = newest.metadata.order_id ?? "1";
  const filters: [string, string, RawBuilder<unknown>][] = [
    ["unfiltered", "", sql`true`],
    ["status refunded", "status[]=refunded", sql`payment_status in ('refunded')`],
    ["status failed", "status[]=failed", sql`payment_status in ('failed')`],
    [
      "amount between 50.00 and 60.00",
      "amount[gte]=5000&amount[lte]=6000",
      sql`amount >= 5000 and amount <= 6000`,
    ],
    ["created in the last 30 days", `created[gte]=${monthAgo}`, sql`created >= ${monthAgo}`],
    [
      "payment method card",
      "payment_method[]=card",
      sql`(payment_method_details->>'type') in ('card')`,
    ],
    [
      "customer email",
      `customer_email=${encodeURIComponent(email)}`,
      sql`lower(customer_email) = lower(${email})`,
    ],
    [
      "metadata (one order)",
      `metadata[order_id]=${order}`,
      sql`metadata @> ${JSON.stringify({ order_id: order })}::jsonb`,
    ],
  ];

  const rows: BenchRow[] = [];
  for (const [label, query, condition] of filters) {
    const base = `/v1/charges?limit=10${query ? `&${query}` : ""}`;
    const first: number[] = [];
    const tenth: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const page = await get(base);
      first.push(page.ms);
      let after = lastId(page.body);
      let last = page;
      for (let n = 2; n <= 10 && after; n++) {
        last = await get(`${base}&starting_after=${after}`);
        after = lastId(last.body);
      }
      tenth.push(last.ms);
    }
    const plan = await sql<{ "QUERY PLAN": string }>`explain select * from charges
      where account_id = ${account} and ${condition}
      order by created desc, id desc limit 11`.execute(db);
    const lines = plan.rows.map((r) => r["QUERY PLAN"]);
    const seq = lines.some((l) => /Seq Scan on charges/.test(l));
    const index = lines
      .map((l) => l.match(/Index(?: Only)? Scan(?: Backward)? (?:using|on) (\w+)/)?.[1])
      .filter(Boolean);
    const note = seq ? "SEQUENTIAL SCAN of charges" : `index: ${[...new Set(index)].join(", ")}`;
    rows.push(
      {
        name: `payments list (${PAYMENTS} payments), ${label}: first page`,
        value: median(first),
        unit: "ms",
        target: PAGE_TARGET_MS,
        note,
      },
      {
        name: `payments list (${PAYMENTS} payments), ${label}: tenth page`,
        value: median(tenth),
        unit: "ms",
        target: PAGE_TARGET_MS,
      },
    );
  }

  const exported = await get("/v1/exports/charges?status[]=refunded");
  rows.push({
    name: "CSV export of every refunded payment (whole filter)",
    value: exported.ms,
    unit: "ms",
    note: `${exported.body.trim().split("\n").length - 1} rows`,
  });
  return rows;
}

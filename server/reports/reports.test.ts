import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  balanceReportSchema,
  payoutReconciliationReportSchema,
} from "../../protocol/objects/report.schema.ts";
import { DAY, startOfDay } from "../money/ledger.ts";
import { amountIn, connectedAccount } from "../money/money-test.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";

const t = setupTestDatabase();
const api = testApi(t);

/**
 * An account with two charges made available (one with metadata), then a payout: the
 * period runs from the day of the charges to a minute after the payout.
 */
async function accountWithActivity() {
  const a = await connectedAccount(api);
  const start = startOfDay(api.clock.now);
  await a.charge({ amount: 10_000, metadata: { order: "A-1" } });
  await a.charge({ amount: 20_000 });
  api.clock.now = start + 3 * DAY + 3_600;
  const payout = await api.post("/v1/payouts", { ...a.as, params: { amount: 5_000 } });
  expect(payout.status).toBe(200);
  const period = { interval_start: start, interval_end: api.clock.now + 60 };
  return { a, period, payoutId: payout.body.id as string };
}

const listAll = async (path: string, as: object) => {
  const items: { id: string; net: number }[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await api.get(path, {
      ...as,
      params: { limit: 100, ...(after ? { starting_after: after } : {}) },
    });
    items.push(...page.body.data);
    if (!page.body.has_more) return items;
    after = page.body.data.at(-1).id;
  }
};

describe("the balance report", () => {
  it("reconciles — starting balance + activity − payouts = ending balance, the available balance — and answers with its schema", async () => {
    const { a, period } = await accountWithActivity();
    const r = await api.get("/v1/reports/balance", { ...a.as, params: period });
    expect(r.status).toBe(200);
    const report = z.parse(balanceReportSchema, r.body);
    expect(report.starting_balance).toBe(0);
    expect(report.payouts_total).toBe(5_000);
    expect(report.starting_balance + report.activity_total - report.payouts_total).toBe(
      report.ending_balance,
    );
    expect(report.ending_balance).toBe(amountIn((await a.balance()).available));
    expect(report.available).toBe(true);
  });

  it("its itemised CSV has a row per balance transaction of the period, the source's metadata as a column", async () => {
    const { a, period } = await accountWithActivity();
    const r = await api.get("/v1/exports/balance_report", { ...a.as, params: period });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(r.body as string) as string[][];
    const col = (name: string) => header!.indexOf(name);
    const listed = await listAll("/v1/balance_transactions", a.as);
    expect(rows.map((row) => row[col("balance_transaction")]).sort()).toEqual(
      listed.map((b) => b.id).sort(),
    );
    expect(rows.map((row) => row[col("metadata[order]")]).sort()).toEqual(["", "", "A-1"]);
    const net = rows.reduce((sum, row) => sum + Number(row[col("net")]), 0);
    expect(net).toBe(amountIn((await a.balance()).available));
  });

  it("refuses a period that ends before it starts, naming interval_end", async () => {
    const { a, period } = await accountWithActivity();
    const r = await api.get("/v1/reports/balance", {
      ...a.as,
      params: { interval_start: period.interval_end, interval_end: period.interval_start },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ type: "invalid_request_error", param: "interval_end" });
  });
});

describe("the payout reconciliation report", () => {
  it("lists each payout of the period with what it settled, as the balance transactions filtered by the payout, and answers with its schema", async () => {
    const { a, period, payoutId } = await accountWithActivity();
    const r = await api.get("/v1/reports/payout_reconciliation", { ...a.as, params: period });
    expect(r.status).toBe(200);
    const report = z.parse(payoutReconciliationReportSchema, r.body);
    expect(report.payouts.map((p) => p.payout)).toEqual([payoutId]);
    const settled = await api.get("/v1/balance_transactions", {
      ...a.as,
      params: { payout: payoutId, limit: 100 },
    });
    const settledNet = (settled.body.data as { net: number }[]).reduce((s, b) => s + b.net, 0);
    expect(report.payouts[0]?.settled_net).toBe(settledNet);
  });
});

describe("the reports need a payouts component in the account session", () => {
  // The two reports are internal: a session cannot enable them by name (SPEC.md §5), so the
  // provider lets them read what the session's payout components may read.
  it("a session enabling only payments is refused both reports; one enabling payouts gets both", async () => {
    const { a, period } = await accountWithActivity();
    const paths = [
      "/v1/reports/balance",
      "/v1/exports/balance_report",
      "/v1/reports/payout_reconciliation",
      "/v1/exports/payout_reconciliation_report",
    ];
    const paymentsOnly = await a.sessionKey({ payments: { enabled: true } });
    for (const path of paths) {
      const r = await api.get(path, { key: paymentsOnly, params: period });
      expect(r.status, path).toBe(403);
      expect(r.body.error.type, path).toBe("permission_error");
    }
    const payouts = await a.sessionKey({ payouts: { enabled: true } });
    for (const path of paths)
      expect((await api.get(path, { key: payouts, params: period })).status, path).toBe(200);
  });
});

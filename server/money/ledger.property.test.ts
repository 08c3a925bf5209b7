/**
 * The ledger's property (issue 3): after any random sequence of charges, refunds, disputes
 * and payouts, manual and automatic, some to a bank account that returns them (payout
 * failures), with the clock moving between them, each balance equals
 * the sum of its balance transactions and no available balance is negative — now or at any
 * later moment. Every step goes through the HTTP API; refused steps must be clean 4xx errors.
 * Each payment's stored state (`payment_status`) must be what its rows say, after capture,
 * cancel, refunds, chargebacks, submissions decided by the sandbox and accepted disputes.
 * The daily summary the balance is read from (`balance_daily`) must equal its rows, after
 * those steps and after ledger rows written directly at any moment, one by one or in bulk.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { decideReviewedDisputes } from "./disputes.ts";
import {
  DAY,
  type LedgerEntry,
  startOfDay,
  summarizeBalance,
  writeEntries,
  writeEntry,
} from "./ledger.ts";
import { connectedAccount, failingBankAccount, sandboxBankAccount } from "./money-test.ts";
import { chargebackStatuses, paymentStatusOf } from "./payment-status.ts";
import { runAutomaticPayouts } from "./payouts.ts";

const t = setupTestDatabase();
const api = testApi(t);

const currency = fc.constantFrom("usd", "eur");
// Charges, payouts and the clock come up more often: money must mature before it pays out.
const step = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("charge" as const),
      amount: fc.integer({ min: 50, max: 200_000 }),
      currency,
      capture: fc.boolean(),
      inquiry: fc.boolean(),
    }),
  },
  fc.record({ op: fc.constant("capture" as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant("refund" as const),
    pick: fc.nat(),
    amount: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: undefined }),
  }),
  fc.record({
    op: fc.constant("dispute" as const),
    pick: fc.nat(),
    inquiry: fc.boolean(),
  }),
  fc.record({ op: fc.constant("escalate" as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant("resolve" as const),
    pick: fc.nat(),
    outcome: fc.constantFrom("won", "lost"),
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("payout" as const),
      amount: fc.integer({ min: 1, max: 300_000 }),
      currency,
      instant: fc.boolean(),
    }),
  },
  fc.record({ op: fc.constant("cancel" as const), pick: fc.nat() }),
  fc.record({ op: fc.constant("cancelCharge" as const), pick: fc.nat() }),
  fc.record({ op: fc.constant("accept" as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant("submit" as const),
    pick: fc.nat(),
    evidence: fc.constantFrom("winning_evidence", "losing_evidence", "a receipt"),
  }),
  // A new default usd bank account: one the bank returns payouts to, or one it pays.
  fc.record({ op: fc.constant("bank" as const), failing: fc.boolean() }),
  { weight: 2, arbitrary: fc.record({ op: fc.constant("automatic" as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("wait" as const),
      seconds: fc.integer({ min: 1, max: 4 * 86_400 }),
    }),
  },
);

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

const pickFrom = <T>(list: T[], n: number) =>
  list.length === 0 ? undefined : list[n % list.length];

type Row = { currency: string; available_on: number; net: number };

/** Net, lowest running total over its moments, first and last moment of some rows. */
function dayOf(rows: Row[]) {
  const moments = [...new Set(rows.map((r) => r.available_on))].sort((a, b) => a - b);
  const at = (t: number) => rows.filter((r) => r.available_on <= t).reduce((s, r) => s + r.net, 0);
  return {
    net: at(Number.POSITIVE_INFINITY),
    low: Math.min(...moments.map(at)),
    first_at: moments[0],
    last_at: moments[moments.length - 1],
  };
}

/** balance_daily holds one row per currency and day of the ledger, equal to that day's rows. */
async function checkSummary(accountId: string) {
  const rows = await t.db
    .selectFrom("balance_transactions")
    .select(["currency", "available_on", "net"])
    .where("account_id", "=", accountId)
    .execute();
  const expected = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${r.currency} ${startOfDay(r.available_on)}`;
    expected.set(key, [...(expected.get(key) ?? []), r]);
  }
  const summary = await t.db
    .selectFrom("balance_daily")
    .select(["currency", "day", "net", "low", "first_at", "last_at"])
    .where("account_id", "=", accountId)
    .execute();
  expect(summary.map((d) => `${d.currency} ${d.day}`).sort()).toEqual([...expected.keys()].sort());
  for (const { currency, day, ...stored } of summary) {
    expect(stored, `${currency} ${day}`).toEqual(dayOf(expected.get(`${currency} ${day}`)!));
  }
  return rows;
}

async function checkLedger(accountId: string, as: object) {
  const now = api.clock.now;
  // Read first: reading the balance settles the payouts that failed by now.
  const balance = (await api.get("/v1/balance", as)).body;
  const rows = await t.db
    .selectFrom("balance_transactions")
    .selectAll()
    .where("account_id", "=", accountId)
    .execute();
  for (const cur of new Set(rows.map((r) => r.currency))) {
    const mine = rows.filter((r) => r.currency === cur);
    const available = mine.filter((r) => r.available_on <= now).reduce((s, r) => s + r.net, 0);
    const pending = mine.filter((r) => r.available_on > now).reduce((s, r) => s + r.net, 0);
    const shown = (list: { amount: number; currency: string }[]) =>
      list.find((m) => m.currency === cur)?.amount;
    expect(shown(balance.available)).toBe(available);
    expect(shown(balance.pending)).toBe(pending);
    expect(available).toBeGreaterThanOrEqual(0);
    expect(shown(balance.instant_available)).toBeLessThanOrEqual(available);
    // At every later moment when rows mature, the available balance stays non-negative.
    for (const moment of new Set(mine.map((r) => r.available_on))) {
      const then = mine.filter((r) => r.available_on <= moment).reduce((s, r) => s + r.net, 0);
      expect(then).toBeGreaterThanOrEqual(0);
    }
  }
  expect(balance.available).toHaveLength(new Set(rows.map((r) => r.currency)).size);
  await checkSummary(accountId);
}

async function run(failing: boolean, steps: Step[]) {
  // Half the accounts start with a usd bank account that returns every payout.
  const a = await connectedAccount(api, failing ? failingBankAccount : sandboxBankAccount);
  const charges: string[] = [];
  const disputes: string[] = [];
  const payouts: string[] = [];
  for (const s of steps) {
    let r: Awaited<ReturnType<typeof api.post>> | undefined;
    switch (s.op) {
      case "charge":
        r = await a.charge({
          amount: s.amount,
          currency: s.currency,
          capture: String(s.capture),
          payment_method: s.inquiry ? "pm_card_createDisputeInquiry" : "pm_card_visa",
        });
        if (r.status === 200) charges.push(r.body.id);
        if (r.body.dispute) disputes.push(r.body.dispute);
        break;
      case "capture": {
        const id = pickFrom(charges, s.pick);
        if (id) r = await api.post(`/v1/charges/${id}/capture`, a.as);
        break;
      }
      case "refund": {
        const charge = pickFrom(charges, s.pick);
        if (charge) {
          r = await api.post("/v1/refunds", {
            ...a.as,
            params: { charge, ...(s.amount ? { amount: s.amount } : {}) },
          });
        }
        break;
      }
      case "dispute": {
        const id = pickFrom(charges, s.pick);
        if (id) {
          r = await api.post(`/v1/test_helpers/charges/${id}/dispute`, {
            ...a.as,
            params: { status: s.inquiry ? "warning_needs_response" : "needs_response" },
          });
          if (r.status === 200) disputes.push(r.body.id);
        }
        break;
      }
      case "escalate": {
        const id = pickFrom(disputes, s.pick);
        if (id) r = await api.post(`/v1/test_helpers/disputes/${id}/escalate`, a.as);
        break;
      }
      case "resolve": {
        const id = pickFrom(disputes, s.pick);
        if (id) {
          await api.post(`/v1/disputes/${id}`, { ...a.as, params: { submit: "true" } });
          r = await api.post(`/v1/test_helpers/disputes/${id}/resolve`, {
            ...a.as,
            params: { outcome: s.outcome },
          });
        }
        break;
      }
      case "payout":
        r = await api.post("/v1/payouts", {
          ...a.as,
          params: {
            amount: s.amount,
            currency: s.currency,
            method: s.instant ? "instant" : "standard",
          },
        });
        if (r.status === 200) payouts.push(r.body.id);
        break;
      case "cancel": {
        const id = pickFrom(payouts, s.pick);
        if (id) r = await api.post(`/v1/payouts/${id}/cancel`, a.as);
        break;
      }
      case "bank":
        r = await api.post(`/v1/accounts/${a.accountId}/external_accounts`, {
          key: a.secretKey,
          params: {
            external_account: s.failing ? failingBankAccount : sandboxBankAccount,
            default_for_currency: true,
          },
        });
        break;
      case "automatic": {
        const acting = { platformId: a.platform.id, accountId: a.accountId, livemode: false };
        for (const p of await runAutomaticPayouts(t.db, acting, api.clock.now)) payouts.push(p.id);
        break;
      }
      case "cancelCharge": {
        const id = pickFrom(charges, s.pick);
        if (id) r = await api.post(`/v1/charges/${id}/cancel`, a.as);
        break;
      }
      case "accept": {
        const id = pickFrom(disputes, s.pick);
        if (id) r = await api.post(`/v1/disputes/${id}/close`, a.as);
        break;
      }
      case "submit": {
        const id = pickFrom(disputes, s.pick);
        if (id) {
          r = await api.post(`/v1/disputes/${id}`, {
            ...a.as,
            params: { evidence: { uncategorized_text: s.evidence }, submit: "true" },
          });
        }
        break;
      }
      case "wait":
        api.clock.now += s.seconds;
        // What the sandbox clock's advance does: decide the disputes whose review ended.
        await decideReviewedDisputes(t.db, a.platform.id, api.clock.now);
        break;
    }
    if (r) expect([200, 400, 402]).toContain(r.status);
  }
  await checkLedger(a.accountId, a.as);
  // And once what is in flight has matured (submitted payouts fail or arrive).
  api.clock.now += 3 * DAY;
  await checkLedger(a.accountId, a.as);
  await checkPaymentStatus(a.accountId);
}

/** Each payment's stored state is what its rows say now (kept with every change). */
async function checkPaymentStatus(accountId: string) {
  const charges = await t.db
    .selectFrom("charges")
    .selectAll()
    .where("account_id", "=", accountId)
    .execute();
  const disputes = await t.db
    .selectFrom("disputes")
    .select(["charge", "status"])
    .where("account_id", "=", accountId)
    .execute();
  for (const charge of charges) {
    const chargeback = disputes.some(
      (d) => d.charge === charge.id && (chargebackStatuses as readonly string[]).includes(d.status),
    );
    expect(charge.payment_status, charge.id).toBe(paymentStatusOf(charge, chargeback));
  }
}

describe("the ledger under random money movements", () => {
  it("each balance equals the sum of its balance transactions and no available balance is negative", async () => {
    // Besides the random runs, one that surely pays out to the failing bank account
    // (standard, instant, automatic; one canceled), then moves to the paying one.
    const charge = { op: "charge", currency: "usd", capture: true, inquiry: false } as const;
    const payout = { op: "payout", currency: "usd" } as const;
    const wait = (days: number) => ({ op: "wait", seconds: days * DAY }) as const;
    const failingRun: Step[] = [
      { ...charge, amount: 150_000 },
      wait(3),
      { ...payout, amount: 20_000, instant: false },
      { ...payout, amount: 10_000, instant: true },
      { ...payout, amount: 5_000, instant: false },
      { op: "cancel", pick: 2 },
      wait(1),
      { op: "automatic" },
      { op: "bank", failing: false },
      { ...payout, amount: 30_000, instant: false },
      wait(2),
    ];
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(step, { minLength: 1, maxLength: 14 }), run),
      { numRuns: 25, examples: [[true, failingRun]] },
    );
  }, 120_000);
});

/** Rows at any moment of a few days (not only a day's start or now), credits and debits. */
const entry = fc.record({
  currency,
  day: fc.integer({ min: 0, max: 3 }),
  second: fc.oneof(fc.constant(0), fc.constant(DAY - 1), fc.integer({ min: 0, max: DAY - 1 })),
  net: fc.integer({ min: -50_000, max: 50_000 }),
});
const batch = fc.record({ bulk: fc.boolean(), entries: fc.array(entry, { maxLength: 6 }) });

describe("the daily summary of the ledger", () => {
  it("equals the sum of its rows per day, and the balance read from it equals the rows at every moment", async () => {
    const a = await connectedAccount(api);
    const base = startOfDay(api.clock.now);
    await fc.assert(
      fc.asyncProperty(fc.array(batch, { minLength: 1, maxLength: 6 }), async (batches) => {
        await t.db.deleteFrom("balance_daily").where("account_id", "=", a.accountId).execute();
        await t.db
          .deleteFrom("balance_transactions")
          .where("account_id", "=", a.accountId)
          .execute();
        for (const { bulk, entries } of batches) {
          const ledger: LedgerEntry[] = entries.map((e) => ({
            platformId: a.platform.id,
            accountId: a.accountId,
            livemode: false,
            amount: e.net,
            fee: 0,
            currency: e.currency,
            type: e.net < 0 ? "payout" : "charge",
            reportingCategory: e.net < 0 ? "payout" : "charge",
            source: "test",
            description: null,
            availableOn: base + e.day * DAY + e.second,
            created: base,
          }));
          await t.db.transaction().execute(async (trx) => {
            if (bulk) await writeEntries(trx, ledger);
            else for (const e of ledger) await writeEntry(trx, e);
          });
        }
        const rows = await checkSummary(a.accountId);
        // The balance at each moment that matters (and just before it) against the rows.
        const moments = new Set(rows.flatMap((r) => [r.available_on, r.available_on - 1]));
        for (const at of moments) {
          for (const s of await summarizeBalance(t.db, a.accountId, at)) {
            const mine = rows.filter((r) => r.currency === s.currency);
            const sum = (f: (r: Row) => boolean) =>
              mine.filter(f).reduce((total, r) => total + r.net, 0);
            const ahead = [at, ...mine.map((r) => r.available_on).filter((t) => t > at)];
            expect(s.available).toBe(sum((r) => r.available_on <= at));
            expect(s.pending).toBe(sum((r) => r.available_on > at));
            expect(s.lowestAhead).toBe(
              Math.min(...ahead.map((t) => sum((r) => r.available_on <= t))),
            );
          }
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

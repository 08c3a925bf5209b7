/**
 * The ledger's property (issue 3): after any random sequence of charges, refunds, disputes
 * and payouts, manual and automatic (with the clock moving between them), each balance equals the sum of its
 * balance transactions and no available balance is negative — now or at any later moment.
 * Every step goes through the HTTP API; refused steps must be clean 4xx errors.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { connectedAccount } from "./money-test.ts";
import { runAutomaticPayouts } from "./payouts.ts";

const t = setupTestDatabase();
const api = testApi(t);

const currency = fc.constantFrom("usd", "eur");
const step = fc.oneof(
  fc.record({
    op: fc.constant("charge" as const),
    amount: fc.integer({ min: 50, max: 200_000 }),
    currency,
    capture: fc.boolean(),
    inquiry: fc.boolean(),
  }),
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
  fc.record({
    op: fc.constant("payout" as const),
    amount: fc.integer({ min: 1, max: 300_000 }),
    currency,
    instant: fc.boolean(),
  }),
  fc.record({ op: fc.constant("cancel" as const), pick: fc.nat() }),
  fc.record({ op: fc.constant("automatic" as const) }),
  fc.record({ op: fc.constant("wait" as const), seconds: fc.integer({ min: 1, max: 4 * 86_400 }) }),
);

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

const pickFrom = <T>(list: T[], n: number) =>
  list.length === 0 ? undefined : list[n % list.length];

async function checkLedger(accountId: string, as: object) {
  const now = api.clock.now;
  const rows = await t.db
    .selectFrom("balance_transactions")
    .selectAll()
    .where("account_id", "=", accountId)
    .execute();
  const balance = (await api.get("/v1/balance", as)).body;
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
}

async function run(steps: Step[]) {
  const a = await connectedAccount(api);
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
      case "automatic": {
        const acting = { platformId: a.platform.id, accountId: a.accountId, livemode: false };
        for (const p of await runAutomaticPayouts(t.db, acting, api.clock.now)) payouts.push(p.id);
        break;
      }
      case "wait":
        api.clock.now += s.seconds;
        break;
    }
    if (r) expect([200, 400, 402]).toContain(r.status);
  }
  await checkLedger(a.accountId, a.as);
}

describe("the ledger under random money movements", () => {
  it("each balance equals the sum of its balance transactions and no available balance is negative", async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), run), {
      numRuns: 25,
    });
  }, 120_000);
});

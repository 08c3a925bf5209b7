import { describe, expect, it } from "vitest";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { DAY, startOfDay } from "./ledger.ts";
import { amountIn, connectedAccount, failingBankAccount } from "./money-test.ts";
import { cardFee, instantPayoutFee } from "./payment-methods.ts";

const t = setupTestDatabase();
const api = testApi(t);

/** An account paying out to the failing test bank account, with funds available. */
async function failingAccount(amount = 100_000) {
  const a = await connectedAccount(api, failingBankAccount);
  await a.charge({ amount });
  api.clock.now = startOfDay(api.clock.now) + 3 * DAY + 3600;
  return { ...a, available: amount - cardFee(amount) };
}

const ledgerOf = (accountId: string) =>
  t.db
    .selectFrom("balance_transactions")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("created")
    .execute();

describe("a payout to the failing test bank account", () => {
  it("is pending like any payout, then failed once submitted, with its code and message; the money is back through one payout_failure row", async () => {
    const a = await failingAccount();
    const made = await api.post("/v1/payouts", { ...a.as, params: { amount: 40_000 } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      status: "pending",
      failure_code: null,
      failure_message: null,
      failure_balance_transaction: null,
    });
    expect(amountIn((await a.balance()).available)).toBe(a.available - 40_000);

    api.clock.now = made.body.arrival_date - 1; // submitted, not yet arrived
    const failed = await api.get(`/v1/payouts/${made.body.id}`, {
      ...a.as,
      params: { expand: ["failure_balance_transaction"] },
    });
    expect(failed.body).toMatchObject({
      status: "failed",
      failure_code: "account_closed",
      failure_message: "The bank account has been closed.",
      failure_balance_transaction: {
        object: "balance_transaction",
        type: "payout_failure",
        amount: 40_000,
        fee: 0,
        net: 40_000,
        source: made.body.id,
        status: "available",
      },
    });
    expect(amountIn((await a.balance()).available)).toBe(a.available);
    const credits = (await ledgerOf(a.accountId)).filter((r) => r.type === "payout_failure");
    expect(credits).toHaveLength(1);
    expect(credits[0]!.available_on).toBe(startOfDay(made.body.created) + DAY);
  });

  it("reading it again, listing it and paying out again write no second payout_failure row", async () => {
    const a = await failingAccount();
    const made = await api.post("/v1/payouts", { ...a.as, params: { amount: 10_000 } });
    api.clock.now = startOfDay(api.clock.now) + DAY;
    for (let i = 0; i < 3; i++) await api.get(`/v1/payouts/${made.body.id}`, a.as);
    const list = await api.get("/v1/payouts", a.as);
    expect(list.body.data[0]).toMatchObject({ id: made.body.id, status: "failed" });
    // The returned money pays out again (and fails again), each payout returned once.
    const again = await api.post("/v1/payouts", { ...a.as, params: { amount: a.available } });
    expect(again.status).toBe(200);
    const rows = await ledgerOf(a.accountId);
    expect(rows.filter((r) => r.type === "payout_failure").map((r) => r.source)).toEqual([
      made.body.id,
    ]);
    api.clock.now = startOfDay(api.clock.now) + DAY;
    await a.balance();
    const after = (await ledgerOf(a.accountId)).filter((r) => r.type === "payout_failure");
    expect(after.map((r) => r.source).sort()).toEqual([made.body.id, again.body.id].sort());
    expect(amountIn((await a.balance()).available)).toBe(a.available);
  });

  it("canceled while pending, it never fails and its money comes back once", async () => {
    const a = await failingAccount();
    const made = await api.post("/v1/payouts", { ...a.as, params: { amount: 10_000 } });
    const canceled = await api.post(`/v1/payouts/${made.body.id}/cancel`, a.as);
    expect(canceled.body).toMatchObject({ status: "canceled", failure_code: null });
    api.clock.now = startOfDay(api.clock.now) + 5 * DAY;
    const later = await api.get(`/v1/payouts/${made.body.id}`, a.as);
    expect(later.body).toMatchObject({ status: "canceled", failure_code: null });
    expect((await ledgerOf(a.accountId)).map((r) => r.type).sort()).toEqual(
      ["charge", "payout", "payout_cancel"].sort(),
    );
    expect(amountIn((await a.balance()).available)).toBe(a.available);
  });

  it("a failed payout cannot be canceled", async () => {
    const a = await failingAccount();
    const made = await api.post("/v1/payouts", { ...a.as, params: { amount: 10_000 } });
    api.clock.now = startOfDay(api.clock.now) + DAY;
    const r = await api.post(`/v1/payouts/${made.body.id}/cancel`, a.as);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("payout_not_cancelable");
    expect(r.body.error.message).toContain("failed");
  });

  it("an instant payout is submitted at once, so it fails in its own answer, its fee returned too", async () => {
    const a = await failingAccount();
    const made = await api.post("/v1/payouts", {
      ...a.as,
      params: { amount: 20_000, method: "instant" },
    });
    expect(made.body).toMatchObject({
      status: "failed",
      failure_code: "account_closed",
      failure_balance_transaction: expect.stringMatching(/^txn_/),
    });
    const credit = await api.get(
      `/v1/balance_transactions/${made.body.failure_balance_transaction}`,
      a.as,
    );
    const fee = instantPayoutFee(20_000);
    expect(credit.body).toMatchObject({ type: "payout_failure", amount: 20_000, fee: -fee });
    expect(amountIn((await a.balance()).available)).toBe(a.available);
  });

  it("the other magic numbers fail with no_account and could_not_process; the verified test account pays out", async () => {
    const cases = [
      ["000222222227", "no_account"],
      ["000333333335", "could_not_process"],
      ["000123456789", null],
    ] as const;
    for (const [number, code] of cases) {
      const a = await connectedAccount(api, { ...failingBankAccount, account_number: number });
      await a.charge({ amount: 10_000 });
      api.clock.now = startOfDay(api.clock.now) + 3 * DAY;
      const made = await api.post("/v1/payouts", { ...a.as, params: { amount: 5_000 } });
      api.clock.now = made.body.arrival_date;
      const read = await api.get(`/v1/payouts/${made.body.id}`, a.as);
      expect(read.body.failure_code, number).toBe(code);
      expect(read.body.status, number).toBe(code ? "failed" : "paid");
    }
  });
});

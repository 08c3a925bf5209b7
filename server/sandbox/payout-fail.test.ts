import { describe, expect, it } from "vitest";
import { DAY, startOfDay } from "../money/ledger.ts";
import { amountIn, connectedAccount } from "../money/money-test.ts";
import { cardFee } from "../money/payment-methods.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";

const t = setupTestDatabase();
const api = testApi(t);

/** An account paying out to a working bank account, with funds available. */
async function fundedAccount(amount = 100_000) {
  const a = await connectedAccount(api);
  await a.charge({ amount });
  api.clock.now = startOfDay(api.clock.now) + 3 * DAY + 3600;
  return { ...a, available: amount - cardFee(amount) };
}

describe("POST /v1/test_helpers/payouts/:id/fail", () => {
  it("makes a pending payout fail once submitted, with the code asked for, and gives the money back", async () => {
    const a = await fundedAccount();
    const made = await api.post("/v1/payouts", { ...a.as, params: { amount: 30_000 } });
    const marked = await api.post(`/v1/test_helpers/payouts/${made.body.id}/fail`, {
      ...a.as,
      params: { failure_code: "account_closed" },
    });
    expect(marked.status).toBe(200);
    // Still pending (cancelable) until the bank gets it.
    expect(marked.body).toMatchObject({ id: made.body.id, status: "pending", failure_code: null });
    api.clock.now = made.body.arrival_date - 1;
    const failed = await api.get(`/v1/payouts/${made.body.id}`, a.as);
    expect(failed.body).toMatchObject({ status: "failed", failure_code: "account_closed" });
    expect(amountIn((await a.balance()).available)).toBe(a.available);
  });

  it("defaults to could_not_process", async () => {
    const a = await fundedAccount();
    const made = await api.post("/v1/payouts", { ...a.as, params: { amount: 1_000 } });
    await api.post(`/v1/test_helpers/payouts/${made.body.id}/fail`, a.as);
    api.clock.now = made.body.arrival_date;
    const failed = await api.get(`/v1/payouts/${made.body.id}`, a.as);
    expect(failed.body).toMatchObject({ status: "failed", failure_code: "could_not_process" });
  });

  it("refuses a payout already submitted, and changes nothing", async () => {
    const a = await fundedAccount();
    const made = await api.post("/v1/payouts", { ...a.as, params: { amount: 1_000 } });
    api.clock.now = made.body.arrival_date - 1;
    const refused = await api.post(`/v1/test_helpers/payouts/${made.body.id}/fail`, a.as);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "payout_not_pending" });
    api.clock.now = made.body.arrival_date + 1;
    expect((await api.get(`/v1/payouts/${made.body.id}`, a.as)).body.status).toBe("paid");
  });

  it("answers 404 for another account's payout, and refuses an account session key", async () => {
    const a = await fundedAccount();
    const other = await fundedAccount();
    const made = await api.post("/v1/payouts", { ...a.as, params: { amount: 1_000 } });
    const elsewhere = await api.post(`/v1/test_helpers/payouts/${made.body.id}/fail`, other.as);
    expect(elsewhere.status).toBe(404);
    const key = await a.sessionKey({ payouts: { enabled: true } });
    const bySession = await api.post(`/v1/test_helpers/payouts/${made.body.id}/fail`, { key });
    expect(bySession.status).toBe(403);
    expect((await api.get(`/v1/payouts/${made.body.id}`, a.as)).body.failure_code).toBeNull();
  });

  it("refuses an unknown failure code", async () => {
    const a = await fundedAccount();
    const made = await api.post("/v1/payouts", { ...a.as, params: { amount: 1_000 } });
    const refused = await api.post(`/v1/test_helpers/payouts/${made.body.id}/fail`, {
      ...a.as,
      params: { failure_code: "bank_on_fire" },
    });
    expect(refused.status).toBe(400);
  });
});

import { describe, expect, it } from "vitest";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { DAY, startOfDay } from "./ledger.ts";
import { amountIn, connectedAccount, sandboxBankAccount } from "./money-test.ts";

const t = setupTestDatabase();
const api = testApi(t);

/** An account whose payment losses the provider bears (top-ups are allowed for it). */
const providerLiable = { controller: { losses: { payments: "provider" } } };

const balances = (features: Record<string, boolean>) => ({
  balances: { enabled: true, features },
});

const countRows = async () => ({
  topups: (await t.db.selectFrom("topups").selectAll().execute()).length,
  ledger: (await t.db.selectFrom("balance_transactions").selectAll().execute()).length,
});

describe("top-ups add funds from the payout bank account", () => {
  it("a top-up is pending, with its topup ledger row, then available from the day its funds arrive", async () => {
    const a = await connectedAccount(api, sandboxBankAccount, providerLiable);
    expect(
      (await api.get(`/v1/accounts/${a.accountId}`, { key: a.secretKey })).body.controller,
    ).toEqual({ losses: { payments: "provider" } });
    const key = await a.sessionKey(balances({ enable_topups: true }));
    const r = await api.post("/v1/topups", { key, params: { amount: 25_000, currency: "usd" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: "topup",
      amount: 25_000,
      currency: "usd",
      status: "pending",
      source: expect.stringMatching(/^ba_/),
    });
    expect(r.body.id).toMatch(/^tu_/);
    // Available at the start of the day delay_days (2 by default) after today, like a charge.
    expect(r.body.expected_availability_date).toBe(startOfDay(api.clock.now) + 2 * DAY);
    const txn = await api.get(`/v1/balance_transactions/${r.body.balance_transaction}`, a.as);
    expect(txn.body).toMatchObject({
      type: "topup",
      amount: 25_000,
      fee: 0,
      net: 25_000,
      source: r.body.id,
      status: "pending",
    });
    const pending = await a.balance();
    expect(amountIn(pending.pending)).toBe(25_000);
    expect(amountIn(pending.available)).toBe(0);
    const listed = await api.get("/v1/topups", { key });
    expect(listed.body.data.map((x: { id: string }) => x.id)).toEqual([r.body.id]);
    // The clock moves it: from that day on the funds are available and the top-up succeeded.
    api.clock.now = r.body.expected_availability_date;
    const later = await a.balance();
    expect(amountIn(later.available)).toBe(25_000);
    expect(amountIn(later.pending)).toBe(0);
    expect((await api.get(`/v1/topups/${r.body.id}`, a.as)).body.status).toBe("succeeded");
    // And it can be paid out like any available funds.
    const payout = await api.post("/v1/payouts", { ...a.as, params: { amount: 25_000 } });
    expect(payout.status).toBe(200);
  });

  it("a session without enable_topups is refused (403 feature_not_enabled) and nothing is written", async () => {
    const a = await connectedAccount(api, sandboxBankAccount, providerLiable);
    const key = await a.sessionKey(balances({ standard_payouts: true }));
    const before = await countRows();
    const r = await api.post("/v1/topups", { key, params: { amount: 1_000 } });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ type: "permission_error", code: "feature_not_enabled" });
    expect(await countRows()).toEqual(before);
    // A session that enables no component adding funds cannot even list them.
    const other = await a.sessionKey({ payments: { enabled: true } });
    expect((await api.get("/v1/topups", { key: other })).status).toBe(403);
  });

  it("the add-funds entry point's key adds funds only while its session turns enable_topups on", async () => {
    const a = await connectedAccount(api, sandboxBankAccount, providerLiable);
    const off = await a.sessionKey({ entry_point_add_funds: { enabled: true } });
    const before = await countRows();
    const refused = await api.post("/v1/topups", { key: off, params: { amount: 1_000 } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("feature_not_enabled");
    expect(await countRows()).toEqual(before);
    const on = await a.sessionKey({
      entry_point_add_funds: { enabled: true, features: { enable_topups: true } },
    });
    const added = await api.post("/v1/topups", { key: on, params: { amount: 1_000 } });
    expect(added.status).toBe(200);
    // Its task is adding funds: no payout with that key.
    expect((await api.post("/v1/payouts", { key: on, params: { amount: 100 } })).status).toBe(403);
  });

  it("an account whose losses the platform bears is refused top-ups (403 topups_not_allowed)", async () => {
    const a = await connectedAccount(api);
    const before = await countRows();
    for (const key of [a.secretKey, await a.sessionKey(balances({ enable_topups: true }))]) {
      const r = await api.post("/v1/topups", {
        key,
        headers: key === a.secretKey ? a.as.headers : {},
        params: { amount: 1_000 },
      });
      expect(r.status).toBe(403);
      expect(r.body.error).toMatchObject({ code: "topups_not_allowed" });
    }
    expect(await countRows()).toEqual(before);
    expect(amountIn((await a.balance()).pending)).toBe(0);
  });

  it("without a bank account in the currency the top-up is refused (no_external_account) and nothing is written", async () => {
    const a = await connectedAccount(api, sandboxBankAccount, providerLiable);
    const before = await countRows();
    const r = await api.post("/v1/topups", { ...a.as, params: { amount: 1_000, currency: "eur" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "no_external_account", param: "currency" });
    expect(await countRows()).toEqual(before);
  });

  it("a retried top-up with the same Idempotency-Key adds the money once", async () => {
    const a = await connectedAccount(api, sandboxBankAccount, providerLiable);
    const options = {
      key: a.secretKey,
      headers: { ...a.as.headers, [api.headers.idempotencyKey]: "topup-1" },
      params: { amount: 4_000 },
    };
    const first = await api.post("/v1/topups", options);
    const retry = await api.post("/v1/topups", options);
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await countRows()).topups).toBe(1);
    expect(amountIn((await a.balance()).pending)).toBe(4_000);
  });
});

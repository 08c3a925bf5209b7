import { describe, expect, it } from "vitest";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { DAY, instantPayoutDailyLimit, startOfDay } from "./ledger.ts";
import { amountIn, connectedAccount } from "./money-test.ts";
import { cardFee, instantPayoutFee } from "./payment-methods.ts";
import { isPayoutDay, runAutomaticPayouts } from "./payouts.ts";

const t = setupTestDatabase();
const api = testApi(t);

/** An account with `amount` charged and made available by moving the clock. */
async function fundedAccount(amount = 100_000) {
  const a = await connectedAccount(api);
  await a.charge({ amount });
  api.clock.now = startOfDay(api.clock.now) + 3 * DAY + 3600;
  return { ...a, available: amount - cardFee(amount) };
}

const countRows = async () => ({
  payouts: (await t.db.selectFrom("payouts").selectAll().execute()).length,
  ledger: (await t.db.selectFrom("balance_transactions").selectAll().execute()).length,
});

describe("payouts debit the available balance", () => {
  it("a standard payout debits at once, is pending, then in_transit, then paid", async () => {
    const a = await fundedAccount();
    const r = await api.post("/v1/payouts", {
      ...a.as,
      params: { amount: 50_000, description: "Weekly" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: "payout",
      amount: 50_000,
      currency: "usd",
      method: "standard",
      status: "pending",
      destination: expect.stringMatching(/^ba_/),
      type: "bank_account",
    });
    expect(r.body.id).toMatch(/^po_/);
    expect(amountIn((await a.balance()).available)).toBe(a.available - 50_000);
    const txn = await api.get(`/v1/balance_transactions/${r.body.balance_transaction}`, a.as);
    expect(txn.body).toMatchObject({
      type: "payout",
      amount: -50_000,
      net: -50_000,
      source: r.body.id,
    });
    api.clock.now = startOfDay(api.clock.now) + DAY;
    expect((await api.get(`/v1/payouts/${r.body.id}`, a.as)).body.status).toBe("in_transit");
    api.clock.now = r.body.arrival_date;
    expect((await api.get(`/v1/payouts/${r.body.id}`, a.as)).body.status).toBe("paid");
  });

  it("expand[]=destination shows where a payout went (bank name and last four), on retrieve and in lists", async () => {
    const a = await fundedAccount();
    const made = await api.post("/v1/payouts", { ...a.as, params: { amount: 10_000 } });
    const bank = { object: "bank_account", id: made.body.destination, last4: expect.any(String) };
    const one = await api.get(`/v1/payouts/${made.body.id}`, {
      ...a.as,
      params: { expand: ["destination"] },
    });
    expect(one.body.destination).toMatchObject(bank);
    const list = await api.get("/v1/payouts", {
      ...a.as,
      params: { expand: ["data.destination"] },
    });
    expect(list.body.data[0].destination).toMatchObject(bank);
    const plain = await api.get(`/v1/payouts/${made.body.id}`, a.as);
    expect(plain.body.destination).toBe(made.body.destination);
  });

  it("a payout larger than the available balance is refused with balance_insufficient and writes nothing", async () => {
    const a = await fundedAccount();
    // Pending funds do not count.
    await a.charge({ amount: 500_000 });
    const before = await countRows();
    const r = await api.post("/v1/payouts", { ...a.as, params: { amount: a.available + 1 } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      type: "invalid_request_error",
      code: "balance_insufficient",
      param: "amount",
    });
    expect(await countRows()).toEqual(before);
    expect(amountIn((await a.balance()).available)).toBe(a.available);
    const exact = await api.post("/v1/payouts", { ...a.as, params: { amount: a.available } });
    expect(exact.status).toBe(200);
    expect(amountIn((await a.balance()).available)).toBe(0);
  });

  it("an instant payout pays a fee, arrives in 30 minutes and is limited by instant_available", async () => {
    const a = await fundedAccount(2_000_000);
    const balance = await a.balance();
    expect(amountIn(balance.instant_available)).toBe(instantPayoutDailyLimit);
    const amount = 100_000;
    const r = await api.post("/v1/payouts", { ...a.as, params: { amount, method: "instant" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ method: "instant", status: "in_transit" });
    expect(r.body.arrival_date).toBe(api.clock.now + 30 * 60);
    const fee = instantPayoutFee(amount);
    const after = await a.balance();
    expect(amountIn(after.available)).toBe(a.available - amount - fee);
    expect(amountIn(after.instant_available)).toBe(instantPayoutDailyLimit - amount - fee);
    const over = await api.post("/v1/payouts", {
      ...a.as,
      params: { amount: instantPayoutDailyLimit, method: "instant" },
    });
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe("balance_insufficient");
    const cancel = await api.post(`/v1/payouts/${r.body.id}/cancel`, a.as);
    expect(cancel.body.error.code).toBe("payout_not_cancelable");
  });

  it("canceling a pending payout gives its funds back; a canceled payout cannot be canceled again", async () => {
    const a = await fundedAccount();
    const r = await api.post("/v1/payouts", { ...a.as, params: { amount: 10_000 } });
    const canceled = await api.post(`/v1/payouts/${r.body.id}/cancel`, a.as);
    expect(canceled.body).toMatchObject({ status: "canceled" });
    expect(canceled.body.reversal).toMatch(/^txn_/);
    expect(amountIn((await a.balance()).available)).toBe(a.available);
    const again = await api.post(`/v1/payouts/${r.body.id}/cancel`, a.as);
    expect(again.body.error.code).toBe("payout_not_cancelable");
  });

  it("payouts list newest first with keyset pagination", async () => {
    const a = await fundedAccount();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      api.clock.now += 1;
      ids.push((await api.post("/v1/payouts", { ...a.as, params: { amount: 100 + i } })).body.id);
    }
    const first = await api.get("/v1/payouts", { ...a.as, params: { limit: 2 } });
    expect(first.body).toMatchObject({ object: "list", url: "/v1/payouts", has_more: true });
    expect(first.body.data.map((p: { id: string }) => p.id)).toEqual([ids[4], ids[3]]);
    const next = await api.get("/v1/payouts", {
      ...a.as,
      params: { limit: 3, starting_after: ids[3] },
    });
    expect(next.body.has_more).toBe(false);
    expect(next.body.data.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1], ids[0]]);
    const other = await connectedAccount(api);
    const foreign = await api.get("/v1/payouts", {
      ...other.as,
      params: { starting_after: ids[0] },
    });
    expect(foreign.status).toBe(400);
  });

  it("payouts made within one second list newest first too, across pages", async () => {
    const a = await fundedAccount();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await api.post("/v1/payouts", { ...a.as, params: { amount: 100 + i } })).body.id);
    const first = await api.get("/v1/payouts", { ...a.as, params: { limit: 2 } });
    expect(first.body.data.map((p: { id: string }) => p.id)).toEqual([ids[3], ids[2]]);
    const next = await api.get("/v1/payouts", {
      ...a.as,
      params: { limit: 2, starting_after: ids[2] },
    });
    expect(next.body.data.map((p: { id: string }) => p.id)).toEqual([ids[1], ids[0]]);
  });

  it("concurrent payouts of the whole balance: exactly one succeeds, and nothing is overdrawn", async () => {
    const a = await fundedAccount();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.post("/v1/payouts", { ...a.as, params: { amount: a.available } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(5);
    expect(amountIn((await a.balance()).available)).toBe(0);
  });

  it("a retried payout with the same Idempotency-Key moves money once", async () => {
    const a = await fundedAccount();
    const options = {
      key: a.secretKey,
      headers: { ...a.as.headers, [api.headers.idempotencyKey]: "payout-1" },
      params: { amount: 7_000 },
    };
    const first = await api.post("/v1/payouts", options);
    const retry = await api.post("/v1/payouts", options);
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await t.db.selectFrom("payouts").selectAll().execute()).length).toBe(1);
    expect(amountIn((await a.balance()).available)).toBe(a.available - 7_000);
  });
});

describe("the payout schedule", () => {
  it("defaults to daily with 2 delay days; delay_days sets when new charges become available", async () => {
    const a = await connectedAccount(api);
    expect((await api.get("/v1/payout_schedule", a.as)).body).toMatchObject({
      interval: "daily",
      delay_days: 2,
    });
    const updated = await api.post("/v1/payout_schedule", {
      ...a.as,
      params: { interval: "weekly", weekly_anchor: "friday", delay_days: 7 },
    });
    expect(updated.body).toMatchObject({
      interval: "weekly",
      weekly_anchor: "friday",
      delay_days: 7,
    });
    const bad = await api.post("/v1/payout_schedule", { ...a.as, params: { monthly_anchor: 3 } });
    expect(bad.body.error.param).toBe("monthly_anchor");
    const charge = (await a.charge({ amount: 1_000 })).body;
    const txn = await api.get(`/v1/balance_transactions/${charge.balance_transaction}`, a.as);
    expect(txn.body.available_on).toBe(startOfDay(api.clock.now) + 7 * DAY);
    const manual = await api.post("/v1/payout_schedule", {
      ...a.as,
      params: { interval: "manual" },
    });
    expect(manual.body).toMatchObject({ interval: "manual", weekly_anchor: null, delay_days: 7 });
  });

  it("a session key changes the schedule only with edit_payout_schedule", async () => {
    const a = await connectedAccount(api);
    const key = await a.sessionKey({
      payouts: { enabled: true, features: { edit_payout_schedule: false } },
    });
    expect((await api.get("/v1/payout_schedule", { key })).status).toBe(200);
    const r = await api.post("/v1/payout_schedule", { key, params: { interval: "manual" } });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("feature_not_enabled");
  });
});

describe("the money endpoints in the OpenAPI document", () => {
  it("lists every money path from the same schemas that validate requests", async () => {
    const { paths } = (await api.get("/v1/openapi.json")).body;
    for (const path of [
      "/v1/charges",
      "/v1/charges/{id}/capture",
      "/v1/refunds",
      "/v1/disputes/{id}/close",
      "/v1/payouts",
      "/v1/payouts/{id}/cancel",
      "/v1/payout_schedule",
      "/v1/balance",
      "/v1/balance_transactions",
    ]) {
      expect(paths[path], path).toBeDefined();
    }
    const body =
      paths["/v1/payouts"].post.requestBody.content["application/x-www-form-urlencoded"].schema;
    expect(body.properties.method.enum).toEqual(["standard", "instant"]);
  });
});

describe("payouts with a claimed account-session key", () => {
  it("the payouts component pays out standard and instant; instant_payouts=false refuses instant only", async () => {
    const a = await fundedAccount();
    const key = await a.sessionKey({ payouts: { enabled: true } });
    const standard = await api.post("/v1/payouts", { key, params: { amount: 1_000 } });
    expect(standard.status).toBe(200);
    const instant = await api.post("/v1/payouts", {
      key,
      params: { amount: 1_000, method: "instant" },
    });
    expect(instant.status).toBe(200);
    const noInstant = await a.sessionKey({
      payouts: { enabled: true, features: { instant_payouts: false } },
    });
    const refused = await api.post("/v1/payouts", {
      key: noInstant,
      params: { amount: 1_000, method: "instant" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("feature_not_enabled");
    expect((await api.get("/v1/payouts", { key: noInstant })).body.data).toHaveLength(2);
  });
});

describe("the mobile entry points' session keys (docs/mobile.md)", () => {
  it("each reads the balance and schedule and makes only its own change, and only while its feature is on", async () => {
    const a = await fundedAccount();
    const create = await a.sessionKey({ entry_point_create_payout: { enabled: true } });
    const schedule = await a.sessionKey({ entry_point_edit_payout_schedule: { enabled: true } });
    for (const key of [create, schedule]) {
      expect((await api.get("/v1/balance", { key })).status).toBe(200);
      expect((await api.get("/v1/payout_schedule", { key })).status).toBe(200);
      // Not the payouts list: no entry point shows one.
      expect((await api.get("/v1/payouts", { key })).status).toBe(403);
    }
    const paid = await api.post("/v1/payouts", {
      key: create,
      params: { amount: 1_000, description: "Weekly earnings" },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.description).toBe("Weekly earnings");
    // Its task is a standard payout, not an instant one, nor a schedule change.
    expect(
      (await api.post("/v1/payouts", { key: create, params: { amount: 1_000, method: "instant" } }))
        .body.error.code,
    ).toBe("feature_not_enabled");
    expect(
      (await api.post("/v1/payout_schedule", { key: create, params: { interval: "daily" } }))
        .status,
    ).toBe(403);
    expect(
      (await api.post("/v1/payout_schedule", { key: schedule, params: { interval: "daily" } })).body
        .interval,
    ).toBe("daily");
    expect(
      (await api.post("/v1/payouts", { key: schedule, params: { amount: 1_000 } })).status,
    ).toBe(403);
    const off = await a.sessionKey({
      entry_point_create_payout: { enabled: true, features: { standard_payouts: false } },
    });
    const refused = await api.post("/v1/payouts", { key: off, params: { amount: 1_000 } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("feature_not_enabled");
    // One payout moved, the one the create-payout key made.
    expect((await api.get("/v1/payouts", a.as)).body.data).toHaveLength(1);
  });
});

describe("automatic payouts follow the schedule", () => {
  it("a daily schedule pays out everything available once a day; manual never does", async () => {
    const a = await fundedAccount();
    const acting = { platformId: a.platform.id, accountId: a.accountId, livemode: false };
    await a.charge({ amount: 20_000 }); // still pending: not paid out
    const made = await runAutomaticPayouts(t.db, acting, api.clock.now);
    expect(made.map((p) => [p.amount, p.automatic, p.method])).toEqual([
      [a.available, true, "standard"],
    ]);
    expect(await runAutomaticPayouts(t.db, acting, api.clock.now + 60)).toEqual([]);
    expect(amountIn((await a.balance()).available)).toBe(0);
    await api.post("/v1/payout_schedule", { ...a.as, params: { interval: "manual" } });
    api.clock.now += 3 * DAY;
    expect(amountIn((await a.balance()).available)).toBe(20_000 - cardFee(20_000));
    expect(await runAutomaticPayouts(t.db, acting, api.clock.now)).toEqual([]);
  });

  it("weekly and monthly anchors pick their day (a monthly 31 pays on a short month's last day)", () => {
    const at = (iso: string) => Date.parse(iso) / 1000;
    const weekly = { interval: "weekly", weekly_anchor: "friday", monthly_anchor: null };
    expect(isPayoutDay(weekly, at("2026-11-20T10:00:00Z"))).toBe(true);
    expect(isPayoutDay(weekly, at("2026-11-21T10:00:00Z"))).toBe(false);
    const monthly = { interval: "monthly", weekly_anchor: null, monthly_anchor: 31 };
    expect(isPayoutDay(monthly, at("2026-04-30T10:00:00Z"))).toBe(true);
    expect(isPayoutDay(monthly, at("2026-05-30T10:00:00Z"))).toBe(false);
    expect(isPayoutDay(monthly, at("2026-05-31T10:00:00Z"))).toBe(true);
    expect(isPayoutDay({ ...monthly, interval: "manual" }, at("2026-05-31T10:00:00Z"))).toBe(false);
  });
});

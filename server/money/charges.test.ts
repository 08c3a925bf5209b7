import { describe, expect, it } from "vitest";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { DAY, startOfDay } from "./ledger.ts";
import { amountIn, connectedAccount } from "./money-test.ts";
import { cardFee, disputeFee } from "./payment-methods.ts";

const t = setupTestDatabase();
const api = testApi(t);

const ledgerOf = (accountId: string) =>
  t.db
    .selectFrom("balance_transactions")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("created")
    .execute();

describe("charges write their ledger row in the same transaction", () => {
  it("a captured charge credits amount - fee, pending until delay_days have passed", async () => {
    const a = await connectedAccount(api);
    const r = await a.charge({
      amount: 10_000,
      customer: { email: "jenny@example.com", name: "Jenny Rosen" },
      description: "Order 42",
      metadata: { order: "42" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: "charge",
      amount: 10_000,
      amount_captured: 10_000,
      captured: true,
      status: "succeeded",
      customer: { email: "jenny@example.com", name: "Jenny Rosen" },
      payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } },
      metadata: { order: "42" },
      refunded: false,
      disputed: false,
    });
    expect(r.body.id).toMatch(/^ch_/);
    const [row] = await ledgerOf(a.accountId);
    expect(row).toMatchObject({
      id: r.body.balance_transaction,
      amount: 10_000,
      fee: cardFee(10_000),
      net: 10_000 - cardFee(10_000),
      type: "charge",
      source: r.body.id,
      available_on: startOfDay(api.clock.now) + 2 * DAY,
    });
    expect(await a.balance()).toMatchObject({
      available: [{ amount: 0, currency: "usd" }],
      pending: [{ amount: 10_000 - cardFee(10_000), currency: "usd" }],
    });
    api.clock.now = startOfDay(api.clock.now) + 2 * DAY;
    const later = await a.balance();
    expect(amountIn(later.available)).toBe(10_000 - cardFee(10_000));
    expect(amountIn(later.pending)).toBe(0);
    const txn = await api.get(`/v1/balance_transactions/${r.body.balance_transaction}`, a.as);
    expect(txn.body.status).toBe("available");
  });

  it("a declined card answers a card_error, stores the failed charge and moves no money", async () => {
    const a = await connectedAccount(api);
    const r = await a.charge({ amount: 500, payment_method: "pm_card_chargeDeclined" });
    expect(r.status).toBe(402);
    expect(r.body.error).toMatchObject({ type: "card_error", code: "card_declined" });
    const list = await api.get("/v1/charges", a.as);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ status: "failed", paid: false, captured: false });
    expect(await ledgerOf(a.accountId)).toEqual([]);
  });

  it("an uncaptured charge moves no money until captured, and captures at most its amount", async () => {
    const a = await connectedAccount(api);
    const r = await a.charge({ amount: 2_000, capture: false });
    expect(r.body).toMatchObject({ captured: false, balance_transaction: null });
    expect(await ledgerOf(a.accountId)).toEqual([]);
    const tooMuch = await api.post(`/v1/charges/${r.body.id}/capture`, {
      ...a.as,
      params: { amount_to_capture: 2_001 },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.param).toBe("amount_to_capture");
    const captured = await api.post(`/v1/charges/${r.body.id}/capture`, {
      ...a.as,
      params: { amount_to_capture: 1_500 },
    });
    expect(captured.body).toMatchObject({ captured: true, amount_captured: 1_500 });
    const again = await api.post(`/v1/charges/${r.body.id}/capture`, a.as);
    expect(again.body.error.code).toBe("charge_already_captured");
    expect((await ledgerOf(a.accountId)).map((x) => x.amount)).toEqual([1_500]);
  });

  it("charges need the account header with a platform key, and a platform key cannot act for another platform's account", async () => {
    const a = await connectedAccount(api);
    const b = await connectedAccount(api);
    const noHeader = await api.post("/v1/charges", {
      key: a.secretKey,
      params: { amount: 100, currency: "usd", payment_method: "pm_card_visa" },
    });
    expect(noHeader.body.error.code).toBe("account_required");
    const foreign = await api.post("/v1/charges", {
      key: a.secretKey,
      headers: { [api.headers.account]: b.accountId },
      params: { amount: 100, currency: "usd", payment_method: "pm_card_visa" },
    });
    expect(foreign.status).toBe(403);
    expect(await t.db.selectFrom("charges").selectAll().execute()).toEqual([]);
  });
});

describe("refunds: full or partial, never more than remains", () => {
  it("partial then full refunds debit the ledger, giving the fee back pro rata", async () => {
    const a = await connectedAccount(api);
    const charge = (await a.charge({ amount: 10_000 })).body;
    const first = await api.post("/v1/refunds", {
      ...a.as,
      params: { charge: charge.id, amount: 4_000 },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ object: "refund", amount: 4_000, status: "succeeded" });
    const over = await api.post("/v1/refunds", {
      ...a.as,
      params: { charge: charge.id, amount: 6_001 },
    });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ code: "amount_too_large", param: "amount" });
    api.clock.now += 1;
    const rest = await api.post("/v1/refunds", { ...a.as, params: { charge: charge.id } });
    expect(rest.body.amount).toBe(6_000);
    const after = await api.get(`/v1/charges/${charge.id}`, a.as);
    expect(after.body).toMatchObject({ amount_refunded: 10_000, refunded: true });
    const none = await api.post("/v1/refunds", { ...a.as, params: { charge: charge.id } });
    expect(none.body.error.code).toBe("charge_already_refunded");
    // The charge and its refunds net to zero: the whole fee came back.
    const rows = await ledgerOf(a.accountId);
    expect(rows).toHaveLength(3);
    expect(rows.reduce((s, r) => s + r.net, 0)).toBe(0);
    const balance = await a.balance();
    expect(amountIn(balance.available) + amountIn(balance.pending)).toBe(0);
    const listed = await api.get("/v1/refunds", { ...a.as, params: { charge: charge.id } });
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([
      rest.body.id,
      first.body.id,
    ]);
  });

  it("a refund that would make the available balance negative is refused and writes nothing", async () => {
    const a = await connectedAccount(api);
    const charge = (await a.charge({ amount: 10_000 })).body;
    api.clock.now += 3 * DAY;
    const all = amountIn((await a.balance()).available);
    expect((await api.post("/v1/payouts", { ...a.as, params: { amount: all } })).status).toBe(200);
    const r = await api.post("/v1/refunds", { ...a.as, params: { charge: charge.id } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("balance_insufficient");
    expect(await t.db.selectFrom("refunds").selectAll().execute()).toEqual([]);
    expect((await api.get(`/v1/charges/${charge.id}`, a.as)).body.amount_refunded).toBe(0);
  });
});

describe("disputes: warning_needs_response → needs_response → under_review → won|lost", () => {
  it("an inquiry moves no money; escalation withdraws amount and fee; a won dispute reinstates the amount", async () => {
    const a = await connectedAccount(api);
    const funds = (await a.charge({ amount: 50_000 })).body;
    const charge = (
      await a.charge({ amount: 8_000, payment_method: "pm_card_createDisputeInquiry" })
    ).body;
    expect(funds.disputed).toBe(false);
    expect(charge.disputed).toBe(true);
    const dispute = (await api.get("/v1/disputes", a.as)).body.data[0];
    expect(dispute).toMatchObject({
      status: "warning_needs_response",
      amount: 8_000,
      charge: charge.id,
      balance_transactions: [],
    });
    const escalated = await api.post(`/v1/test_helpers/disputes/${dispute.id}/escalate`, a.as);
    expect(escalated.body.status).toBe("needs_response");
    const [withdrawal] = escalated.body.balance_transactions;
    const row = await t.db
      .selectFrom("balance_transactions")
      .selectAll()
      .where("id", "=", withdrawal)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount: -8_000, fee: disputeFee, net: -8_000 - disputeFee });
    const refund = await api.post("/v1/refunds", { ...a.as, params: { charge: charge.id } });
    expect(refund.body.error.code).toBe("charge_disputed");
    const submitted = await api.post(`/v1/disputes/${dispute.id}`, {
      ...a.as,
      params: { evidence: { uncategorized_text: "Delivered, signed for." }, submit: "true" },
    });
    expect(submitted.body).toMatchObject({
      status: "under_review",
      evidence: { uncategorized_text: "Delivered, signed for." },
    });
    const won = await api.post(`/v1/test_helpers/disputes/${dispute.id}/resolve`, {
      ...a.as,
      params: { outcome: "won" },
    });
    expect(won.body.status).toBe("won");
    expect(won.body.balance_transactions).toHaveLength(2);
    const again = await api.post(`/v1/test_helpers/disputes/${dispute.id}/resolve`, {
      ...a.as,
      params: { outcome: "lost" },
    });
    expect(again.body.error.code).toBe("dispute_status_invalid");
    const net = (await ledgerOf(a.accountId)).reduce((s, r) => s + r.net, 0);
    expect(net).toBe(50_000 - cardFee(50_000) + 8_000 - cardFee(8_000) - disputeFee);
  });

  it("a charge names its dispute on retrieve and in lists, at any page", async () => {
    const a = await connectedAccount(api);
    const disputed = await a.charge({
      amount: 3_000,
      payment_method: "pm_card_createDisputeInquiry",
    });
    api.clock.now += 1; // newest first: the plain charge, then the disputed one
    const plain = await a.charge({ amount: 4_000 });
    const dispute = disputed.body.dispute as string;
    expect(dispute).toMatch(/^dp_/);
    const list = await api.get("/v1/charges", a.as);
    expect(
      list.body.data.map((c: { id: string; dispute: string | null }) => [c.id, c.dispute]),
    ).toEqual([
      [plain.body.id, null],
      [disputed.body.id, dispute],
    ]);
    const next = await api.get("/v1/charges", {
      ...a.as,
      params: { limit: 1, starting_after: plain.body.id },
    });
    expect(next.body.data[0]).toMatchObject({ id: disputed.body.id, dispute });
    expect((await api.get(`/v1/charges/${disputed.body.id}`, a.as)).body.dispute).toBe(dispute);
  });

  it("closing a chargeback loses it; a second dispute on a charge is refused", async () => {
    const a = await connectedAccount(api);
    await a.charge({ amount: 50_000 });
    const charge = (await a.charge({ amount: 3_000 })).body;
    const opened = await api.post(`/v1/test_helpers/charges/${charge.id}/dispute`, a.as);
    expect(opened.body.status).toBe("needs_response");
    const twice = await api.post(`/v1/test_helpers/charges/${charge.id}/dispute`, a.as);
    expect(twice.body.error.code).toBe("charge_disputed");
    const closed = await api.post(`/v1/disputes/${opened.body.id}/close`, a.as);
    expect(closed.body.status).toBe("lost");
  });
});

describe("authorization of the money endpoints", () => {
  it("a claimed key reads its own account's charges, not another account's", async () => {
    const a = await connectedAccount(api);
    const b = await connectedAccount(api);
    const mine = (await a.charge({ amount: 1_000 })).body;
    const theirs = (await b.charge({ amount: 2_000 })).body;
    const key = await a.sessionKey({ payments: { enabled: true } });
    const list = await api.get("/v1/charges", { key });
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([mine.id]);
    expect((await api.get(`/v1/charges/${theirs.id}`, { key })).status).toBe(404);
    const header = await api.get("/v1/charges", {
      key,
      headers: { [api.headers.account]: b.accountId },
    });
    expect(header.status).toBe(403);
  });

  it("a claimed key cannot reach endpoints of a component its session did not enable", async () => {
    const a = await connectedAccount(api);
    const charge = (await a.charge({ amount: 1_000 })).body;
    const payoutsOnly = await a.sessionKey({ payouts: { enabled: true } });
    const r = await api.get("/v1/charges", { key: payoutsOnly });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("component_not_enabled");
    const refund = await api.post("/v1/refunds", {
      key: payoutsOnly,
      params: { charge: charge.id },
    });
    expect(refund.status).toBe(403);
    const paymentsOnly = await a.sessionKey({ payments: { enabled: true } });
    expect((await api.get("/v1/balance", { key: paymentsOnly })).status).toBe(403);
  });

  it("a session whose component turns refund_management off cannot refund; a claimed key cannot create charges", async () => {
    const a = await connectedAccount(api);
    const charge = (await a.charge({ amount: 1_000 })).body;
    const key = await a.sessionKey({
      payments: { enabled: true, features: { refund_management: false } },
    });
    const r = await api.post("/v1/refunds", { key, params: { charge: charge.id } });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("feature_not_enabled");
    const create = await api.post("/v1/charges", {
      key,
      params: { amount: 100, currency: "usd", payment_method: "pm_card_visa" },
    });
    expect(create.status).toBe(403);
    const allowed = await a.sessionKey({ payments: { enabled: true } });
    expect(
      (await api.post("/v1/refunds", { key: allowed, params: { charge: charge.id } })).status,
    ).toBe(200);
  });

  it("a publishable key cannot write", async () => {
    const a = await connectedAccount(api);
    const r = await api.post("/v1/charges", {
      key: a.publishableKey,
      headers: { [api.headers.account]: a.accountId },
      params: { amount: 100, currency: "usd", payment_method: "pm_card_visa" },
    });
    expect(r.status).toBe(403);
    expect(await t.db.selectFrom("charges").selectAll().execute()).toEqual([]);
  });
});

describe("malformed money requests", () => {
  it("unknown parameters, wrong types and unknown test tokens → 400 naming the parameter, nothing written", async () => {
    const a = await connectedAccount(api);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 100, colour: "red" }, "colour"],
      [{ amount: "ten" }, "amount"],
      [{ amount: 49 }, "amount"],
      [{ amount: 100, currency: "USD" }, "currency"],
      [{ amount: 100, payment_method: "pm_card_unknown" }, "payment_method"],
      [{ amount: 100, customer: { email: "not-an-email" } }, "customer[email]"],
      [{ amount: 100, metadata: { a: { b: "c" } } }, "metadata[a]"],
    ];
    for (const [params, param] of cases) {
      const r = await a.charge(params);
      expect(r.status, param).toBe(400);
      expect(r.body.error.param, JSON.stringify(params)).toBe(param);
    }
    expect(await t.db.selectFrom("charges").selectAll().execute()).toEqual([]);
    expect(await ledgerOf(a.accountId)).toEqual([]);
  });
});

describe("disputes past their deadline", () => {
  it("an unanswered chargeback is lost once due_by passes, and an inquiry closes", async () => {
    const a = await connectedAccount(api);
    await a.charge({ amount: 50_000 });
    const charge = (await a.charge({ amount: 3_000 })).body;
    const inquiryCharge = (
      await a.charge({ amount: 2_000, payment_method: "pm_card_createDisputeInquiry" })
    ).body;
    const opened = (await api.post(`/v1/test_helpers/charges/${charge.id}/dispute`, a.as)).body;
    expect(opened.evidence_details.due_by).toBeGreaterThan(api.clock.now + 6 * DAY);
    api.clock.now = opened.evidence_details.due_by + 1;
    expect((await api.get(`/v1/disputes/${opened.id}`, a.as)).body.status).toBe("lost");
    const late = await api.post(`/v1/disputes/${opened.id}`, {
      ...a.as,
      params: { submit: "true" },
    });
    expect(late.body.error.code).toBe("dispute_status_invalid");
    const inquiry = (
      await api.get("/v1/disputes", { ...a.as, params: { charge: inquiryCharge.id } })
    ).body.data[0];
    expect(inquiry.status).toBe("warning_closed");
    // A closed inquiry leaves the charge refundable.
    const refund = await api.post("/v1/refunds", { ...a.as, params: { charge: inquiryCharge.id } });
    expect(refund.status).toBe(200);
  });
});

describe("expand[] on money objects", () => {
  it("expands balance_transaction and charge, in objects and lists, and refuses other paths", async () => {
    const a = await connectedAccount(api);
    const charge = (await a.charge({ amount: 5_000 })).body;
    const one = await api.get(`/v1/charges/${charge.id}`, {
      ...a.as,
      params: { expand: ["balance_transaction"] },
    });
    expect(one.body.balance_transaction).toMatchObject({
      object: "balance_transaction",
      id: charge.balance_transaction,
      net: 5_000 - cardFee(5_000),
    });
    const refund = (
      await api.post("/v1/refunds", { ...a.as, params: { charge: charge.id, amount: 1_000 } })
    ).body;
    const list = await api.get("/v1/refunds", {
      ...a.as,
      params: { expand: ["data.charge", "data.balance_transaction"] },
    });
    expect(list.body.data[0]).toMatchObject({
      id: refund.id,
      charge: { object: "charge", id: charge.id, amount_refunded: 1_000 },
      balance_transaction: { object: "balance_transaction", type: "refund", amount: -1_000 },
    });
    const bad = await api.get(`/v1/charges/${charge.id}`, {
      ...a.as,
      params: { expand: ["customer"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("expand[0]");
  });
});

/**
 * The payments family's provider side: each payment's state kept with every change, capture
 * and cancel, refunds, the payments list's filters (and their features), its CSV export, and
 * the indexes those filters use.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { accountRowsInBatches } from "./access.ts";
import { DAY } from "./ledger.ts";
import { connectedAccount } from "./money-test.ts";

const t = setupTestDatabase();
const api = testApi(t);

const chargeRow = (id: string) =>
  t.db.selectFrom("charges").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Every page of a list, newest first, through starting_after. */
async function allPages(
  path: string,
  options: { key: string; headers?: Record<string, string> },
  params: Record<string, unknown> = {},
) {
  const ids: string[] = [];
  let after: string | undefined;
  for (;;) {
    const r = await api.get(path, {
      ...options,
      params: { ...params, limit: 2, ...(after ? { starting_after: after } : {}) },
    });
    expect(r.status).toBe(200);
    ids.push(...r.body.data.map((o: { id: string }) => o.id));
    if (!r.body.has_more) return ids;
    after = ids.at(-1);
  }
}

/** Downloads a CSV export with a key in the header. */
async function download(path: string, key: string, headers: Record<string, string> = {}) {
  const response = await api.app.request(path, {
    headers: { Authorization: `Bearer ${key}`, ...headers },
  });
  return { response, text: await response.text() };
}

describe("a payment's state is kept with each change", () => {
  it("requires_capture → succeeded on capture (captured_at), and capturing again names the state and changes nothing", async () => {
    const a = await connectedAccount(api);
    const r = await a.charge({ amount: 3_000, capture: "false" });
    expect(r.body).toMatchObject({ payment_status: "requires_capture", captured_at: null });
    api.clock.now += 60;
    const captured = await api.post(`/v1/charges/${r.body.id}/capture`, a.as);
    expect(captured.body).toMatchObject({
      payment_status: "succeeded",
      captured_at: api.clock.now,
    });
    const before = await chargeRow(r.body.id);
    const again = await api.post(`/v1/charges/${r.body.id}/capture`, a.as);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      type: "invalid_request_error",
      code: "charge_already_captured",
    });
    expect(again.body.error.message).toContain("its status is succeeded");
    expect(await chargeRow(r.body.id)).toEqual(before);
  });

  it("a capture retried with the same Idempotency-Key captures once and answers the same; an unknown payment is a 404 naming it", async () => {
    const a = await connectedAccount(api);
    const r = await a.charge({ amount: 4_000, capture: "false" });
    const call = { ...a.as, headers: { ...a.as.headers, [api.headers.idempotencyKey]: "cap-1" } };
    const first = await api.post(`/v1/charges/${r.body.id}/capture`, call);
    const again = await api.post(`/v1/charges/${r.body.id}/capture`, call);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const entries = await t.db
      .selectFrom("balance_transactions")
      .select("id")
      .where("source", "=", r.body.id)
      .execute();
    expect(entries).toHaveLength(1);
    for (const action of ["capture", "cancel"]) {
      const missing = await api.post(`/v1/charges/ch_nope/${action}`, a.as);
      expect(missing.status).toBe(404);
      expect(missing.body.error).toMatchObject({ code: "resource_missing", param: "id" });
    }
  });

  it("cancel releases an uncaptured payment (canceled, no money moves); a captured or failed one is refused by its state", async () => {
    const a = await connectedAccount(api);
    const r = await a.charge({ amount: 3_000, capture: "false" });
    const canceled = await api.post(`/v1/charges/${r.body.id}/cancel`, a.as);
    expect(canceled.body).toMatchObject({ payment_status: "canceled", canceled_at: api.clock.now });
    const capture = await api.post(`/v1/charges/${r.body.id}/capture`, a.as);
    expect(capture.body.error).toMatchObject({ code: "charge_canceled" });
    expect(capture.body.error.message).toContain("its status is canceled");
    const paid = await a.charge({ amount: 1_000 });
    const cancelPaid = await api.post(`/v1/charges/${paid.body.id}/cancel`, a.as);
    expect(cancelPaid.body.error).toMatchObject({ code: "charge_already_captured" });
    const declined = await a.charge({ amount: 1_000, payment_method: "pm_card_chargeDeclined" });
    const id = declined.body.error.message.match(/ch_\w+/)[0];
    const cancelFailed = await api.post(`/v1/charges/${id}/cancel`, a.as);
    expect(cancelFailed.body.error).toMatchObject({ code: "charge_failed" });
    const ledger = await t.db
      .selectFrom("balance_transactions")
      .select("source")
      .where("account_id", "=", a.accountId)
      .execute();
    expect(ledger.map((l) => l.source)).toEqual([paid.body.id]);
  });

  it("partially_refunded, then refunded; a chargeback makes it disputed and winning gives its state back", async () => {
    const a = await connectedAccount(api);
    const r = await a.charge({ amount: 10_000 });
    await api.post("/v1/refunds", { ...a.as, params: { charge: r.body.id, amount: 4_000 } });
    expect((await chargeRow(r.body.id)).payment_status).toBe("partially_refunded");
    await api.post("/v1/refunds", { ...a.as, params: { charge: r.body.id } });
    expect((await chargeRow(r.body.id)).payment_status).toBe("refunded");

    const other = await a.charge({ amount: 5_000 });
    await a.charge({ amount: 20_000 }); // funds for the dispute's withdrawal and fee
    api.clock.now += 3 * DAY; // funds available for the withdrawal
    const dispute = await api.post(`/v1/test_helpers/charges/${other.body.id}/dispute`, a.as);
    expect(dispute.body, JSON.stringify(dispute.body)).toMatchObject({ status: "needs_response" });
    expect((await chargeRow(other.body.id)).payment_status).toBe("disputed");
    await api.post(`/v1/disputes/${dispute.body.id}`, { ...a.as, params: { submit: "true" } });
    await api.post(`/v1/test_helpers/disputes/${dispute.body.id}/resolve`, {
      ...a.as,
      params: { outcome: "won" },
    });
    expect((await chargeRow(other.body.id)).payment_status).toBe("succeeded");
  });

  it("an inquiry leaves the payment as it was", async () => {
    const a = await connectedAccount(api);
    const r = await a.charge({ amount: 2_000, payment_method: "pm_card_createDisputeInquiry" });
    expect(r.body).toMatchObject({ payment_status: "succeeded", disputed: true });
  });
});

describe("features guard the payment actions of a session", () => {
  it("without capture_payments or refund_management a session is refused naming the feature, and nothing changes", async () => {
    const a = await connectedAccount(api);
    const r = await a.charge({ amount: 3_000, capture: "false" });
    const paid = await a.charge({ amount: 3_000 });
    const key = await a.sessionKey({
      payments: {
        enabled: true,
        features: { capture_payments: "false", refund_management: "false" },
      },
    });
    const before = await chargeRow(r.body.id);
    for (const path of [`/v1/charges/${r.body.id}/capture`, `/v1/charges/${r.body.id}/cancel`]) {
      const refused = await api.post(path, { key });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        type: "permission_error",
        code: "feature_not_enabled",
      });
      expect(refused.body.error.message).toContain("capture_payments");
    }
    const refund = await api.post("/v1/refunds", { key, params: { charge: paid.body.id } });
    expect(refund.status).toBe(403);
    expect(refund.body.error.message).toContain("refund_management");
    expect(await chargeRow(r.body.id)).toEqual(before);
    expect(await t.db.selectFrom("refunds").selectAll().execute()).toEqual([]);
  });

  it("with the features on, the session captures and refunds; a retried refund with one Idempotency-Key refunds once", async () => {
    const a = await connectedAccount(api);
    const r = await a.charge({ amount: 3_000, capture: "false" });
    const key = await a.sessionKey({ payment_details: { enabled: true } });
    expect((await api.post(`/v1/charges/${r.body.id}/capture`, { key })).status).toBe(200);
    const retry = {
      key,
      params: { charge: r.body.id, amount: 1_000, reason: "requested_by_customer" },
      headers: { [api.headers.idempotencyKey]: "refund-once" },
    };
    const first = await api.post("/v1/refunds", retry);
    const second = await api.post("/v1/refunds", retry);
    expect(second.body.id).toBe(first.body.id);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await chargeRow(r.body.id)).amount_refunded).toBe(1_000);
    const tooMuch = await api.post("/v1/refunds", {
      key,
      params: { charge: r.body.id, amount: 2_001 },
    });
    expect(tooMuch.body.error).toMatchObject({ code: "amount_too_large", param: "amount" });
    expect((await chargeRow(r.body.id)).amount_refunded).toBe(1_000);
  });
});

/** Six payments of the account, one second apart, in a known order (oldest first). */
async function sixPayments(a: Awaited<ReturnType<typeof connectedAccount>>) {
  type Name = "small" | "medium" | "uncaptured" | "large" | "declined" | "refunded";
  const made = {} as Record<Name, string>;
  const plan: [Name, Record<string, unknown>][] = [
    ["small", { amount: 500, customer: { email: "Ann@Example.com" }, metadata: { order: "1" } }],
    ["medium", { amount: 2_000, customer: { email: "bo@example.com" }, metadata: { order: "2" } }],
    ["uncaptured", { amount: 2_000, capture: "false" }],
    ["large", { amount: 9_000, metadata: { order: "1", gift: "yes" } }],
    ["declined", { amount: 700, payment_method: "pm_card_chargeDeclined" }],
    ["refunded", { amount: 3_000 }],
  ];
  for (const [name, params] of plan) {
    api.clock.now += 1;
    const r = await a.charge(params);
    made[name] = r.body.id ?? r.body.error.message.match(/ch_\w+/)[0];
  }
  await api.post("/v1/refunds", { ...a.as, params: { charge: made.refunded } });
  return { ...made, start: api.clock.now - 6 };
}

describe("GET /v1/charges: the payments list's filters", () => {
  it("filters by amount (equals, greater, less, between), created range, status and payment method, newest first", async () => {
    const a = await connectedAccount(api);
    const p = await sixPayments(a);
    const ids = (params: Record<string, unknown>) => allPages("/v1/charges", a.as, params);
    expect(await ids({ amount: 2000 })).toEqual([p.uncaptured, p.medium]);
    expect(await ids({ amount: { gt: 2000 } })).toEqual([p.refunded, p.large]);
    expect(await ids({ amount: { lt: 2000 } })).toEqual([p.declined, p.small]);
    expect(await ids({ amount: { gte: 700, lte: 3000 } })).toEqual([
      p.refunded,
      p.declined,
      p.uncaptured,
      p.medium,
    ]);
    expect(await ids({ created: { gte: p.start + 2, lt: p.start + 4 } })).toEqual([
      p.uncaptured,
      p.medium,
    ]);
    expect(await ids({ status: ["refunded", "requires_capture"] })).toEqual([
      p.refunded,
      p.uncaptured,
    ]);
    expect(await ids({ status: ["failed"] })).toEqual([p.declined]);
    expect(await ids({ payment_method: ["card"] })).toHaveLength(6);
    expect(await ids({ payment_method: ["sepa_debit"] })).toEqual([]);
    expect(await ids({ status: ["succeeded"], amount: { gt: 1000 } })).toEqual([p.large, p.medium]);
  });

  it("pages a filtered list both ways: to the oldest with starting_after and back with ending_before", async () => {
    const a = await connectedAccount(api);
    const p = await sixPayments(a);
    const filter = { amount: { gte: 600 } };
    const older = await allPages("/v1/charges", a.as, filter);
    expect(older).toEqual([p.refunded, p.declined, p.large, p.uncaptured, p.medium]);
    const back = await api.get("/v1/charges", {
      ...a.as,
      params: { ...filter, limit: 2, ending_before: p.medium },
    });
    expect(back.body.data.map((c: { id: string }) => c.id)).toEqual([p.large, p.uncaptured]);
    expect(back.body.has_more).toBe(true);
  });

  it("customer email and metadata filters need their features on a session (refused naming the feature); the secret key may use them", async () => {
    const a = await connectedAccount(api);
    const p = await sixPayments(a);
    const byEmail = { customer_email: "ann@example.com" };
    const byMetadata = { metadata: { order: "1" } };
    expect(await allPages("/v1/charges", a.as, byEmail)).toEqual([p.small]);
    expect(await allPages("/v1/charges", a.as, byMetadata)).toEqual([p.large, p.small]);
    const plain = await a.sessionKey({ payments: { enabled: true } });
    const email = await api.get("/v1/charges", { key: plain, params: byEmail });
    expect(email.status).toBe(403);
    expect(email.body.error.message).toContain("enable_embedded_email_filter_in_payments_list");
    const metadata = await api.get("/v1/charges", { key: plain, params: byMetadata });
    expect(metadata.body.error.message).toContain(
      "enable_embedded_metadata_filter_in_payments_list",
    );
    const full = await a.sessionKey({
      payments: {
        enabled: true,
        features: {
          enable_embedded_email_filter_in_payments_list: "true",
          enable_embedded_metadata_filter_in_payments_list: "true",
        },
      },
    });
    expect(await allPages("/v1/charges", { key: full }, byEmail)).toEqual([p.small]);
    expect(await allPages("/v1/charges", { key: full }, { metadata: { gift: "yes" } })).toEqual([
      p.large,
    ]);
  });

  it("refuses a bad filter by its name with a typed error", async () => {
    const a = await connectedAccount(api);
    const cases: [Record<string, unknown>, string][] = [
      [{ status: ["bogus"] }, "status[0]"],
      [{ amount: { gt: "-5" } }, "amount"],
      [{ amount: { above: "5" } }, "amount"],
      [{ created: "yesterday" }, "created"],
      [{ customer_email: "not-an-email" }, "customer_email"],
      [{ metadata: { a: "1", b: "2" } }, "metadata"],
      [{ payment_method: ["cash"] }, "payment_method[0]"],
      [{ colour: "red" }, "colour"],
    ];
    for (const [params, param] of cases) {
      const r = await api.get("/v1/charges", { ...a.as, params });
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.error.type).toBe("invalid_request_error");
      expect(r.body.error.param, JSON.stringify(params)).toContain(param);
    }
  });
});

describe("GET /v1/exports/charges: the filtered payments as CSV", () => {
  it("has exactly the filtered list's rows, over every page, with a file name", async () => {
    const a = await connectedAccount(api);
    const p = await sixPayments(a);
    const listed = await allPages("/v1/charges", a.as, { amount: { gte: 600 } });
    const { response, text } = await download(
      "/v1/exports/charges?amount[gte]=600",
      a.secretKey,
      a.as.headers,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = text.trim().split("\n");
    expect(lines[0]).toBe(
      "id,created,amount,amount_captured,amount_refunded,fee,currency,status,payment_method_type,card_brand,card_last4,customer_name,customer_email,description,dispute,captured_at",
    );
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(listed);
    const refunded = lines.find((l) => l.startsWith(p.refunded))!.split(",");
    expect(refunded.slice(2, 8)).toEqual(["3000", "3000", "3000", "117", "usd", "refunded"]);
  });

  it("reads the whole filter in keyset batches (no row twice, none missed)", async () => {
    const a = await connectedAccount(api);
    await sixPayments(a);
    const rows = [];
    for await (const row of accountRowsInBatches(
      t.db,
      { table: "charges", accountId: a.accountId },
      4,
    )) {
      rows.push(row.id);
    }
    expect(rows).toEqual(await allPages("/v1/charges", a.as));
  });

  it("needs the export feature on a session (refused naming it) and escapes cells a spreadsheet would run", async () => {
    const a = await connectedAccount(api);
    await a.charge({ amount: 1_000, description: '=HYPERLINK("http://evil")' });
    const plain = await a.sessionKey({ payments: { enabled: true } });
    const refused = await download("/v1/exports/charges", plain);
    expect(refused.response.status).toBe(403);
    expect(JSON.parse(refused.text).error.message).toContain("export");
    const key = await a.sessionKey({ payments: { enabled: true, features: { export: "true" } } });
    const { response, text } = await download("/v1/exports/charges", key);
    expect(response.status).toBe(200);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const bad = await download("/v1/exports/charges?status[]=nope", key);
    expect(bad.response.status).toBe(400);
  });
});

describe("each payments filter is an index scan", () => {
  it("the planner reads charges through the filter's index, never a sequential scan", async () => {
    const a = await connectedAccount(api);
    await sixPayments(a);
    const account = a.accountId;
    const queries = {
      charges_account_status_created: sql`payment_status = 'refunded'`,
      charges_account_amount_created: sql`amount = 2000`,
      charges_account_created: sql`created >= 0 and created < 2000000000`,
      charges_account_email_created: sql`lower(customer_email) = 'ann@example.com'`,
      charges_account_method_created: sql`(payment_method_details->>'type') = 'card'`,
      // A bitmap of the GIN index, or the account's own index walked newest first.
      "charges_(metadata|account_created)": sql`metadata @> '{"order":"1"}'::jsonb`,
    };
    for (const [index, condition] of Object.entries(queries)) {
      const plan = await t.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const r = await sql<{ "QUERY PLAN": string }>`explain select * from charges
          where account_id = ${account} and ${condition}
          order by created desc, id desc limit 11`.execute(trx);
        return r.rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
      expect(plan, index).toMatch(new RegExp(`Index.*(using|on) ${index}\\b`));
      expect(plan, index).not.toContain("Seq Scan");
    }
  });
});

describe("a payment's metadata in an account session", () => {
  it("is absent from every charge answer unless the session enables enable_metadata_in_payment_details; the secret key always sees it", async () => {
    const a = await connectedAccount(api);
    const paid = await a.charge({ amount: 2_000, metadata: { order: "A-17" } });
    const uncaptured = await a.charge({
      amount: 1_000,
      capture: "false",
      metadata: { order: "B" },
    });
    const without = await a.sessionKey({ payment_details: { enabled: true } });
    const withMetadata = await a.sessionKey({
      payment_details: {
        enabled: true,
        features: { enable_metadata_in_payment_details: "true" },
      },
    });
    const hidden = await api.get(`/v1/charges/${paid.body.id}`, { key: without });
    expect(hidden.status).toBe(200);
    expect(hidden.body).not.toHaveProperty("metadata");
    const listed = await api.get("/v1/charges", { key: without });
    expect(listed.body.data.length).toBe(2);
    for (const charge of listed.body.data) expect(charge).not.toHaveProperty("metadata");
    const captured = await api.post(`/v1/charges/${uncaptured.body.id}/capture`, { key: without });
    expect(captured.status).toBe(200);
    expect(captured.body).not.toHaveProperty("metadata");

    const shown = await api.get(`/v1/charges/${paid.body.id}`, { key: withMetadata });
    expect(shown.body.metadata).toEqual({ order: "A-17" });
    const listedWith = await api.get("/v1/charges", { key: withMetadata });
    const orders = listedWith.body.data.map(
      (c: { metadata: { order: string } }) => c.metadata.order,
    );
    expect(orders.sort()).toEqual(["A-17", "B"]);
    expect((await api.get(`/v1/charges/${paid.body.id}`, a.as)).body.metadata).toEqual({
      order: "A-17",
    });
  });
});

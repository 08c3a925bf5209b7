/**
 * Disputes for the disputes list and the payment's details: the list's filters, the evidence
 * object (text and files), draft, submit and accept behind dispute_management, the sandbox's
 * decision when the clock passes the review, the CSV export; and the balance transactions.
 */
import { describe, expect, it } from "vitest";
import { storeFile } from "../files/files.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { disputeReviewSeconds } from "./disputes.ts";
import { DAY } from "./ledger.ts";
import { amountIn, connectedAccount } from "./money-test.ts";
import { disputeFee } from "./payment-methods.ts";

const t = setupTestDatabase();
const api = testApi(t);

type Account = Awaited<ReturnType<typeof connectedAccount>>;

/** An account with funds, and a way to open a dispute on a new payment. */
async function disputable() {
  const a = await connectedAccount(api);
  await a.charge({ amount: 100_000 });
  api.clock.now += 3 * DAY;
  const open = async (params: Record<string, unknown> = {}, amount = 5_000) => {
    const charge = await a.charge({ amount });
    api.clock.now += 1;
    const r = await api.post(`/v1/test_helpers/charges/${charge.body.id}/dispute`, {
      ...a.as,
      params,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { id: string; charge: string; amount: number };
  };
  return { ...a, open };
}

const disputeRow = (id: string) =>
  t.db.selectFrom("disputes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const pdf = new TextEncoder().encode("%PDF-1.4\n% evidence\n");

async function evidenceFile(a: Account, purpose: "dispute_evidence" | "identity_document") {
  const principal = {
    kind: "secret" as const,
    platformId: a.platform.id,
    livemode: false,
    accountId: a.accountId,
  };
  const file = await storeFile(
    t.db,
    principal,
    { purpose, filename: "receipt.pdf", bytes: pdf },
    api.clock.now,
  );
  return file.id;
}

const listIds = async (a: Account, params: Record<string, unknown>) => {
  const r = await api.get("/v1/disputes", { ...a.as, params: { limit: 100, ...params } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.map((d: { id: string }) => d.id);
};

describe("GET /v1/disputes: every dispute, filtered", () => {
  it("filters by status (an unanswered one past due_by counts as lost), reason and created", async () => {
    const a = await disputable();
    const fraud = await a.open({ reason: "fraudulent" });
    const late = await a.open({ reason: "duplicate" });
    const inquiry = await a.open({ status: "warning_needs_response", reason: "general" });
    await api.post(`/v1/disputes/${fraud.id}`, { ...a.as, params: { submit: "true" } });
    api.clock.now += 8 * DAY; // late and inquiry lapse
    const fresh = await a.open({ reason: "product_not_received" });
    expect(await listIds(a, { status: ["lost"] })).toEqual([late.id]);
    expect(await listIds(a, { status: ["needs_response"] })).toEqual([fresh.id]);
    expect(await listIds(a, { status: ["warning_closed"] })).toEqual([inquiry.id]);
    expect(await listIds(a, { status: ["warning_needs_response"] })).toEqual([]);
    expect(await listIds(a, { status: ["under_review", "lost"] })).toEqual([late.id, fraud.id]);
    expect(await listIds(a, { reason: ["duplicate", "general"] })).toEqual([inquiry.id, late.id]);
    expect(await listIds(a, { created: { gte: api.clock.now - 2 * DAY } })).toEqual([fresh.id]);
    const r = await api.get("/v1/disputes", { ...a.as, params: { limit: 1 } });
    expect(r.body.data[0]).toMatchObject({
      id: fresh.id,
      status: "needs_response",
      reason: "product_not_received",
      amount: 5_000,
      evidence_details: { past_due: false, submission_count: 0 },
      closed_at: null,
    });
    expect(r.body.data[0].evidence_details.due_by).toBeGreaterThan(api.clock.now);
    const lapsed = await api.get(`/v1/disputes/${late.id}`, a.as);
    expect(lapsed.body).toMatchObject({ status: "lost", evidence_details: { past_due: true } });
    expect(lapsed.body.closed_at).toBe(lapsed.body.evidence_details.due_by);
  });

  it("says on the provider's clock how many whole days remain to respond, none once submitted, closed or past due; reason is one of the API's reasons", async () => {
    const a = await disputable();
    const open = await a.open({ reason: "product_not_received" });
    const other = await a.open({ status: "warning_needs_response", reason: "general" });
    const read = async (id: string) =>
      (await api.get(`/v1/disputes/${id}`, a.as)).body as {
        reason: string;
        evidence_details: { due_by: number; days_remaining: number | null };
      };
    const first = await read(open.id);
    expect(first.reason).toBe("product_not_received");
    expect(first.evidence_details.days_remaining).toBe(
      Math.floor((first.evidence_details.due_by - api.clock.now) / DAY),
    );
    expect(first.evidence_details.days_remaining).toBeGreaterThanOrEqual(6);
    api.clock.now += 3 * DAY;
    expect((await read(open.id)).evidence_details.days_remaining).toBe(
      (first.evidence_details.days_remaining ?? 0) - 3,
    );
    await api.post(`/v1/disputes/${open.id}`, { ...a.as, params: { submit: "true" } });
    expect((await read(open.id)).evidence_details.days_remaining).toBeNull();
    expect((await read(other.id)).evidence_details.days_remaining).toBeGreaterThan(0);
    api.clock.now += 8 * DAY; // the inquiry lapsed
    expect((await read(other.id)).evidence_details.days_remaining).toBeNull();
    const refused = await api.post(`/v1/test_helpers/charges/${open.charge}/dispute`, {
      ...a.as,
      params: { reason: "not_a_reason" },
    });
    expect(refused.status).toBe(400);
  });

  it("refuses a bad filter by name", async () => {
    const a = await connectedAccount(api);
    for (const [params, param] of [
      [{ status: ["open"] }, "status[0]"],
      [{ reason: ["angry"] }, "reason[0]"],
      [{ created: { after: "1" } }, "created"],
    ] as const) {
      const r = await api.get("/v1/disputes", { ...a.as, params });
      expect(r.status).toBe(400);
      expect(r.body.error.param).toContain(param);
    }
  });
});

describe("POST /v1/disputes/:id: the evidence, a draft, a submission", () => {
  it("saves a draft of text and an uploaded file (submit=false): the status stays, every other field is null", async () => {
    const a = await disputable();
    const d = await a.open();
    const file = await evidenceFile(a, "dispute_evidence");
    const r = await api.post(`/v1/disputes/${d.id}`, {
      ...a.as,
      params: {
        evidence: { product_description: "A sourdough loaf", receipt: file },
        submit: "false",
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe("needs_response");
    expect(r.body.evidence).toMatchObject({
      product_description: "A sourdough loaf",
      receipt: file,
      shipping_tracking_number: null,
      uncategorized_file: null,
    });
    expect(Object.keys(r.body.evidence)).toHaveLength(27);
    expect(r.body.evidence_details).toMatchObject({ has_evidence: true, submission_count: 0 });
    const cleared = await api.post(`/v1/disputes/${d.id}`, {
      ...a.as,
      params: { evidence: { receipt: "" } },
    });
    expect(cleared.body.evidence).toMatchObject({
      receipt: null,
      product_description: "A sourdough loaf",
    });
  });

  it("refuses a file of another purpose, an unknown file, a file id that is not one, or text too long, and changes nothing", async () => {
    const a = await disputable();
    const d = await a.open();
    const identity = await evidenceFile(a, "identity_document");
    const other = await disputable();
    const foreign = await evidenceFile(other, "dispute_evidence");
    const before = await disputeRow(d.id);
    const cases: [Record<string, string>, number, string, string][] = [
      [{ receipt: identity }, 400, "file_purpose_invalid", "evidence[receipt]"],
      [{ receipt: "file_doesnotexist" }, 404, "resource_missing", "evidence[receipt]"],
      [{ customer_signature: foreign }, 404, "resource_missing", "evidence[customer_signature]"],
      [{ receipt: "receipt.pdf" }, 400, "parameter_invalid", "evidence[receipt]"],
      [
        { uncategorized_text: "x".repeat(20_001) },
        400,
        "parameter_invalid",
        "evidence[uncategorized_text]",
      ],
      [{ favourite_colour: "blue" }, 400, "parameter_unknown", "evidence[favourite_colour]"],
    ];
    for (const [evidence, status, code, param] of cases) {
      const r = await api.post(`/v1/disputes/${d.id}`, {
        ...a.as,
        params: { evidence: { product_description: "changed", ...evidence }, submit: "true" },
      });
      expect(r.status, code).toBe(status);
      expect(r.body.error).toMatchObject({ code, param });
    }
    expect(await disputeRow(d.id)).toEqual(before);
  });

  it("submit moves it under review; a second submission names the status; accept closes another as lost", async () => {
    const a = await disputable();
    const d = await a.open();
    const submitted = await api.post(`/v1/disputes/${d.id}`, {
      ...a.as,
      params: { evidence: { uncategorized_text: "Delivered." }, submit: "true" },
    });
    expect(submitted.body).toMatchObject({
      status: "under_review",
      evidence_details: { submission_count: 1, submitted_at: api.clock.now },
    });
    const again = await api.post(`/v1/disputes/${d.id}`, { ...a.as, params: { submit: "true" } });
    expect(again.body.error).toMatchObject({ code: "dispute_status_invalid" });
    expect(again.body.error.message).toContain("under_review");
    const accepted = await a.open();
    const closed = await api.post(`/v1/disputes/${accepted.id}/close`, a.as);
    expect(closed.body).toMatchObject({ status: "lost", closed_at: api.clock.now });
  });

  it("a session without dispute_management is refused naming it and nothing changes; with it, the session submits once per Idempotency-Key", async () => {
    const a = await disputable();
    const d = await a.open();
    const before = await disputeRow(d.id);
    const plain = await a.sessionKey({
      disputes_list: { enabled: true, features: { dispute_management: "false" } },
    });
    for (const path of [`/v1/disputes/${d.id}`, `/v1/disputes/${d.id}/close`]) {
      const r = await api.post(path, {
        key: plain,
        params: path.endsWith("close") ? {} : { submit: "true" },
      });
      expect(r.status).toBe(403);
      expect(r.body.error.message).toContain("dispute_management");
    }
    expect(await disputeRow(d.id)).toEqual(before);
    const key = await a.sessionKey({ disputes_list: { enabled: true } });
    const call = {
      key,
      params: { evidence: { uncategorized_text: "ok" }, submit: "true" },
      headers: { [api.headers.idempotencyKey]: "submit-once" },
    };
    const first = await api.post(`/v1/disputes/${d.id}`, call);
    const retried = await api.post(`/v1/disputes/${d.id}`, call);
    expect(first.body.status).toBe("under_review");
    expect(retried.body).toEqual(first.body);
  });
});

describe("the sandbox decides a submitted dispute when its clock passes the review", () => {
  const advance = (a: Account, seconds: number) =>
    api.post("/v1/test_helpers/clock/advance", { key: a.secretKey, params: { seconds } });

  it("winning_evidence wins (the amount back through the ledger, dated at the review's end), losing_evidence loses, other evidence waits", async () => {
    const a = await disputable();
    // No automatic payouts while the clock moves, so the balance shows only what disputes do.
    await api.post("/v1/payout_schedule", { ...a.as, params: { interval: "manual" } });
    const win = await a.open({}, 6_000);
    const lose = await a.open({}, 4_000);
    const wait = await a.open({}, 3_000);
    const submit = (id: string, text: string) =>
      api.post(`/v1/disputes/${id}`, {
        ...a.as,
        params: { evidence: { uncategorized_text: text }, submit: "true" },
      });
    await submit(win.id, "Signed delivery: winning_evidence");
    const submittedAt = api.clock.now;
    await submit(lose.id, "losing_evidence");
    await submit(wait.id, "A receipt.");
    const total = async () => {
      const b = await a.balance();
      return amountIn(b.available) + amountIn(b.pending);
    };
    const balanceBefore = await total();

    const early = await advance(a, disputeReviewSeconds - 10);
    expect(early.body.disputes_decided).toBe(0);
    expect((await api.get(`/v1/disputes/${win.id}`, a.as)).body.status).toBe("under_review");

    const passed = await advance(a, 20);
    expect(passed.body.disputes_decided).toBe(2);
    const won = await api.get(`/v1/disputes/${win.id}`, {
      ...a.as,
      params: { expand: ["charge"] },
    });
    expect(won.body).toMatchObject({
      status: "won",
      closed_at: submittedAt + disputeReviewSeconds,
    });
    expect(won.body.charge.payment_status).toBe("succeeded");
    expect(won.body.balance_transactions).toHaveLength(2);
    const reinstatement = await api.get(
      `/v1/balance_transactions/${won.body.balance_transactions[1]}`,
      a.as,
    );
    expect(reinstatement.body).toMatchObject({
      amount: 6_000,
      type: "adjustment",
      reporting_category: "dispute_reversal",
      available_on: submittedAt + disputeReviewSeconds,
    });
    expect(await total()).toBe(balanceBefore + 6_000);
    expect((await api.get(`/v1/disputes/${lose.id}`, a.as)).body.status).toBe("lost");
    expect((await api.get(`/v1/disputes/${wait.id}`, a.as)).body.status).toBe("under_review");
    expect((await advance(a, DAY)).body.disputes_decided).toBe(0);
    expect(await total()).toBe(balanceBefore + 6_000);
    // The withdrawal keeps its fee: only the disputed amount came back.
    const withdrawal = await api.get(
      `/v1/balance_transactions/${won.body.balance_transactions[0]}`,
      a.as,
    );
    expect(withdrawal.body).toMatchObject({ amount: -6_000, fee: disputeFee });
  });
});

describe("GET /v1/exports/disputes", () => {
  it("exports the filtered disputes as CSV when the session's disputes list has export on", async () => {
    const a = await disputable();
    const one = await a.open({ reason: "duplicate" });
    await a.open({ reason: "fraudulent" });
    const plain = await a.sessionKey({ disputes_list: { enabled: true } });
    const request = (key: string) =>
      api.app.request("/v1/exports/disputes?reason[]=duplicate", {
        headers: { Authorization: `Bearer ${key}` },
      });
    const refused = await request(plain);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("export");
    const key = await a.sessionKey({
      disputes_list: { enabled: true, features: { export: "true" } },
    });
    const ok = await request(key);
    expect(ok.headers.get("content-disposition")).toMatch(/filename="disputes-/);
    const lines = (await ok.text()).trim().split("\n");
    expect(lines[0]).toBe(
      "id,created,charge,amount,currency,status,reason,evidence_due_by,evidence_submitted_at",
    );
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([one.id]);
    expect(lines[1]).toContain(",5000,usd,needs_response,duplicate,");
  });
});

describe("GET /v1/balance_transactions", () => {
  it("lists type, amount, fee, net, available_on and source, filtered by type only, paged, and one by id; a payments session reads them", async () => {
    const a = await disputable();
    const charge = await a.charge({ amount: 2_000 });
    await api.post("/v1/refunds", { ...a.as, params: { charge: charge.body.id, amount: 500 } });
    const key = await a.sessionKey({ payments: { enabled: true } });
    const refunds = await api.get("/v1/balance_transactions", {
      key,
      params: { type: ["refund"] },
    });
    expect(refunds.status).toBe(200);
    expect(refunds.body.data).toHaveLength(1);
    expect(refunds.body.data[0]).toMatchObject({
      type: "refund",
      amount: -500,
      source: expect.stringMatching(/^re_/),
    });
    const charges = await api.get("/v1/balance_transactions", {
      key,
      params: { type: ["charge"], limit: 1 },
    });
    expect(charges.body).toMatchObject({ has_more: true });
    expect(charges.body.data[0]).toMatchObject({
      type: "charge",
      source: charge.body.id,
      fee: 88,
      net: 1_912,
    });
    const next = await api.get("/v1/balance_transactions", {
      key,
      params: { type: ["charge"], starting_after: charges.body.data[0].id },
    });
    expect(next.body.data.map((b: { type: string }) => b.type)).toEqual(["charge"]);
    const one = await api.get(`/v1/balance_transactions/${charges.body.data[0].id}`, { key });
    expect(one.body).toEqual(charges.body.data[0]);
    const bad = await api.get("/v1/balance_transactions", { key, params: { type: ["gift"] } });
    expect(bad.body.error).toMatchObject({ param: "type[0]" });
    const notArray = await api.get("/v1/balance_transactions", { key, params: { type: "charge" } });
    expect(notArray.status).toBe(400);
  });
});

import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import { taxInvoiceSchema } from "../../protocol/objects/tax-invoice.schema.ts";
import { connectedAccount } from "../money/money-test.ts";
import { cardFee } from "../money/payment-methods.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { monthStart, parseTaxInvoiceId, taxInvoiceId } from "./tax-invoices.ts";

const t = setupTestDatabase();
const api = testApi(t);

const invoiceList = listOf(taxInvoiceSchema);

/** The PDF's bytes (the test API reads bodies as text). */
async function pdfOf(path: string, key: string, headers: Record<string, string> = {}) {
  const r = await api.app.request(path, {
    headers: { Authorization: `Bearer ${key}`, ...headers },
  });
  return { status: r.status, headers: r.headers, bytes: new Uint8Array(await r.arrayBuffer()) };
}

async function textOf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes);
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/**
 * An account named "Rye & Sons" with fees in two months: in the clock's month two charges and
 * a partial refund, in the next month one charge; then the clock moves two months on, so
 * both months are invoiced.
 */
async function accountWithFees() {
  const a = await connectedAccount(api, undefined, { business_profile: { name: "Rye & Sons" } });
  const first = monthStart(api.clock.now);
  const c1 = await a.charge({ amount: 10_000 });
  await a.charge({ amount: 25_000 });
  const refund = await api.post("/v1/refunds", {
    ...a.as,
    params: { charge: c1.body.id, amount: 5_000 },
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
  const second = monthStart(first, 1);
  api.clock.now = second + 3 * 86_400;
  await a.charge({ amount: 4_000 });
  // Fees of the current month are not invoiced until it ends.
  const before = await api.get("/v1/tax_invoices", a.as);
  expect(before.body.data.map((i: { period_start: number }) => i.period_start)).toEqual([first]);
  api.clock.now = monthStart(second, 1) + 86_400;
  return { a, first, second };
}

describe("tax invoices", () => {
  it("are derived from the ledger's fees: one per month with fees, a line per kind, the total their sum", async () => {
    const { a, first, second } = await accountWithFees();
    const r = await api.get("/v1/tax_invoices", a.as);
    expect(r.status).toBe(200);
    const list = z.parse(invoiceList, r.body);
    expect(list.data.map((i) => i.period_start)).toEqual([second, first]);
    const [newer, older] = list.data as [
      z.output<typeof taxInvoiceSchema>,
      z.output<typeof taxInvoiceSchema>,
    ];
    const returned = Math.round((cardFee(10_000) * 5_000) / 10_000);
    expect(older).toMatchObject({
      id: taxInvoiceId(a.accountId, first, "usd"),
      account: a.accountId,
      account_name: "Rye & Sons",
      currency: "usd",
      period_end: second,
      created: second,
      total: cardFee(10_000) + cardFee(25_000) - returned,
    });
    expect(older.lines).toEqual([
      { kind: "payment_fees", quantity: 2, amount: cardFee(10_000) + cardFee(25_000) },
      { kind: "refunded_payment_fees", quantity: 1, amount: -returned },
    ]);
    expect(newer.lines).toEqual([{ kind: "payment_fees", quantity: 1, amount: cardFee(4_000) }]);
    // The same fees as the balance transactions of those months.
    const ledger = await api.get("/v1/balance_transactions", { ...a.as, params: { limit: 100 } });
    const fees = ledger.body.data.reduce((sum: number, b: { fee: number }) => sum + b.fee, 0);
    expect(older.total + newer.total).toBe(fees);
    const one = await api.get(`/v1/tax_invoices/${older.id}`, a.as);
    expect(z.parse(taxInvoiceSchema, one.body)).toEqual(older);
  });

  it("page newest first both ways, like every list", async () => {
    const { a, first, second } = await accountWithFees();
    const page1 = await api.get("/v1/tax_invoices", { ...a.as, params: { limit: 1 } });
    expect(page1.body).toMatchObject({ has_more: true, url: "/v1/tax_invoices" });
    expect(page1.body.data[0].period_start).toBe(second);
    const page2 = await api.get("/v1/tax_invoices", {
      ...a.as,
      params: { limit: 1, starting_after: page1.body.data[0].id },
    });
    expect(page2.body.has_more).toBe(false);
    expect(page2.body.data[0].period_start).toBe(first);
    const back = await api.get("/v1/tax_invoices", {
      ...a.as,
      params: { limit: 1, ending_before: page2.body.data[0].id },
    });
    expect(back.body.data[0].id).toBe(page1.body.data[0].id);
    const missing = await api.get("/v1/tax_invoices", {
      ...a.as,
      params: { starting_after: "tinv_nope_202501_usd" },
    });
    expect(missing.status).toBe(400);
  });

  it("an account without fees has none, and another account's invoice is no such invoice", async () => {
    const { a, first } = await accountWithFees();
    const other = await connectedAccount(api);
    const none = await api.get("/v1/tax_invoices", other.as);
    expect(none.body.data).toEqual([]);
    const theirs = await api.get(
      `/v1/tax_invoices/${taxInvoiceId(a.accountId, first, "usd")}`,
      other.as,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toMatchObject({ code: "resource_missing", param: "id" });
    const notInvoiced = taxInvoiceId(a.accountId, monthStart(api.clock.now), "usd");
    expect((await api.get(`/v1/tax_invoices/${notInvoiced}`, a.as)).status).toBe(404);
    expect((await api.get("/v1/tax_invoices/tinv_x_209913_usd", a.as)).status).toBe(404);
    expect(parseTaxInvoiceId("tinv_x_202513_usd")).toBeUndefined();
  });

  it("downloads as a valid PDF whose text names the account, the period, the lines and the total", async () => {
    const { a, first } = await accountWithFees();
    const id = taxInvoiceId(a.accountId, first, "usd");
    const invoice = z.parse(taxInvoiceSchema, (await api.get(`/v1/tax_invoices/${id}`, a.as)).body);
    const r = await pdfOf(`/v1/tax_invoices/${id}/pdf`, a.as.key, a.as.headers);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/pdf");
    expect(r.headers.get("content-disposition")).toBe(
      `attachment; filename="tax-invoice-${invoice.number}.pdf"`,
    );
    expect(new TextDecoder().decode(r.bytes.subarray(0, 5))).toBe("%PDF-");
    const text = await textOf(r.bytes);
    const month = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(
      first * 1000,
    );
    const total = `USD ${(invoice.total / 100).toFixed(2)}`;
    for (const expected of [
      "Tax invoice",
      "Rye & Sons",
      a.accountId,
      invoice.number,
      month,
      "Payment processing fees",
      "Processing fees returned on refunds",
      "Total",
      total,
    ]) {
      expect(text.replace(/\s+/g, " ")).toContain(expected);
    }
  });

  it("a session key reaches them through the documents component only", async () => {
    const { a, first } = await accountWithFees();
    const id = taxInvoiceId(a.accountId, first, "usd");
    const documents = await a.sessionKey({ documents: { enabled: true } });
    const list = await api.get("/v1/tax_invoices", { key: documents });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    const pdf = await pdfOf(`/v1/tax_invoices/${id}/pdf`, documents);
    expect(pdf.status).toBe(200);
    const payouts = await a.sessionKey({ payouts: { enabled: true } });
    const refused = await api.get("/v1/tax_invoices", { key: payouts });
    expect(refused.status).toBe(403);
    expect((await pdfOf(`/v1/tax_invoices/${id}/pdf`, payouts)).status).toBe(403);
  });
});

import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { localDayStart } from "../../protocol/filters.ts";
import type { Charge } from "../../protocol/objects/charge.schema.ts";
import { type PaymentRow, PaymentsModel } from "../../sdk/testing/payments.model.ts";
import { formatDate, formatMoney } from "../../ui/i18n/format.ts";
import { type PlatformPage, pseudoAccents } from "./models/platform.model.ts";
import { findOverflows, runAxe, seriousOrCritical } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// The payments list (issue 10, the payments family) on the example platform's dashboard, in
// Debian's Chromium, as a person uses it; what it shows is checked against the provider's
// own answers through the API (secret key, the account's header).

const example = examplePlatformTests();
const { signedIn, apiGet } = example;

const payments = async (page: PlatformPage) => new PaymentsModel(await page.frameOf("payments"));

/** The account's whole balance in `currency` (available and pending), in minor units. */
async function balanceOf(currency: string): Promise<number> {
  type Money = { amount: number; currency: string };
  const balance = await apiGet<{ available: Money[]; pending: Money[] }>("/v1/balance");
  return [...balance.available, ...balance.pending]
    .filter((m) => m.currency === currency)
    .reduce((sum, m) => sum + m.amount, 0);
}

/** The provider's payments for `query`: its first page, or every page with `all`. */
const listed = async (query: string, all = false): Promise<Charge[]> =>
  all
    ? example.listAll<Charge>("/v1/charges", query)
    : (await apiGet<{ data: Charge[] }>(`/v1/charges?${query}`)).data;

const statusWords: Record<Charge["payment_status"], string> = {
  requires_capture: "Uncaptured",
  succeeded: "Succeeded",
  refunded: "Refunded",
  partially_refunded: "Partially refunded",
  disputed: "Disputed",
  failed: "Failed",
  canceled: "Canceled",
};
const brands: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  jcb: "JCB",
  unionpay: "UnionPay",
  diners: "Diners Club",
};

/** A row as the list shows the provider's payment in en-US. */
const rowOf = (p: Charge): PaymentRow => ({
  amount: formatMoney(p.amount, p.currency, "en-US"),
  status: statusWords[p.payment_status],
  method: `${brands[p.payment_method_details.card.brand] ?? p.payment_method_details.card.brand} ending in ${p.payment_method_details.card.last4}`,
  description: p.description ?? "",
  customer: p.customer?.email ?? "",
  date: formatDate(p.created, "en-US"),
});

const isoDay = (seconds: number) => {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const nextDay = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe("the payments list on the example platform", () => {
  it("shows the account's payments newest first as the provider lists them", async () => {
    const list = await payments(await signedIn(undefined, "payments"));
    expect(await list.seeRows()).toEqual((await listed("limit=10")).map(rowOf));
  });

  it("filters by status, then by an amount range, exactly as the provider's filters answer", async () => {
    const list = await payments(await signedIn(undefined, "payments"));
    await list.seeRows();
    await list.filterByStatus(["Refunded"]);
    const refunded = (await listed("limit=10&status[]=refunded")).map(rowOf);
    expect(refunded.length).toBeGreaterThan(0);
    await expect.poll(() => list.seeRows(), { timeout: 15_000 }).toEqual(refunded);

    await list.clearFilters();
    await list.filterByAmountBetween("10.00", "50.00");
    const between = (await listed("limit=10&amount[gte]=1000&amount[lte]=5000")).map(rowOf);
    expect(between.length).toBeGreaterThan(0);
    await expect.poll(() => list.seeRows(), { timeout: 15_000 }).toEqual(between);
    expect(await list.seeFilterChips()).toContain("Amount: $10.00 – $50.00");
  });

  it("filters by a date range and pages to the oldest payment in it", async () => {
    const list = await payments(await signedIn(undefined, "payments"));
    await list.seeRows();
    const recent = await listed("limit=100");
    const end = isoDay(recent[10]!.created);
    const start = isoDay(recent[40]!.created);
    await list.filterByDate(start, end);
    const query = `limit=100&created[gte]=${localDayStart(start)}&created[lt]=${localDayStart(nextDay(end))}`;
    const inRange = (await listed(query, true)).map(rowOf);
    expect(inRange.length).toBeGreaterThan(10);
    await expect.poll(() => list.seeRows(), { timeout: 15_000 }).toEqual(inRange.slice(0, 10));
    expect(await list.pageToOldest()).toEqual(inRange);
  });

  it("exports the filtered payments as CSV through the data layer: its rows are exactly the filtered list's", async () => {
    const platform = await signedIn(undefined, "payments");
    const list = await payments(platform);
    await list.seeRows();
    await list.filterByStatus(["Succeeded", "Refunded"]);
    const expected = await listed("limit=100&status[]=succeeded&status[]=refunded", true);
    expect(expected.length).toBeGreaterThan(10);
    await expect
      .poll(() => list.seeRows(), { timeout: 15_000 })
      .toEqual(expected.slice(0, 10).map(rowOf));
    const [download] = await Promise.all([
      platform.page.waitForEvent("download"),
      list.exportCsv(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path(), "utf8")).trim().split(/\r?\n/);
    expect(lines[0]?.split(",")[0]).toBe("id");
    // Every payment of the filter, not one page, in the list's order.
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(expected.map((p) => p.id));
  });

  it("refunds a payment partially, then the rest: it shows refunded, the provider holds both refunds, and the balance moved by exactly their net", async () => {
    const platform = await signedIn(undefined, "payments");
    const list = await payments(platform);
    await list.seeRows();
    await list.filterByStatus(["Succeeded"]);
    // The newest succeeded payment nobody disputed (another file may have opened a dispute).
    const shown = await listed("limit=10&status[]=succeeded");
    const target = shown.find((p) => !p.disputed);
    expect(target).toBeDefined();
    await expect
      .poll(async () => await list.seeRows(), { timeout: 15_000 })
      .toEqual(shown.map(rowOf));
    const before = await balanceOf(target!.currency);

    await list.openRow(shown.indexOf(target!));
    await list.refund("5.00");
    await expect
      .poll(async () => (await list.seeDetail()).Status, { timeout: 15_000 })
      .toBe("Partially refunded");
    // The rest: the form starts at what remains.
    await list.refund();
    await expect
      .poll(async () => (await list.seeDetail()).Status, { timeout: 15_000 })
      .toBe("Refunded");

    const refunds = await apiGet<{ data: { id: string; amount: number }[] }>(
      `/v1/refunds?charge=${target!.id}`,
    );
    expect(refunds.data.map((r) => r.amount).sort((a, b) => a - b)).toEqual(
      [500, target!.amount - 500].sort((a, b) => a - b),
    );
    const charge = await apiGet<Charge>(`/v1/charges/${target!.id}`);
    expect(charge.payment_status).toBe("refunded");
    const moves = await apiGet<{ data: { source: string; net: number }[] }>(
      "/v1/balance_transactions?type[]=refund&limit=20",
    );
    const ids = new Set(refunds.data.map((r) => r.id));
    const mine = moves.data.filter((t) => ids.has(t.source));
    expect(mine).toHaveLength(2);
    expect((await balanceOf(target!.currency)) - before).toBe(
      mine.reduce((sum, t) => sum + t.net, 0),
    );
  });

  it("a row opens the payment with its fees and net from the provider", async () => {
    const list = await payments(await signedIn(undefined, "payments"));
    const [newest] = await listed("limit=1&expand[]=data.balance_transaction");
    await list.openRow(0);
    const bt = newest!.balance_transaction as { fee: number; net: number };
    expect(await list.seeDetail()).toMatchObject({
      Amount: formatMoney(newest!.amount, newest!.currency, "en-US"),
      Status: statusWords[newest!.payment_status],
      Fees: formatMoney(bt.fee, newest!.currency, "en-US"),
      Net: formatMoney(bt.net, newest!.currency, "en-US"),
      "Payment ID": newest!.id,
    });
    await list.closeDetail();
  });

  it("setDefaultFilters starts the list on those filters; a key the payments list does not take is an inputerror naming it", async () => {
    const platform = await signedIn(undefined, "payments");
    const element = platform.elements("payments").first();
    const refused = await element.evaluate(
      (el) =>
        new Promise<string>((resolve) => {
          el.addEventListener("inputerror", (e) =>
            resolve((e as CustomEvent<{ message: string }>).detail.message),
          );
          (el as unknown as { setDefaultFilters(v: unknown): void }).setDefaultFilters({
            customer: "cus_1",
          });
        }),
    );
    expect(refused).toContain('key "customer" is not accepted here');
    platform.takeProblems(/setDefaultFilters/);
    await element.evaluate((el) =>
      (el as unknown as { setDefaultFilters(v: unknown): void }).setDefaultFilters({
        status: ["refunded", "partially_refunded"],
        amount: { greater_than: 2000 },
      }),
    );
    const list = await payments(platform);
    const expected = (
      await listed("limit=10&status[]=refunded&status[]=partially_refunded&amount[gt]=2000")
    ).map(rowOf);
    await expect.poll(() => list.seeRows(), { timeout: 15_000 }).toEqual(expected);
  });

  it("axe finds nothing serious or critical in light, dark and the pseudo-locale, and nothing overflows at 360px", async () => {
    const platform = await signedIn(undefined, "payments");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const frame = await platform.frameOf("payments");
    await new PaymentsModel(frame).seeRows();
    expect(seriousOrCritical(await runAxe(frame))).toEqual([]);
    expect(await findOverflows(frame)).toEqual([]);
    await platform.setDarkTheme(true);
    expect(seriousOrCritical(await runAxe(frame))).toEqual([]);
    await platform.chooseLocale("en-XA");
    await expect.poll(() => frame.locator("table caption").innerText()).toMatch(pseudoAccents);
    expect(seriousOrCritical(await runAxe(frame))).toEqual([]);
    expect(await findOverflows(frame)).toEqual([]);
  });
});

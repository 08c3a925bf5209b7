import { describe, expect, it } from "vitest";
import type { BalanceTransaction } from "../../protocol/objects/balance-transaction.schema.ts";
import {
  type TransactionRow,
  TransactionsListModel,
} from "../../sdk/testing/transactions-list.model.ts";
import { formatDate, formatMoney } from "../../ui/i18n/format.ts";
import { type PlatformPage, pseudoAccents } from "./models/platform.model.ts";
import { findOverflows, runAxe, seriousOrCritical } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// The transactions list (issue 10, the payments family) on the example platform's dashboard,
// in Debian's Chromium, as a person uses it; what it shows is checked against the provider's
// own answers through the API (secret key, the account's header).

const example = examplePlatformTests();
const { signedIn } = example;

async function transactions(platform: PlatformPage) {
  return new TransactionsListModel(await platform.frameOf("transactions-list"));
}

/** The provider's answer for the main account, as the platform's backend would ask it. */
const listed = async (query: string): Promise<BalanceTransaction[]> =>
  (await example.apiGet<{ data: BalanceTransaction[] }>(`/v1/balance_transactions?${query}`)).data;

const typeWords: Record<BalanceTransaction["type"], string> = {
  charge: "Payment",
  refund: "Refund",
  adjustment: "Adjustment",
  payout: "Payout",
  payout_cancel: "Canceled payout",
  payout_failure: "Failed payout",
  topup: "Top-up",
};

/** A row as the list shows the provider's transaction in en-US. */
const rowOf = (t: BalanceTransaction): TransactionRow => ({
  type: typeWords[t.type],
  amount: formatMoney(t.amount, t.currency, "en-US"),
  fee: formatMoney(t.fee, t.currency, "en-US"),
  net: formatMoney(t.net, t.currency, "en-US"),
  available: formatDate(t.available_on, "en-US", { timeZone: "UTC" }),
  description: t.description ?? "",
});

describe("the transactions list on the example platform", () => {
  it("shows the account's balance transactions newest first as the provider lists them, and pages to older ones", async () => {
    const list = await transactions(await signedIn(undefined, "payments"));
    const [first, second] = [await listed("limit=10"), await listed("limit=20")];
    expect(await list.seeRows()).toEqual(first.map(rowOf));
    expect(await list.nextPage()).toEqual(second!.slice(10).map(rowOf));
  });

  it("filtering by type through the filter bar shows exactly what the provider's type filter answers", async () => {
    const list = await transactions(await signedIn(undefined, "payments"));
    await list.seeRows();
    await list.filterByType(["Payout", "Refund"]);
    const expected = (await listed("limit=10&type[]=refund&type[]=payout")).map(rowOf);
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => list.seeRows(), { timeout: 15_000 }).toEqual(expected);
    expect(await list.list.seeFilterChips()).toContain("Type: Refund or Payout");
  });

  it("a row opens the transaction with the provider's figures, and closing it reports the overlay", async () => {
    const platform = await signedIn(undefined, "payments");
    const list = await transactions(platform);
    const [newest] = await listed("limit=1");
    // The list stands below other components on the dashboard: bring it into view first.
    await platform.elements("transactions-list").first().scrollIntoViewIfNeeded();
    await list.openRow(0);
    const facts = await list.seeDetail();
    expect(facts).toMatchObject({
      Type: typeWords[newest!.type],
      Net: formatMoney(newest!.net, newest!.currency, "en-US"),
      Fee: formatMoney(newest!.fee, newest!.currency, "en-US"),
      Source: newest!.source,
      "Transaction ID": newest!.id,
    });
    await list.closeDetail();
  });

  it("setDefaultFilters({ type }) starts the list on that type; any other key is an inputerror naming it and changes nothing", async () => {
    const platform = await signedIn(undefined, "payments");
    const element = platform.elements("transactions-list").first();
    const refused = await element.evaluate(
      (el) =>
        new Promise<string>((resolve) => {
          el.addEventListener("inputerror", (e) =>
            resolve((e as CustomEvent<{ message: string }>).detail.message),
          );
          (el as unknown as { setDefaultFilters(v: unknown): void }).setDefaultFilters({
            status: ["succeeded"],
          });
        }),
    );
    expect(refused).toContain('key "status" is not accepted here');
    platform.takeProblems(/setDefaultFilters/);
    await element.evaluate((el) =>
      (el as unknown as { setDefaultFilters(v: unknown): void }).setDefaultFilters({
        type: ["refund"],
      }),
    );
    const list = await transactions(platform);
    const refunds = (await listed("limit=10&type[]=refund")).map(rowOf);
    await expect.poll(() => list.seeRows(), { timeout: 15_000 }).toEqual(refunds);
  });

  it("recent-transactions shows the newest few without paging", async () => {
    const platform = await signedIn(undefined, "payments");
    await platform.setAttribute("transactions-list", 0, "recent-transactions", "true");
    const list = await transactions(platform);
    const newest = (await listed("limit=5")).map(rowOf);
    await expect.poll(() => list.seeRows(), { timeout: 15_000 }).toEqual(newest);
    expect(await list.hasPaging()).toBe(false);
  });

  it("axe finds nothing serious or critical in light, dark and the pseudo-locale, and nothing overflows at 360px", async () => {
    const platform = await signedIn(undefined, "payments");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const frame = await platform.frameOf("transactions-list");
    const list = new TransactionsListModel(frame);
    await list.seeRows();
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

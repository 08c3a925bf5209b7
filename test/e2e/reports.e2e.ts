import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { BalanceTransaction } from "../../protocol/objects/balance-transaction.schema.ts";
import type {
  BalanceReport,
  PayoutReconciliationReport,
} from "../../protocol/objects/report.schema.ts";
import { formatMoney } from "../../ui/i18n/format.ts";
import { parseCsv, ReportModel } from "./models/reports.model.ts";
import { findOverflows, runAxe, seriousOrCritical } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// balance-report and payout-reconciliation-report (issue 11, internal) on the example
// platform's dashboard, in Debian's Chromium: a person picks a period, reads the summary and
// downloads the itemised CSV; the CSV is checked against the balance transactions the API
// lists (secret key, the account's header).

const example = examplePlatformTests();
const { signedIn, apiGet } = example;

const DAY = 86_400;
const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const usd = (minor: number) => formatMoney(minor, "usd", "en-US");
const payoutTypes = new Set(["payout", "payout_cancel", "payout_failure"]);

/** The sandbox's last 20 whole days (UTC), up to and including today. */
async function period() {
  const clock = await apiGet<{ now: number }>("/v1/test_helpers/clock");
  const end = Math.floor(clock.now / DAY) * DAY + DAY;
  return { start: end - 20 * DAY, end };
}

describe("balance-report on the example platform", () => {
  it("the itemised CSV reconciles — starting balance + activity − payouts = ending balance — and its rows are exactly the period's balance transactions the API lists; the summary shows the same figures", async () => {
    const platform = await signedIn(undefined, "reports");
    const { start, end } = await period();
    const report = new ReportModel(await platform.frameOf("balance-report"), "Balance report");
    await report.pickPeriod(isoDay(start), isoDay(end - DAY));
    const query = `interval_start=${start}&interval_end=${end}&currency=usd`;
    const expected = await apiGet<BalanceReport>(`/v1/reports/balance?${query}`);
    await expect
      .poll(() => report.seeTable("Balance summary"), { timeout: 15_000 })
      .toEqual([
        ["Starting balance", usd(expected.starting_balance)],
        ["Activity", usd(expected.activity_total)],
        ["Payouts", usd(-expected.payouts_total)],
        ["Ending balance", usd(expected.ending_balance)],
      ]);

    const download = await report.downloadCsv(platform.page);
    expect(download.suggestedFilename()).toMatch(/^balance-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv(await readFile((await download.path())!, "utf8"));
    const col = (name: string) => header!.indexOf(name);
    expect(header!.slice(0, 11)).toEqual([
      "balance_transaction",
      "created",
      "available_on",
      "type",
      "reporting_category",
      "gross",
      "fee",
      "net",
      "currency",
      "source",
      "description",
    ]);
    // The ledger as the API lists it: every balance transaction of the account in usd.
    const all = (
      await example.listAll<BalanceTransaction>("/v1/balance_transactions", "limit=100")
    ).filter((t) => t.currency === "usd");
    const inPeriod = all.filter((t) => t.available_on >= start && t.available_on < end);
    expect(inPeriod.length).toBeGreaterThan(0);
    expect(rows.map((r) => r[col("balance_transaction")]).sort()).toEqual(
      inPeriod.map((t) => t.id).sort(),
    );
    const byId = new Map(inPeriod.map((t) => [t.id, t]));
    for (const r of rows) {
      const t = byId.get(r[col("balance_transaction")]!)!;
      expect([r[col("type")], Number(r[col("net")]), r[col("source")]]).toEqual([
        t.type,
        t.net,
        t.source,
      ]);
    }
    const starting = all.filter((t) => t.available_on < start).reduce((s, t) => s + t.net, 0);
    const ending = all.filter((t) => t.available_on < end).reduce((s, t) => s + t.net, 0);
    const net = (r: string[]) => Number(r[col("net")]);
    const activity = rows
      .filter((r) => !payoutTypes.has(r[col("type")]!))
      .reduce((s, r) => s + net(r), 0);
    const payouts = -rows
      .filter((r) => payoutTypes.has(r[col("type")]!))
      .reduce((s, r) => s + net(r), 0);
    expect(starting + activity - payouts).toBe(ending);
    expect({ starting, activity, payouts, ending }).toEqual({
      starting: expected.starting_balance,
      activity: expected.activity_total,
      payouts: expected.payouts_total,
      ending: expected.ending_balance,
    });
  });
});

describe("payout-reconciliation-report on the example platform", () => {
  it("lists the period's payouts with what each settled, as the provider's report has them, and says through onreportavailabilityloaded that the period had payouts (and not, for a period before any)", async () => {
    const platform = await signedIn(undefined, "reports");
    const { start, end } = await period();
    const report = new ReportModel(
      await platform.frameOf("payout-reconciliation-report"),
      "Payout reconciliation",
    );
    await report.pickPeriod(isoDay(start), isoDay(end - DAY));
    const expected = await apiGet<PayoutReconciliationReport>(
      `/v1/reports/payout_reconciliation?interval_start=${start}&interval_end=${end}&currency=usd`,
    );
    expect(expected.payouts.length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await report.seeTable("Payouts")).map((r) => r[0]), { timeout: 15_000 })
      .toEqual(expected.payouts.map((p) => p.payout));
    const availability = platform.page.locator('output[name="report-availability"]');
    await expect.poll(() => availability.innerText()).toBe("Report available");
    // Each payout's settled transactions are those the API lists for it.
    for (const p of expected.payouts.slice(0, 3)) {
      const settled = await example.listAll<BalanceTransaction>(
        "/v1/balance_transactions",
        `payout=${p.payout}`,
      );
      expect(settled.reduce((s, t) => s + t.net, 0)).toBe(p.settled_net);
    }
    await report.pickPeriod("2000-01-01", "2000-01-31");
    await expect.poll(() => availability.innerText()).toBe("No report for this period");
  });

  it("axe finds nothing serious or critical, and nothing overflows at 360px, in either report", async () => {
    const platform = await signedIn(undefined, "reports");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    for (const [name, title, caption] of [
      ["balance-report", "Balance report", "Balance summary"],
      ["payout-reconciliation-report", "Payout reconciliation", "Payouts"],
    ] as const) {
      const report = new ReportModel(await platform.frameOf(name), title);
      await report.seeTable(caption);
      expect(seriousOrCritical(await runAxe(report.frame))).toEqual([]);
      expect(await findOverflows(report.frame)).toEqual([]);
    }
  });
});

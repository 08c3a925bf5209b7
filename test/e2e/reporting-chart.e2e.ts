import { describe, expect, it } from "vitest";
import type { BalanceTransaction } from "../../protocol/objects/balance-transaction.schema.ts";
import type { Charge } from "../../protocol/objects/charge.schema.ts";
import { formatMoney } from "../../ui/i18n/format.ts";
import { type PlatformPage, pseudoAccents } from "./models/platform.model.ts";
import {
  ReportingChartControls,
  VolumeChartModel,
  type VolumeChartRow,
} from "./models/volume-chart.model.ts";
import { findOverflows, runAxe, seriousOrCritical } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// reporting-chart and earnings-chart (issue 11) on the example platform's dashboard, in
// Debian's Chromium: the person picks the report, the interval type and the period with the
// platform's controls; the figures the chart shows are checked against sums this test makes
// itself from every payment it lists through the API (all pages), cut into days, weeks
// (from Monday) and months of the browser's own time zone.

const example = examplePlatformTests();
const { signedIn } = example;

type Interval = "day" | "week" | "month";
type Report = "gross_volume" | "net_volume";

const payments = () =>
  example.listAll<Charge>("/v1/charges", "expand%5B%5D=data.balance_transaction");

/** The calendar date (UTC midnight ms) of `seconds` in `zone`. */
function localDate(seconds: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(new Date(seconds * 1000));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(part("year"), part("month") - 1, part("day"));
}

/** The first day (UTC midnight ms) of the period holding calendar date `date`. */
function periodOf(date: number, interval: Interval): number {
  const d = new Date(date);
  if (interval === "month") return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  if (interval === "week") return date - ((d.getUTCDay() + 6) % 7) * 86_400_000;
  return date;
}

/** How the chart's table names a period (en-US): its first day, or its month. */
const periodLabel = (start: number, interval: Interval) =>
  new Intl.DateTimeFormat(
    "en-US",
    interval === "month"
      ? { month: "long", year: "numeric", timeZone: "UTC" }
      : { dateStyle: "medium", timeZone: "UTC" },
  ).format(new Date(start));

/** What one payment adds to a report (net: less refunds and its fee). */
const contribution = (c: Charge, report: Report) =>
  report === "gross_volume"
    ? c.amount_captured
    : c.amount_captured - c.amount_refunded - (c.balance_transaction as BalanceTransaction).fee;

/**
 * The rows the chart should show: every period from the first counted payment's (or `from`)
 * to the last one's (or `to`), with the sum of the payments of each, formatted as en-US.
 */
function expectedRows(
  list: Charge[],
  report: Report,
  interval: Interval,
  zone: string,
  bounds: { from?: number; to?: number } = {},
): { rows: VolumeChartRow[]; total: string } {
  const counted = list.filter(
    (c) =>
      c.amount_captured > 0 &&
      (bounds.from === undefined || c.created >= bounds.from) &&
      (bounds.to === undefined || c.created <= bounds.to),
  );
  const currencies = new Set(counted.map((c) => c.currency));
  expect([...currencies]).toHaveLength(1);
  const currency = [...currencies][0]!;
  const sums = new Map<number, number>();
  for (const c of counted) {
    const key = periodOf(localDate(c.created, zone), interval);
    sums.set(key, (sums.get(key) ?? 0) + contribution(c, report));
  }
  const createdTimes = counted.map((c) => c.created);
  const first = periodOf(localDate(bounds.from ?? Math.min(...createdTimes), zone), interval);
  const last = periodOf(localDate(bounds.to ?? Math.max(...createdTimes), zone), interval);
  const rows: VolumeChartRow[] = [];
  for (let at = first; at <= last; ) {
    rows.push({
      period: periodLabel(at, interval),
      amount: formatMoney(sums.get(at) ?? 0, currency, "en-US"),
    });
    const d = new Date(at);
    at =
      interval === "month"
        ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
        : at + (interval === "week" ? 7 : 1) * 86_400_000;
  }
  const total = [...sums.values()].reduce((a, b) => a + b, 0);
  return { rows, total: formatMoney(total, currency, "en-US") };
}

async function reportingChart(platform: PlatformPage) {
  const chart = new VolumeChartModel(await platform.frameOf("reporting-chart"));
  const zone = await chart.frame.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  return { chart, zone, controls: new ReportingChartControls(platform.page) };
}

describe("reporting-chart on the example platform", () => {
  it("shows, for each interval type and each report, the sums of the payments listed through the API", async () => {
    const platform = await signedIn(undefined, "reports");
    const { chart, zone, controls } = await reportingChart(platform);
    const list = await payments();
    expect(list.length).toBeGreaterThan(100);

    // No interval type: chosen from the data's bounds (the seed spans 60 days: one per day).
    const daily = expectedRows(list, "gross_volume", "day", zone);
    await expect.poll(() => chart.seeRows(), { timeout: 15_000 }).toEqual(daily.rows);
    expect(await chart.seeIntervalType()).toBe("day");
    expect(await chart.seeCaption()).toBe(`Gross volume Total: ${daily.total}`);

    for (const [report, interval] of [
      ["gross_volume", "week"],
      ["gross_volume", "month"],
      ["net_volume", "month"],
      ["net_volume", "day"],
    ] as const) {
      await controls.chooseReport(report);
      await controls.chooseInterval(interval);
      const expected = expectedRows(list, report, interval, zone);
      await expect.poll(() => chart.seeRows(), { timeout: 15_000 }).toEqual(expected.rows);
      const title = report === "gross_volume" ? "Gross volume" : "Net volume";
      expect(await chart.seeCaption()).toBe(`${title} Total: ${expected.total}`);
      expect(await chart.seeIntervalType()).toBe(interval);
    }
  });

  it("charts the period the platform sets; an end before the start is an inputerror naming it and changes nothing; bad attributes are refused", async () => {
    const platform = await signedIn(undefined, "reports");
    const { chart, zone, controls } = await reportingChart(platform);
    const list = await payments();
    const newest = Math.max(...list.map((c) => c.created));
    // The fortnight before the newest payment, from and to local midnights (as the platform's
    // date inputs give them).
    const day = (seconds: number) => new Date(localDate(seconds, zone)).toISOString().slice(0, 10);
    const fromDay = day(newest - 20 * 86_400);
    const toDay = day(newest - 6 * 86_400);
    const midnight = (isoDay: string) =>
      chart.frame.evaluate((d) => new Date(`${d}T00:00:00`).getTime() / 1000, isoDay);
    await controls.chooseInterval("day");
    await controls.fillDate("From", fromDay);
    await controls.fillDate("To", toDay);
    const expected = expectedRows(list, "gross_volume", "day", zone, {
      from: await midnight(fromDay),
      to: await midnight(toDay),
    });
    await expect.poll(() => chart.seeRows(), { timeout: 15_000 }).toEqual(expected.rows);

    // An end before the start: the element refuses it and says which setter; the chart stays.
    await controls.fillDate("To", day(newest - 25 * 86_400));
    await expect
      .poll(() => controls.inputError())
      .toBe("reporting-chart setIntervalEnd: must not make intervalEnd earlier than intervalStart");
    expect(await chart.seeRows()).toEqual(expected.rows);

    await platform.setAttribute("reporting-chart", 0, "report-name", "volume");
    await expect.poll(() => controls.inputError()).toContain("reporting-chart report-name:");
    await platform.setAttribute("reporting-chart", 0, "interval-type", "year");
    await expect.poll(() => controls.inputError()).toContain("reporting-chart interval-type:");
    expect(await chart.seeRows()).toEqual(expected.rows);
    platform.takeProblems(/report-name|interval-type|setIntervalEnd/);

    // A period without payments: the empty state (by month, so that no step on the way asks
    // for more points than the provider gives).
    await controls.chooseInterval("month");
    await controls.fillDate("From", "2001-01-01");
    await controls.fillDate("To", "2001-01-31");
    await expect.poll(() => chart.seeEmpty()).toBe("No payments in this period");
  });
});

describe("reporting and earnings charts: accessibility", () => {
  it("axe finds nothing serious or critical in light, dark and the pseudo-locale, and nothing overflows at 360px", async () => {
    const platform = await signedIn(undefined, "reports");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const reporting = new VolumeChartModel(await platform.frameOf("reporting-chart"));
    const earnings = new VolumeChartModel(await platform.frameOf("earnings-chart"));
    expect(await earnings.seeCaption()).toMatch(/^Earnings Total: /);
    // The earnings chart's plot keeps the platform's aspect ratio (2.5: width ÷ height).
    const box = await earnings.figure().locator(".kit-chart__plot").boundingBox();
    expect(Math.abs(box!.width / box!.height - 2.5)).toBeLessThan(0.1);
    const check = async () => {
      for (const chart of [reporting, earnings]) {
        await chart.seeRows();
        expect(seriousOrCritical(await runAxe(chart.frame))).toEqual([]);
        expect(await findOverflows(chart.frame)).toEqual([]);
      }
    };
    await check();
    await platform.setDarkTheme(true);
    await check();
    await platform.chooseLocale("en-XA");
    await expect.poll(() => reporting.seeCaption()).toMatch(pseudoAccents);
    await expect.poll(() => earnings.seeCaption()).toMatch(pseudoAccents);
    await check();
  });
});

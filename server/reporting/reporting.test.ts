import { describe, expect, it } from "vitest";
import { connectedAccount } from "../money/money-test.ts";
import { cardFee } from "../money/payment-methods.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";

const t = setupTestDatabase();
const api = testApi(t);
const path = "/v1/reporting/volume";

/** 2025-03-03 00:00 UTC, a Monday. */
const MONDAY = Date.UTC(2025, 2, 3) / 1000;
const HOUR = 3600;
const DAY = 86_400;

/** An account with payments at known moments: Monday 12:00, Tuesday 02:00, 2025-04-02. */
async function accountWithPayments() {
  const a = await connectedAccount(api);
  const at = async (seconds: number, amount: number, params: Record<string, unknown> = {}) => {
    api.clock.now = seconds;
    return (await a.charge({ amount, ...params })).body;
  };
  const first = await at(MONDAY + 12 * HOUR, 10_000);
  const second = await at(MONDAY + DAY + 2 * HOUR, 5_000);
  await api.post("/v1/refunds", { ...a.as, params: { charge: second.id, amount: 1_000 } });
  const third = await at(MONDAY + 30 * DAY, 20_000);
  // Not captured: counts in neither report.
  await at(MONDAY + 2 * DAY, 7_000, { capture: false });
  return { ...a, first, second, third };
}

const report = (a: { as: object }, params: Record<string, unknown>) =>
  api.get(path, { ...a.as, params });

describe("GET /v1/reporting/volume", () => {
  it("sums gross volume per day in UTC, every day of the interval present", async () => {
    const a = await accountWithPayments();
    const r = await report(a, {
      report_name: "gross_volume",
      interval_type: "day",
      interval_start: MONDAY,
      interval_end: MONDAY + 3 * DAY - 1,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: "volume_report",
      interval_type: "day",
      time_zone: "UTC",
      currency: "usd",
      total: 15_000,
    });
    expect(r.body.points).toEqual([
      { start: MONDAY, end: MONDAY + DAY, amount: 10_000, count: 1 },
      { start: MONDAY + DAY, end: MONDAY + 2 * DAY, amount: 5_000, count: 1 },
      { start: MONDAY + 2 * DAY, end: MONDAY + 3 * DAY, amount: 0, count: 0 },
    ]);
  });

  it("cuts the days in the asked time zone (02:00 UTC is the evening before in New York)", async () => {
    const a = await accountWithPayments();
    const r = await report(a, {
      report_name: "gross_volume",
      interval_type: "day",
      interval_start: MONDAY,
      interval_end: MONDAY + 2 * DAY,
      time_zone: "America/New_York",
    });
    expect(r.status).toBe(200);
    // New York is UTC-5 in early March: its days start at 05:00 UTC.
    expect(
      r.body.points.map((p: { start: number; amount: number }) => [p.start, p.amount]),
    ).toEqual([
      [MONDAY - DAY + 5 * HOUR, 0],
      [MONDAY + 5 * HOUR, 15_000],
      [MONDAY + DAY + 5 * HOUR, 0],
    ]);
  });

  it("net volume is captured − refunded − fees; bounds default to the data; weeks from Monday", async () => {
    const a = await accountWithPayments();
    const r = await report(a, { report_name: "net_volume", interval_type: "week" });
    expect(r.status).toBe(200);
    expect(r.body.interval_start).toBe(a.first.created);
    expect(r.body.interval_end).toBe(a.third.created);
    const net = (amount: number, refunded = 0) => amount - refunded - cardFee(amount);
    expect(r.body.points[0]).toEqual({
      start: MONDAY,
      end: MONDAY + 7 * DAY,
      amount: net(10_000) + net(5_000, 1_000),
      count: 2,
    });
    expect(r.body.points).toHaveLength(5);
    expect(r.body.points.at(-1).amount).toBe(net(20_000));
    expect(r.body.total).toBe(net(10_000) + net(5_000, 1_000) + net(20_000));
  });

  it("chooses the interval type from the interval when none is asked, and months cut by month", async () => {
    const a = await accountWithPayments();
    const chosen = await report(a, { report_name: "gross_volume" });
    expect(chosen.body.interval_type).toBe("day");
    expect(chosen.body.points).toHaveLength(31);
    const months = await report(a, { report_name: "gross_volume", interval_type: "month" });
    expect(months.body.points.map((p: { amount: number }) => p.amount)).toEqual([15_000, 20_000]);
    expect(months.body.points[1].start).toBe(Date.UTC(2025, 3, 1) / 1000);
  });

  it("answers an account without payments with no points", async () => {
    const a = await connectedAccount(api);
    const r = await report(a, { report_name: "net_volume" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      interval_start: null,
      interval_end: null,
      points: [],
      total: 0,
    });
  });

  it("refuses a bad value naming it", async () => {
    const a = await connectedAccount(api);
    const cases: [Record<string, unknown>, string][] = [
      [{ report_name: "volume" }, "report_name"],
      [{ report_name: "gross_volume", interval_type: "year" }, "interval_type"],
      [
        { report_name: "gross_volume", interval_start: MONDAY, interval_end: MONDAY - 1 },
        "interval_end",
      ],
      [{ report_name: "gross_volume", time_zone: "Mars/Olympus" }, "time_zone"],
      [
        {
          report_name: "gross_volume",
          interval_type: "day",
          interval_start: MONDAY,
          interval_end: MONDAY + 4000 * DAY,
        },
        "interval_type",
      ],
    ];
    for (const [params, param] of cases) {
      const r = await report(a, params);
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.error.param).toBe(param);
    }
  });

  it("a session key reaches it only through a reporting component", async () => {
    const a = await accountWithPayments();
    const reporting = await a.sessionKey({ reporting_chart: { enabled: true } });
    const payments = await a.sessionKey({ payments: { enabled: true } });
    const params = { report_name: "gross_volume" };
    expect((await api.get(path, { key: reporting, params })).body.total).toBe(35_000);
    expect((await api.get(path, { key: payments, params })).status).toBe(403);
  });
});

import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { DAY, startOfDay } from "../money/ledger.ts";
import { amountIn, connectedAccount } from "../money/money-test.ts";
import { cardFee, disputeFee } from "../money/payment-methods.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";

const t = setupTestDatabase();
const api = testApi(t);

const advance = (key: string, params: Record<string, unknown>) =>
  api.post("/v1/test_helpers/clock/advance", { key, params });

/** A connected account that can receive payouts (a debit card as its default destination). */
async function payableAccount() {
  const a = await connectedAccount(api);
  const card = await api.post(`/v1/accounts/${a.accountId}/external_accounts`, {
    key: a.secretKey,
    params: { external_account: "tok_visa_debit" },
  });
  expect(card.status).toBe(200);
  return a;
}

const automaticPayouts = () =>
  t.db.selectFrom("payouts").selectAll().where("automatic", "=", true).orderBy("created").execute();

describe("the simulated clock", () => {
  it("starts at the base clock and is read with the secret key", async () => {
    const p = await api.platform();
    const r = await api.get("/v1/test_helpers/clock", { key: p.secretKey });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ object: "sandbox_clock", now: api.clock.now, offset: 0 });
    const publishable = await api.get("/v1/test_helpers/clock", { key: p.publishableKey });
    expect(publishable.status).toBe(403);
  });

  it("advancing moves pending funds to available, payouts to in_transit and paid, and an unanswered dispute to lost", async () => {
    const a = await payableAccount();
    await api.post("/v1/payout_schedule", { ...a.as, params: { interval: "manual" } });
    await a.charge({ amount: 500_000 });
    const disputed = (await a.charge({ amount: 10_000 })).body.id;
    expect(amountIn((await a.balance()).pending)).toBe(
      500_000 - cardFee(500_000) + 10_000 - cardFee(10_000),
    );

    const moved = await advance(a.secretKey, { seconds: 3 * DAY });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ object: "sandbox_clock", offset: 3 * DAY });
    const available = 500_000 - cardFee(500_000) + 10_000 - cardFee(10_000);
    expect(amountIn((await a.balance()).available)).toBe(available);

    const payout = (await api.post("/v1/payouts", { ...a.as, params: { amount: 1_000 } })).body;
    expect(payout.status).toBe("pending");
    const dispute = (
      await api.post(`/v1/test_helpers/charges/${disputed}/dispute`, {
        ...a.as,
        params: { status: "needs_response" },
      })
    ).body;
    expect(dispute.status).toBe("needs_response");

    await advance(a.secretKey, { seconds: DAY });
    expect((await api.get(`/v1/payouts/${payout.id}`, a.as)).body.status).toBe("in_transit");
    await advance(a.secretKey, { to: payout.arrival_date });
    expect((await api.get(`/v1/payouts/${payout.id}`, a.as)).body.status).toBe("paid");
    expect((await api.get(`/v1/disputes/${dispute.id}`, a.as)).body.status).toBe("needs_response");
    await advance(a.secretKey, { to: dispute.evidence_details.due_by + 1 });
    expect((await api.get(`/v1/disputes/${dispute.id}`, a.as)).body.status).toBe("lost");
    expect(amountIn((await a.balance()).available)).toBe(available - 1_000 - 10_000 - disputeFee);
  });

  it("runs the automatic payouts once per day crossed, at the start of each day", async () => {
    const a = await payableAccount();
    const day0 = startOfDay(api.clock.now);
    await a.charge({ amount: 20_000 }); // available at the start of day 2
    await advance(a.secretKey, { seconds: DAY });
    await a.charge({ amount: 30_000 }); // available at the start of day 3
    expect(await automaticPayouts()).toEqual([]);

    const r = await advance(a.secretKey, { seconds: 5 * DAY });
    expect(r.body.automatic_payouts).toBe(2);
    const made = await automaticPayouts();
    expect(made.map((p) => [p.created, p.amount, p.method])).toEqual([
      [day0 + 2 * DAY, 20_000 - cardFee(20_000), "standard"],
      [day0 + 3 * DAY, 30_000 - cardFee(30_000), "standard"],
    ]);
    expect(amountIn((await a.balance()).available)).toBe(0);
    // Nothing more to pay: later days cross without a payout.
    expect((await advance(a.secretKey, { seconds: 2 * DAY })).body.automatic_payouts).toBe(0);
  });

  it("advancing twice over the same day makes one payout (also when both advances run at once)", async () => {
    const a = await payableAccount();
    await a.charge({ amount: 40_000 });
    const day2 = startOfDay(api.clock.now) + 2 * DAY;
    const both = await Promise.all([
      advance(a.secretKey, { to: day2 + 3600 }),
      advance(a.secretKey, { to: day2 + 7200 }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 200]);
    expect(await automaticPayouts()).toHaveLength(1);
    // Later in the same day: the day is not crossed again.
    await advance(a.secretKey, { seconds: 3600 });
    expect(await automaticPayouts()).toHaveLength(1);
    const clock = (await api.get("/v1/test_helpers/clock", { key: a.secretKey })).body;
    expect(clock.now).toBe(day2 + 3 * 3600);
  });

  it("a manual schedule makes no automatic payout; a weekly one pays on its weekday only", async () => {
    const a = await payableAccount();
    await api.post("/v1/payout_schedule", {
      ...a.as,
      params: { interval: "weekly", weekly_anchor: "friday" },
    });
    const m = await payableAccount();
    await api.post("/v1/payout_schedule", { ...m.as, params: { interval: "manual" } });
    await a.charge({ amount: 25_000 });
    await m.charge({ amount: 25_000 });
    await advance(a.secretKey, { seconds: 14 * DAY });
    const made = await automaticPayouts();
    expect(made).toHaveLength(1);
    expect(made[0]!.account_id).toBe(a.accountId);
    expect(new Date(made[0]!.created * 1000).getUTCDay()).toBe(5);
  });

  it("a second API process on the same database sees the same clock", async () => {
    const a = await payableAccount();
    await api.post("/v1/payout_schedule", { ...a.as, params: { interval: "manual" } });
    await a.charge({ amount: 10_000 });
    // Another process: its own app (and base clock), the same database.
    const other = createApp({ db: t.db, config: { now: () => api.clock.now } });
    const get = async (path: string) => {
      const r = await other.request(path, {
        headers: { Authorization: `Bearer ${a.secretKey}`, ...a.as.headers },
      });
      return r.json() as Promise<{ [key: string]: unknown }>;
    };
    await advance(a.secretKey, { seconds: 3 * DAY });
    const clock = await get("/v1/test_helpers/clock");
    expect(clock).toEqual({
      object: "sandbox_clock",
      now: api.clock.now + 3 * DAY,
      offset: 3 * DAY,
    });
    const balance = (await get("/v1/balance")) as {
      available: { amount: number; currency: string }[];
    };
    expect(amountIn(balance.available)).toBe(10_000 - cardFee(10_000));
  });

  it("refuses to move back, both or neither of seconds and to, and a too long jump, changing nothing", async () => {
    const p = await api.platform();
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [{ to: api.clock.now }, "to", "clock_not_forward"],
      [{ to: api.clock.now - DAY }, "to", "clock_not_forward"],
      [{ seconds: 10, to: api.clock.now + 20 }, "to", "parameter_missing"],
      [{}, "seconds", "parameter_missing"],
      [{ seconds: 0 }, "seconds", undefined],
      [{ seconds: "soon" }, "seconds", undefined],
      [{ to: api.clock.now + 400 * DAY }, "to", "clock_advance_too_far"],
      [{ hours: 3 }, "hours", "parameter_unknown"],
    ];
    for (const [params, param, code] of cases) {
      const r = await advance(p.secretKey, params);
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.error.param).toBe(param);
      if (code) expect(r.body.error.code).toBe(code);
    }
    expect(await t.db.selectFrom("platform_clocks").selectAll().execute()).toEqual([]);
  });
});

describe("one clock per platform", () => {
  /** A platform's account with a pending payout, a dispute to answer and a session key. */
  async function platformWithObjects() {
    const a = await payableAccount();
    await api.post("/v1/payout_schedule", { ...a.as, params: { interval: "manual" } });
    await a.charge({ amount: 50_000 });
    const disputed = (await a.charge({ amount: 10_000 })).body.id;
    await advance(a.secretKey, { seconds: 3 * DAY });
    const payout = (await api.post("/v1/payouts", { ...a.as, params: { amount: 1_000 } })).body;
    const dispute = (
      await api.post(`/v1/test_helpers/charges/${disputed}/dispute`, {
        ...a.as,
        params: { status: "needs_response" },
      })
    ).body;
    await a.charge({ amount: 7_000 }); // pending funds
    const sessionKey = await a.sessionKey({ payouts: { enabled: true } });
    const state = async () => ({
      clock: (await api.get("/v1/test_helpers/clock", { key: a.secretKey })).body,
      payout: (await api.get(`/v1/payouts/${payout.id}`, a.as)).body,
      dispute: (await api.get(`/v1/disputes/${dispute.id}`, a.as)).body,
      balance: await a.balance(),
      payouts: (await api.get("/v1/payouts", a.as)).body.data.map((p: { id: string }) => p.id),
      withSessionKey: (await api.get("/v1/balance", { key: sessionKey })).status,
    });
    return { ...a, payout, dispute, state };
  }

  it("one platform's helper leaves another platform's keys, payouts and disputes as they were", async () => {
    const mover = await platformWithObjects();
    const other = await platformWithObjects();
    const before = await other.state();
    expect(before.payout.status).toBe("pending");
    expect(before.dispute.status).toBe("needs_response");
    expect(before.withSessionKey).toBe(200);

    const moved = await advance(mover.secretKey, { seconds: 30 * DAY });
    expect(moved.status).toBe(200);

    // The mover's own objects moved with its clock...
    const mine = await mover.state();
    expect(mine.clock.offset).toBe(33 * DAY);
    expect(mine.payout.status).toBe("paid");
    expect(mine.dispute.status).toBe("lost");
    expect(mine.withSessionKey).toBe(401);
    // ...and the other platform's did not.
    expect(await other.state()).toEqual(before);
  });
});

import { describe, expect, it } from "vitest";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { DAY, startOfDay } from "./ledger.ts";
import { amountIn, connectedAccount } from "./money-test.ts";
import { nextPayoutDate } from "./schedule.ts";

const t = setupTestDatabase();
const api = testApi(t);

const features = (switches: Record<string, boolean>) => ({
  balances: {
    enabled: true,
    features: { instant_payouts: true, standard_payouts: true, ...switches },
  },
});

/** An account paying out to `externalAccount`, with funds available. */
async function funded(externalAccount?: object) {
  const a = await connectedAccount(api, externalAccount);
  await a.charge({ amount: 100_000 });
  api.clock.now = startOfDay(api.clock.now) + 3 * DAY + 3600;
  return a;
}

const countRows = async () => ({
  payouts: (await t.db.selectFrom("payouts").selectAll().execute()).length,
  ledger: (await t.db.selectFrom("balance_transactions").selectAll().execute()).length,
});

describe("instant payouts respect the session's switches", () => {
  it("a debit card takes instant payouts unless instant_payouts_to_debit_cards_disabled", async () => {
    // A debit card token (server/README.md, "Sandbox magic values") as the payout destination.
    const a = await funded("tok_visa_debit" as unknown as object);
    const off = await a.sessionKey(features({ instant_payouts_to_debit_cards_disabled: true }));
    const before = await countRows();
    const refused = await api.post("/v1/payouts", {
      key: off,
      params: { amount: 1_000, method: "instant" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: "instant_payouts_to_debit_cards_disabled",
      param: "method",
    });
    expect(await countRows()).toEqual(before);
    // A standard payout still goes to the card.
    const standard = await api.post("/v1/payouts", { key: off, params: { amount: 1_000 } });
    expect(standard.status).toBe(200);
    const on = await a.sessionKey(features({}));
    const made = await api.post("/v1/payouts", {
      key: on,
      params: { amount: 1_000, method: "instant" },
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ method: "instant", type: "card" });
  });

  it("a US bank account takes instant payouts over RTP unless instant_payouts_rtp_disabled", async () => {
    const a = await funded();
    const off = await a.sessionKey(features({ instant_payouts_rtp_disabled: true }));
    const available = amountIn((await a.balance()).available);
    const refused = await api.post("/v1/payouts", {
      key: off,
      params: { amount: 1_000, method: "instant" },
    });
    expect(refused.body.error.code).toBe("instant_payouts_rtp_disabled");
    expect(amountIn((await a.balance()).available)).toBe(available);
    // The platform's secret key is no session: no switch applies.
    const platform = await api.post("/v1/payouts", {
      ...a.as,
      params: { amount: 1_000, method: "instant" },
    });
    expect(platform.status).toBe(200);
  });

  it("the session's flags carry the switches of its components", async () => {
    const a = await connectedAccount(api);
    const session = await api.post("/v1/account_sessions", {
      key: a.secretKey,
      params: {
        account: a.accountId,
        components: features({ instant_payouts_to_debit_cards_disabled: true }),
      },
    });
    expect(session.status).toBe(200);
    expect(session.body.components.balances.features).toMatchObject({
      instant_payouts_to_debit_cards_disabled: true,
      instant_payouts_rtp_disabled: false,
    });
  });
});

describe("the schedule's next payout date", () => {
  const at = (iso: string) => Date.parse(iso) / 1000;
  it("is the next day the schedule pays out on, after today; none when manual", async () => {
    const weekly = { interval: "weekly", weekly_anchor: "friday", monthly_anchor: null };
    // Friday 20 November 2026: the next Friday.
    expect(nextPayoutDate(weekly, at("2026-11-20T10:00:00Z"))).toBe(at("2026-11-27T00:00:00Z"));
    expect(nextPayoutDate(weekly, at("2026-11-25T10:00:00Z"))).toBe(at("2026-11-27T00:00:00Z"));
    const monthly = { interval: "monthly", weekly_anchor: null, monthly_anchor: 31 };
    expect(nextPayoutDate(monthly, at("2026-11-02T10:00:00Z"))).toBe(at("2026-11-30T00:00:00Z"));
    const daily = { interval: "daily", weekly_anchor: null, monthly_anchor: null };
    expect(nextPayoutDate(daily, at("2026-11-20T10:00:00Z"))).toBe(at("2026-11-21T00:00:00Z"));
    expect(nextPayoutDate({ ...daily, interval: "manual" }, at("2026-11-20T10:00:00Z"))).toBe(null);
  });

  it("comes with the schedule, and a day that does not exist changes nothing", async () => {
    const a = await connectedAccount(api);
    const weekly = await api.post("/v1/payout_schedule", {
      ...a.as,
      params: { interval: "weekly", weekly_anchor: "friday" },
    });
    expect(weekly.body.next_payout_date).toBe(
      nextPayoutDate(
        { interval: "weekly", weekly_anchor: "friday", monthly_anchor: null },
        api.clock.now,
      ),
    );
    const bad = await api.post("/v1/payout_schedule", {
      ...a.as,
      params: { interval: "monthly", monthly_anchor: 32 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("monthly_anchor");
    expect((await api.get("/v1/payout_schedule", a.as)).body).toMatchObject({
      interval: "weekly",
      weekly_anchor: "friday",
    });
  });
});

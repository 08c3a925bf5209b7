/**
 * The seeded history is what the API would have written: the same calls, replayed through
 * the HTTP API with the sandbox clock moving between them, write the same rows.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DAY, startOfDay } from "../money/ledger.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { createEnabledAccount } from "./account-states.ts";
import { type HistoryEvent, MIN_UNCAPTURED, planHistory, writeHistory } from "./history.ts";
import { mainAccount } from "./seed.ts";

const t = setupTestDatabase();
const api = testApi(t);

const now = startOfDay(1_760_000_000) + 13 * 3600;
const small = { now, days: 40, payments: 320, seed: 7 };

const withoutIds = (text: string | null) =>
  text?.replace(/\b(ch|dp|re|po|txn)_[A-Za-z0-9]+/g, "$1_") ?? null;
const sorted = (rows: unknown[][]) =>
  rows.map((r) => JSON.stringify(r)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Every row of one account, without ids, in a stable order. */
async function rowsOf(accountId: string) {
  const of = <T extends "balance_transactions" | "charges" | "refunds" | "disputes" | "payouts">(
    table: T,
  ) =>
    t.db
      .selectFrom(table as "charges")
      .selectAll()
      .where("account_id", "=", accountId)
      .execute();
  const ledger = await t.db
    .selectFrom("balance_transactions")
    .selectAll()
    .where("account_id", "=", accountId)
    .execute();
  const daily = await sql<Record<string, unknown>>`
    select currency, day, net, low, first_at, last_at from balance_daily
    where account_id = ${accountId}`.execute(t.db);
  const schedule = await t.db
    .selectFrom("payout_schedules")
    .select(["interval", "delay_days", "weekly_anchor", "monthly_anchor", "updated"])
    .where("account_id", "=", accountId)
    .execute();
  return {
    ledger: sorted(
      ledger.map((r) => [
        r.type,
        r.amount,
        r.fee,
        r.net,
        r.currency,
        r.reporting_category,
        withoutIds(r.description),
        r.available_on,
        r.created,
      ]),
    ),
    daily: sorted(daily.rows.map((r) => Object.values(r))),
    charges: sorted(
      (await of("charges")).map((r) => [
        r.created,
        r.amount,
        r.amount_captured,
        r.amount_refunded,
        r.captured,
        r.status,
        r.customer_email,
        r.customer_name,
        r.payment_method,
        r.payment_method_details,
        r.description,
        r.metadata,
        r.failure_code,
        r.failure_message,
        r.balance_transaction === null,
        r.payment_status,
        r.captured_at,
        r.canceled_at,
      ]),
    ),
    refunds: sorted(
      (
        await t.db.selectFrom("refunds").selectAll().where("account_id", "=", accountId).execute()
      ).map((r) => [r.created, r.amount, r.currency, r.reason, r.status, r.metadata]),
    ),
    disputes: sorted(
      (
        await t.db.selectFrom("disputes").selectAll().where("account_id", "=", accountId).execute()
      ).map((r) => [
        r.created,
        r.amount,
        r.status,
        r.reason,
        r.due_by,
        r.evidence,
        r.evidence_submitted_at,
        r.withdrawal === null,
        r.reinstatement === null,
        r.metadata,
        r.closed_at,
      ]),
    ),
    payouts: sorted(
      (
        await t.db.selectFrom("payouts").selectAll().where("account_id", "=", accountId).execute()
      ).map((r) => [
        r.created,
        r.amount,
        r.method,
        r.automatic,
        r.description,
        r.statement_descriptor,
        r.submitted_at,
        r.arrival_date,
        r.canceled_at,
        r.destination === null,
        r.metadata,
      ]),
    ),
    schedule,
  };
}

/** Makes each call of the plan through the API, moving the sandbox clock to its time. */
async function replay(events: HistoryEvent[], start: number) {
  api.clock.now = start - 3600;
  const p = await api.platform();
  const accountId = await createEnabledAccount(t.db, p.platform.id, mainAccount, api.clock.now);
  const as = { key: p.secretKey, headers: { [api.headers.account]: accountId } };
  const ids = new Map<string, string>();
  let clock = api.clock.now;
  const moveTo = async (at: number) => {
    if (at <= clock) return;
    const r = await api.post("/v1/test_helpers/clock/advance", {
      key: p.secretKey,
      params: { to: at },
    });
    expect(r.status).toBe(200);
    clock = at;
  };
  for (const e of events) {
    if (e.kind === "automatic") continue; // the clock runs the schedule at each day's start
    await moveTo(e.at);
    const post = (path: string, params: Record<string, unknown> = {}) =>
      api.post(path, { ...as, params });
    let r: Awaited<ReturnType<typeof post>>;
    switch (e.kind) {
      case "charge":
        r = await post("/v1/charges", {
          amount: e.amount,
          currency: "usd",
          payment_method: e.paymentMethod,
          capture: String(e.capture),
          customer: e.customer,
          description: e.description,
          metadata: e.metadata,
        });
        if (r.status === 200) ids.set(e.key, r.body.id);
        else expect(r.body.error.type).toBe("card_error");
        continue;
      case "refund":
        r = await post("/v1/refunds", {
          charge: ids.get(e.charge),
          amount: e.amount,
          reason: e.reason,
        });
        break;
      case "dispute":
        r = await post(`/v1/test_helpers/charges/${ids.get(e.charge)}/dispute`, {
          status: e.status,
          reason: e.reason,
        });
        ids.set(e.key, r.body.id);
        break;
      case "escalate":
        r = await post(`/v1/test_helpers/disputes/${ids.get(e.dispute)}/escalate`);
        break;
      case "submit":
        r = await post(`/v1/disputes/${ids.get(e.dispute)}`, {
          evidence: e.evidence,
          submit: "true",
        });
        break;
      case "resolve":
        r = await post(`/v1/test_helpers/disputes/${ids.get(e.dispute)}/resolve`, {
          outcome: e.outcome,
        });
        break;
      case "close":
        r = await post(`/v1/disputes/${ids.get(e.dispute)}/close`);
        break;
      case "instant_payout":
        r = await post("/v1/payouts", { amount: e.amount, method: "instant" });
        break;
      case "schedule":
        r = await post("/v1/payout_schedule", {
          interval: e.interval,
          weekly_anchor: e.weeklyAnchor,
        });
        break;
    }
    expect(r.status, `${e.kind} at ${e.at}: ${JSON.stringify(r.body)}`).toBe(200);
  }
  await moveTo(now);
  return { accountId, platformId: p.platform.id };
}

describe("the seeded history", () => {
  it("is deterministic: the same options plan the same calls", () => {
    const a = planHistory(small);
    const b = planHistory(small);
    expect(a.events).toEqual(b.events);
    expect(a.events.filter((e) => e.kind === "charge")).toHaveLength(small.payments);
    expect(planHistory({ ...small, seed: 8 }).events).not.toEqual(a.events);
  });

  it("always has uncaptured payments among the newest and disputed ones, whatever the seed and size", () => {
    for (const options of [
      small,
      { ...small, seed: 8 },
      { now, days: 40, payments: 200, seed: 1 },
    ]) {
      const plan = planHistory(options);
      const charges = plan.events.filter((e) => e.kind === "charge");
      const uncaptured = charges.filter((c) => !c.capture);
      expect(uncaptured.length).toBeGreaterThanOrEqual(MIN_UNCAPTURED);
      expect(plan.events.some((e) => e.kind === "dispute")).toBe(true);
    }
  });

  it("writes exactly the rows the API writes for the same calls (fees, available_on, payouts, disputes, the daily summary)", async () => {
    const plan = planHistory(small);
    const kinds = new Set(plan.events.map((e) => e.kind));
    for (const kind of ["charge", "refund", "dispute", "submit", "resolve", "close", "automatic"]) {
      expect(kinds, kind).toContain(kind);
    }
    const replayed = await replay(plan.events, plan.start);
    const seededId = await createEnabledAccount(
      t.db,
      replayed.platformId,
      mainAccount,
      plan.start - DAY,
    );
    await writeHistory(
      t.db,
      { platformId: replayed.platformId, accountId: seededId, livemode: false },
      plan.model,
    );
    const seeded = await rowsOf(seededId);
    const viaApi = await rowsOf(replayed.accountId);
    expect(seeded.charges.length).toBe(small.payments);
    expect(seeded.payouts.length).toBeGreaterThan(5);
    for (const key of Object.keys(seeded) as (keyof typeof seeded)[]) {
      expect(seeded[key], key).toEqual(viaApi[key]);
    }
  }, 120_000);
});

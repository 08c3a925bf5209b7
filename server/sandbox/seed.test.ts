import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { monthStart } from "../documents/tax-invoices.ts";
import { DAY, startOfDay } from "../money/ledger.ts";
import { cardFee } from "../money/payment-methods.ts";
import { disputeStatus } from "../money/render.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { onboardingStates } from "./account-states.ts";
import { fullHistory, historyStart } from "./history.ts";
import { isEmptyDatabase, resetAllData, SandboxError, seedIfEmpty, seedSandbox } from "./seed.ts";

const t = setupTestDatabase();
const api = testApi(t);

const accountHeader = (id: string) => ({ [api.headers.account]: id });

/** Each balance equals the sum of its rows, and no available balance is negative, ever. */
async function checkLedger(accountId: string, key: string, now: number) {
  const rows = await t.db
    .selectFrom("balance_transactions")
    .select(["net", "available_on", "currency"])
    .where("account_id", "=", accountId)
    .orderBy("available_on")
    .execute();
  const balance = (await api.get("/v1/balance", { key, headers: accountHeader(accountId) })).body;
  const sum = (list: typeof rows) => list.reduce((s, r) => s + r.net, 0);
  expect(balance.available).toEqual([
    { amount: sum(rows.filter((r) => r.available_on <= now)), currency: "usd" },
  ]);
  expect(balance.pending).toEqual([
    { amount: sum(rows.filter((r) => r.available_on > now)), currency: "usd" },
  ]);
  let running = 0;
  for (let i = 0; i < rows.length; i++) {
    running += rows[i]!.net;
    // At each moment rows mature (after all rows of that moment), the balance is >= 0.
    if (rows[i + 1]?.available_on !== rows[i]!.available_on) {
      expect(running, `at ${rows[i]!.available_on}`).toBeGreaterThanOrEqual(0);
    }
  }
  return rows.length;
}

describe("the sandbox seed", () => {
  it("seeds a demo platform with keys, accounts in every onboarding state, and ≥ 5,000 payments of six months with refunds, disputes in every state and payouts; every balance equals the sum of its rows and none is negative", async () => {
    const now = startOfDay(1_760_000_000) + 15 * 3600;
    api.clock.now = now;
    const started = performance.now();
    const info = await seedSandbox(t.db, { now });
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(60); // the target is ~30 s on PGlite; this only catches a blow-up
    expect(info.secretKey).toMatch(/^sk_test_/);
    expect(info.publishableKey).toMatch(/^pk_test_/);

    // Accounts: the main one, then every type in every onboarding state.
    expect(info.accounts[0]).toMatchObject({ id: info.mainAccountId, state: "enabled" });
    for (const type of ["custom", "express", "standard"]) {
      for (const state of onboardingStates) {
        expect(info.accounts.some((a) => a.type === type && a.state === state)).toBe(true);
      }
    }
    const listed = await api.get("/v1/accounts", { key: info.secretKey, params: { limit: 100 } });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(info.accounts.length);

    const main = info.mainAccountId;
    const charges = await t.db
      .selectFrom("charges")
      .selectAll()
      .where("account_id", "=", main)
      .execute();
    expect(charges.length).toBeGreaterThanOrEqual(5_000);
    expect(Math.min(...charges.map((c) => c.created))).toBeLessThan(now - 180 * DAY);
    const brands = new Set(charges.map((c) => c.payment_method_details.card.brand));
    expect([...brands].sort()).toEqual(["amex", "discover", "mastercard", "visa"]);
    expect(charges.filter((c) => c.status === "failed").length).toBeGreaterThan(10);
    expect(charges.filter((c) => c.status === "succeeded" && !c.captured).length).toBeGreaterThan(
      0,
    );
    expect(charges.every((c) => c.customer_name && c.customer_email?.includes("@"))).toBe(true);

    // Each captured charge's ledger row: the card fee, available two days after its day.
    const ledger = new Map(
      (
        await t.db
          .selectFrom("balance_transactions")
          .selectAll()
          .where("account_id", "=", main)
          .execute()
      ).map((r) => [r.id, r]),
    );
    for (const c of charges.filter((c) => c.captured)) {
      const row = ledger.get(c.balance_transaction!)!;
      expect([row.amount, row.fee, row.available_on]).toEqual([
        c.amount_captured,
        cardFee(c.amount_captured),
        startOfDay(c.created) + 2 * DAY,
      ]);
    }

    const refunds = await t.db
      .selectFrom("refunds")
      .selectAll()
      .where("account_id", "=", main)
      .execute();
    const byCharge = new Map(charges.map((c) => [c.id, c]));
    const full = refunds.filter((r) => r.amount === byCharge.get(r.charge)!.amount_captured);
    expect(full.length).toBeGreaterThan(20);
    expect(refunds.length - full.length).toBeGreaterThan(20);

    const disputes = await t.db
      .selectFrom("disputes")
      .selectAll()
      .where("account_id", "=", main)
      .execute();
    const states = new Set(disputes.map((d) => disputeStatus(d, now)));
    // The disputes list has some to answer on the main account (a response, or an acceptance).
    expect(
      disputes.filter((d) => disputeStatus(d, now) === "needs_response").length,
    ).toBeGreaterThanOrEqual(2);
    expect([...states].sort()).toEqual(
      [
        "lost",
        "needs_response",
        "under_review",
        "warning_closed",
        "warning_needs_response",
        "won",
      ].sort(),
    );

    const payouts = await t.db
      .selectFrom("payouts")
      .selectAll()
      .where("account_id", "=", main)
      .execute();
    const automatic = payouts.filter((p) => p.automatic);
    const weekdays = new Set(automatic.map((p) => new Date(p.created * 1000).getUTCDay()));
    expect(weekdays.size).toBe(7); // daily at first
    const lastMonth = automatic.filter((p) => p.created > now - 30 * DAY);
    expect(lastMonth.length).toBeGreaterThanOrEqual(4);
    expect(lastMonth.every((p) => new Date(p.created * 1000).getUTCDay() === 5)).toBe(true);
    expect(payouts.filter((p) => p.method === "instant").length).toBeGreaterThanOrEqual(3);
    const schedule = await api.get("/v1/payout_schedule", {
      key: info.secretKey,
      headers: accountHeader(main),
    });
    expect(schedule.body).toMatchObject({ interval: "weekly", weekly_anchor: "friday" });

    expect(await checkLedger(main, info.secretKey, now)).toBeGreaterThan(5_000);
    // Its documents: a tax invoice for each month of the history that has ended, from its fees.
    const invoices = await api.get("/v1/tax_invoices", {
      key: info.secretKey,
      headers: accountHeader(main),
      params: { limit: 100 },
    });
    const months = new Set<number>();
    for (let t = historyStart(now, fullHistory.days); t < monthStart(now); t += DAY)
      months.add(monthStart(t));
    expect(invoices.body.data.map((i: { period_start: number }) => i.period_start)).toEqual(
      [...months].sort((a, b) => b - a),
    );
    const kinds = new Set(
      invoices.body.data.flatMap((i: { lines: { kind: string }[] }) => i.lines.map((l) => l.kind)),
    );
    expect([...kinds].sort()).toEqual([
      "dispute_fees",
      "instant_payout_fees",
      "payment_fees",
      "refunded_payment_fees",
    ]);
    // The balance at moments in the past, as the clock saw them then, was never negative.
    const list = await api.get("/v1/charges", {
      key: info.secretKey,
      headers: accountHeader(main),
      params: { limit: 3 },
    });
    expect(list.body.data).toHaveLength(3);
    expect(list.body.has_more).toBe(true);
  }, 120_000);

  it("seedIfEmpty seeds an empty database and writes the keys to the sandbox file; later it returns them without seeding", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sandbox-"));
    const file = join(dir, "sandbox.json");
    try {
      expect(await isEmptyDatabase(t.db)).toBe(true);
      const first = await seedIfEmpty(t.db, file, { payments: 60 });
      const saved = JSON.parse(await readFile(file, "utf8"));
      expect(saved).toEqual(first);
      expect((await stat(file)).mode & 0o077).toBe(0);
      const again = await seedIfEmpty(t.db, file, { payments: 60 });
      expect(again).toEqual(first);
      expect(await t.db.selectFrom("platforms").select("id").execute()).toHaveLength(1);
      await rm(file);
      await expect(seedIfEmpty(t.db, file)).rejects.toBeInstanceOf(SandboxError);
      await resetAllData(t.db);
      expect(await isEmptyDatabase(t.db)).toBe(true);
      expect(await t.db.selectFrom("charges").select("id").execute()).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("POST /v1/test_helpers/sandbox/reset deletes the platform's connected accounts and their objects and seeds them again, leaving other platforms alone", async () => {
    const info = await seedSandbox(t.db, { now: api.clock.now, payments: 80 });
    const other = await api.platform();
    const otherAccount = (
      await api.post("/v1/accounts", { key: other.secretKey, params: { type: "custom" } })
    ).body.id;
    await api.post("/v1/charges", {
      key: other.secretKey,
      headers: accountHeader(otherAccount),
      params: { amount: 5_000, currency: "usd", payment_method: "pm_card_visa" },
    });
    // A session of the old main account, which the reset must remove with it.
    await api.post("/v1/account_sessions", {
      key: info.secretKey,
      params: { account: info.mainAccountId, components: { payments: { enabled: "true" } } },
    });

    const r = await api.post("/v1/test_helpers/sandbox/reset", {
      key: info.secretKey,
      params: { payments: 50 },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: "sandbox_reset",
      deleted_accounts: info.accounts.length,
    });
    expect(r.body.accounts).toHaveLength(info.accounts.length);
    expect(r.body.main_account).not.toBe(info.mainAccountId);
    const old = await api.get(`/v1/accounts/${info.mainAccountId}`, { key: info.secretKey });
    expect(old.status).toBe(404);
    const mainCharges = await t.db
      .selectFrom("charges")
      .select("id")
      .where("account_id", "=", r.body.main_account)
      .execute();
    expect(mainCharges).toHaveLength(50);
    expect(
      await t.db
        .selectFrom("account_sessions")
        .select("id")
        .where("platform_id", "=", info.platformId)
        .execute(),
    ).toEqual([]);
    await checkLedger(r.body.main_account, info.secretKey, api.clock.now);
    // The other platform's account and charge are untouched; the keys still work.
    const otherCharges = await api.get("/v1/charges", {
      key: other.secretKey,
      headers: accountHeader(otherAccount),
    });
    expect(otherCharges.body.data).toHaveLength(1);
  }, 60_000);

  it("the reset takes the secret key only, without an account header, and refuses bad input, changing nothing", async () => {
    const info = await seedSandbox(t.db, { now: api.clock.now, payments: 20 });
    const count = async () => (await t.db.selectFrom("charges").select("id").execute()).length;
    const before = await count();
    const publishable = await api.post("/v1/test_helpers/sandbox/reset", {
      key: info.publishableKey,
    });
    expect(publishable.status).toBe(403);
    const withAccount = await api.post("/v1/test_helpers/sandbox/reset", {
      key: info.secretKey,
      headers: accountHeader(info.mainAccountId),
    });
    expect(withAccount.status).toBe(400);
    expect(withAccount.body.error.code).toBe("account_not_allowed");
    for (const payments of ["-1", "lots", "20001"]) {
      const bad = await api.post("/v1/test_helpers/sandbox/reset", {
        key: info.secretKey,
        params: { payments },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.param).toBe("payments");
    }
    expect(await count()).toBe(before);
  });
});

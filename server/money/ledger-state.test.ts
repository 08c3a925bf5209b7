/**
 * `readMoney` reads in one statement what the balance and the payout read in several: its
 * answers must be theirs, for every seeded account (the main one with its history, the
 * others in every onboarding state), at instants where days are available, pending and
 * straddled, and across a payout failure that falls due.
 */
import { describe, expect, it } from "vitest";
import { payoutDestination } from "../accounts/destination.ts";
import { seedSandbox } from "../sandbox/seed.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { balanceOf, DAY, startOfDay, summarizeBalance, summarizeDays } from "./ledger.ts";
import { readMoney, settledBalance } from "./ledger-state.ts";
import { connectedAccount, failingBankAccount } from "./money-test.ts";
import { dueFailures } from "./payout-failures.ts";

const t = setupTestDatabase();
const api = testApi(t);

describe("the money read in one statement", () => {
  it("answers each seeded account's days, balance, instant payouts and destinations as the separate reads do", async () => {
    const now = 1_760_000_000;
    const seeded = await seedSandbox(t.db, { now, payments: 300, days: 20 });
    expect(seeded.accounts.length).toBeGreaterThan(10);
    let instantSeen = 0;
    // Now, an instant inside a day (its rows straddle it), and later days still pending.
    for (const at of [now, now + 1234, startOfDay(now) + 3 * DAY + 17, now - 5 * DAY]) {
      for (const { id } of seeded.accounts) {
        const read = await readMoney(t.db, id, at, { instant: true });
        instantSeen += read.instantUsed.size;
        const failuresDue = await dueFailures(t.db, id, at).select("id").executeTakeFirst();
        expect(read.failuresDue).toBe(failuresDue !== undefined);
        expect(await summarizeDays(t.db, id, read.days, at)).toEqual(
          await summarizeBalance(t.db, id, at),
        );
        const acting = { accountId: id, platformId: seeded.platformId, livemode: false };
        if (!read.failuresDue) {
          expect(await settledBalance(t.db, acting, at)).toEqual(
            await balanceOf(t.db, id, false, at),
          );
        }
        for (const currency of ["usd", "eur", "gbp"]) {
          const one = await readMoney(t.db, id, at, { currency, destination: currency });
          expect(await summarizeDays(t.db, id, one.days, at)).toEqual(
            (await summarizeBalance(t.db, id, at)).filter((s) => s.currency === currency),
          );
          expect(one.destination?.id ?? null).toBe(
            (await payoutDestination(t.db, id, currency, at))?.id ?? null,
          );
        }
      }
    }
    // The seed's history has instant payouts: some fall in a 24-hour window read above.
    expect(instantSeen).toBeGreaterThan(0);
    const main = await readMoney(t.db, seeded.mainAccountId, now);
    expect(main.days.length).toBeGreaterThan(5);
  });

  it("says when a payout failure falls due; the balance then settles it first and reads the returned money", async () => {
    const a = await connectedAccount(api, failingBankAccount);
    await a.charge({ amount: 100_000 });
    api.clock.now = startOfDay(api.clock.now) + 3 * DAY + 3600;
    const made = await api.post("/v1/payouts", { ...a.as, params: { amount: 40_000 } });
    expect(made.status).toBe(200);
    const before = (await a.balance()).available;
    const acting = { accountId: a.accountId, platformId: a.platform.id, livemode: false };
    const submitted = made.body.arrival_date - 1;
    expect((await readMoney(t.db, a.accountId, submitted)).failuresDue).toBe(true);
    const balance = await settledBalance(t.db, acting, submitted);
    expect(balance.available).toEqual([
      { amount: before[0]!.amount + 40_000, currency: before[0]!.currency },
    ]);
    expect((await readMoney(t.db, a.accountId, submitted)).failuresDue).toBe(false);
  });
});

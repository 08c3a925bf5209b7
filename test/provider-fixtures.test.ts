/**
 * The component tests' provider answers (test/fixtures/*.json) are recorded from the
 * reference provider, never written by hand: this test seeds a sandbox, asks the provider
 * the calls the views make, and
 *
 * - with `RECORD_FIXTURES=1`, writes what it answered into the fixtures;
 * - otherwise checks that the committed fixtures are still answers the provider gives: every
 *   object has the keys and value types of an object the provider answered now, every
 *   status is one the provider produced, and every answer parses with the view's schema.
 *
 * Ids and times differ between runs (the seed's ids are random), so the check compares
 * shapes and states, not bytes. Record again after a provider change:
 *   RECORD_FIXTURES=1 npx vitest run test/provider-fixtures.test.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "zod/mini";
import { payoutsResource } from "../machines/components/payouts-list/payouts-list.machine.ts";
import { listOf } from "../protocol/objects/api-fields.schema.ts";
import { failingBankAccount } from "../server/money/money-test.ts";
import { seedSandbox } from "../server/sandbox/seed.ts";
import { testApi } from "../server/test/api.ts";
import { setupTestDatabase } from "../server/test/db.ts";
import { type PayoutFixtures, payoutFixturesPath } from "./support/fixtures.ts";

const t = setupTestDatabase();
const api = testApi(t);

/** An object's shape: its keys and the type of each value, nested objects included. */
function shapeOf(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "array" : ["array", shapeOf(value[0])];
  if (typeof value === "object")
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shapeOf(v)]),
    );
  return typeof value;
}

const DAY = 86_400;

/** How many of the newest payouts the fixtures keep (enough for two pages of ten). */
const KEEP = 14;

async function record(): Promise<PayoutFixtures> {
  const info = await seedSandbox(t.db, { now: api.clock.now, payments: 600, days: 40 });
  const as = { key: info.secretKey, headers: { [api.headers.account]: info.mainAccountId } };
  // A payout the bank returns (the sandbox's failing account number, server/README.md):
  // added as the default account, checked after a day, paid to, submitted the next day.
  const main = `/v1/accounts/${info.mainAccountId}/external_accounts`;
  const good = (await api.get(main, as)).body.data[0].id as string;
  const failing = await api.post(main, {
    ...as,
    params: { external_account: failingBankAccount, default_for_currency: true },
  });
  expect(failing.status).toBe(200);
  api.clock.now += 2 * DAY;
  const returned = await api.post("/v1/payouts", {
    ...as,
    params: { amount: 23_456, currency: "usd", description: "Returned payout" },
  });
  expect(returned.status).toBe(200);
  api.clock.now += 2 * DAY;
  const back = await api.post(`${main}/${good}`, { ...as, params: { default_for_currency: true } });
  expect(back.status).toBe(200);
  // Two manual payouts besides the seeded (paid) ones: one still pending, one canceled.
  for (const cancel of [false, true]) {
    const created = await api.post("/v1/payouts", {
      ...as,
      params: { amount: 12_345, currency: "usd", description: "Manual payout" },
    });
    expect(created.status).toBe(200);
    if (cancel) {
      const canceled = await api.post(`/v1/payouts/${created.body.id}/cancel`, as);
      expect(canceled.status).toBe(200);
    }
  }
  const list = await api.get("/v1/payouts", {
    ...as,
    params: { limit: 100, expand: ["data.destination"] },
  });
  expect(list.status).toBe(200);
  const payouts = (list.body.data as { id: string }[]).slice(0, KEEP);
  const details: Record<string, unknown> = {};
  for (const payout of payouts) {
    const detail = await api.get(`/v1/payouts/${payout.id}`, {
      ...as,
      params: { expand: ["balance_transaction", "destination"] },
    });
    expect(detail.status).toBe(200);
    details[payout.id] = detail.body;
  }
  return { recordedAt: api.clock.now, list: payouts, details };
}

describe("the component tests' provider answers", () => {
  it("are what the reference provider answers (record with RECORD_FIXTURES=1)", async () => {
    const live = await record();
    if (process.env.RECORD_FIXTURES === "1") {
      writeFileSync(payoutFixturesPath, `${JSON.stringify(live, null, 2)}\n`);
    }
    const committed = JSON.parse(readFileSync(payoutFixturesPath, "utf8")) as PayoutFixtures;
    const liveShapes = new Set(
      [...live.list, ...Object.values(live.details)].map((o) => JSON.stringify(shapeOf(o))),
    );
    const liveStatuses = new Set(live.list.map((p) => (p as { status: string }).status));
    for (const object of [...committed.list, ...Object.values(committed.details)]) {
      expect(liveShapes).toContain(JSON.stringify(shapeOf(object)));
      expect(liveStatuses).toContain((object as { status: string }).status);
    }
    expect(committed.list.length).toBeGreaterThan(10);
    expect(Object.keys(committed.details).sort()).toEqual(
      committed.list.map((p) => (p as { id: string }).id).sort(),
    );
    // Every answer is one the views accept.
    parse(listOf(payoutsResource.item), {
      object: "list",
      url: "/v1/payouts",
      has_more: false,
      data: committed.list,
    });
    for (const detail of Object.values(committed.details)) parse(payoutsResource.item, detail);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import type { Balance } from "../../protocol/objects/balance.schema.ts";
import type { Payout } from "../../protocol/objects/payout.schema.ts";
import { PayoutsListModel } from "../../sdk/testing/payouts-list.model.ts";
import { formatMoney } from "../../ui/i18n/format.ts";
import { BalancesModel } from "./models/balances.model.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// payouts (issue 11): the balance, the schedule and the payouts list in one view, made of the
// same pieces as balances and payouts-list; checked against the provider through the API.

const example = examplePlatformTests();
const { signedIn, apiGet, apiPost } = example;

beforeAll(async () => {
  await apiPost("/v1/payout_schedule", { interval: "manual" });
  await apiPost("/v1/charges", { amount: 40_000, currency: "usd", payment_method: "pm_card_visa" });
  await apiPost("/v1/test_helpers/clock/advance", { seconds: 3 * 86_400 });
});

describe("payouts on the example platform", () => {
  it("shows the balance, the schedule and the list; a payout made there is at the top of its list and the balance equals the ledger", async () => {
    const platform = await signedIn(undefined, "payouts");
    const frame = await platform.frameOf("payouts");
    const summary = new BalancesModel(frame);
    await summary.settled();
    const list = new PayoutsListModel(frame);
    const newest = (await apiGet<{ data: Payout[] }>("/v1/payouts?limit=1")).data[0]!;
    await expect
      .poll(async () => (await list.seeRows())[0]?.amount)
      .toBe(formatMoney(newest.amount, newest.currency, "en-US"));
    expect((await summary.seeSchedule())[summary.word("nextPayout")]).toBe(
      summary.word("nextPayoutManual"),
    );

    await summary.reviewPayout(false, "12.34");
    await summary.confirmPayout(false);
    await expect
      .poll(async () => (await list.seeRows())[0]?.amount)
      .toBe(formatMoney(1_234, "usd", "en-US"));
    const made = (await apiGet<{ data: Payout[] }>("/v1/payouts?limit=1")).data[0]!;
    expect(made).toMatchObject({ amount: 1_234, method: "standard" });
    await expect
      .poll(async () => {
        const balance = await apiGet<Balance>("/v1/balance");
        const available = balance.available.find((m) => m.currency === "usd")?.amount ?? 0;
        return (
          (await summary.seeBalance())[summary.word("available")] ===
          formatMoney(available, "usd", "en-US")
        );
      })
      .toBe(true);
  });
});

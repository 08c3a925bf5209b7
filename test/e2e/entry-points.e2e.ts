import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import type { Balance } from "../../protocol/objects/balance.schema.ts";
import type { ExternalAccount } from "../../protocol/objects/external-account.schema.ts";
import type { Payout } from "../../protocol/objects/payout.schema.ts";
import type { PayoutSchedule } from "../../protocol/objects/payout-schedule.schema.ts";
import type { Topup } from "../../protocol/objects/topup.schema.ts";
import { EntryPointModel } from "./models/entry-point.model.ts";
import { messageIn } from "./models/payment-details.model.ts";
import { checkLightDarkPseudo, findOverflows, runAxe, seriousOrCritical } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// The four mobile entry points (issue 11 item 9, docs/mobile.md), each on the connect host's
// entry page in a 390 × 844 web view, with this test as the native app: it installs the iOS
// bridge before the page loads, answers each clientSecretNeeded with a secret its backend
// creates through the API, does the task as a person would, hears the events, and then checks
// the provider's state through the API.

const example = examplePlatformTests();
const { apiGet, apiPost } = example;
const DAY = 86_400;
const usd = (list: { amount: number; currency: string }[]) =>
  list.find((m) => m.currency === "usd")?.amount ?? 0;

let pages: EntryPointModel[] = [];
afterEach(async () => {
  const problems = pages.flatMap((p) => p.problems);
  await Promise.all(pages.map((p) => p.close()));
  pages = [];
  expect(problems, `console problems:\n${problems.join("\n")}`).toEqual([]);
});

beforeAll(async () => {
  // A manual schedule (moving the clock pays nothing out), and funds that become available.
  await apiPost("/v1/payout_schedule", { interval: "manual" });
  await apiPost("/v1/charges", { amount: 80_000, currency: "usd", payment_method: "pm_card_visa" });
  await apiPost("/v1/test_helpers/clock/advance", { seconds: 3 * DAY });
});

/**
 * What the app's backend does for its signed-in person: a fresh account session for the main
 * account with this entry point enabled (its feature as given), no allowed origins.
 */
function backendFor(component: string, features: Record<string, boolean> = {}) {
  return {
    async clientSecret(): Promise<string> {
      const key = component.replace(/-/g, "_");
      const params: Record<string, unknown> = {
        account: example.env.sandbox.mainAccountId,
        components: { [key]: { enabled: true, features } },
      };
      const session = await apiPost<{ client_secret: string }>("/v1/account_sessions", params);
      return session.client_secret;
    },
  };
}

async function openEntry(
  component: string,
  options: { features?: Record<string, boolean>; params?: Record<string, string> } = {},
) {
  const entry = await EntryPointModel.open(example.browser, {
    connectOrigin: example.env.connect,
    component,
    publishableKey: example.env.sandbox.publishableKey,
    native: backendFor(component, options.features),
    ...(options.params ? { params: options.params } : {}),
  });
  pages.push(entry);
  return entry;
}

const word = (id: string) => messageIn("en-US", id);

describe("the mobile entry page, driven as the native app drives it", () => {
  it("create payout: pays out the amount the person gives, with the app's purpose, and the app hears payoutcreated then exit", async () => {
    const before = await apiGet<Balance>("/v1/balance");
    const entry = await openEntry("entry-point-create-payout", {
      params: { "payout-purpose": "Weekly earnings", theme: "dark" },
    });
    const balances = await entry.balances("entry-point-create-payout");
    // The page said ready, asked for one client secret and got it.
    expect(entry.heard[0]).toEqual({
      type: "ready",
      version: 1,
      component: "entry-point-create-payout",
    });
    expect(entry.secretsGiven).toBe(1);
    // The page as the web view shows it (dark, as the app asked), its frames included.
    expect(seriousOrCritical(await runAxe(entry.page))).toEqual([]);
    expect(await findOverflows(balances.frame)).toEqual([]);
    // The form is open at once, on the whole available balance.
    const form = entry.form(balances.frame, word("balances.payOut"));
    const amount = form.getByRole("textbox", { name: word("balances.amount") });
    await amount.waitFor();
    await amount.fill("125.00");
    await form.getByRole("button", { name: word("balances.payOut"), exact: true }).tap();
    await balances.confirmPayout(false);
    expect(await entry.seeDone(balances.frame)).toBe(word("taskScreen.payoutMade"));

    const { payoutId } = await entry.heardEvent<{ payoutId: string }>("payoutcreated");
    const payout = await apiGet<Payout>(`/v1/payouts/${payoutId}`);
    expect(payout).toMatchObject({
      amount: 12_500,
      currency: "usd",
      method: "standard",
      description: "Weekly earnings",
    });
    const after = await apiGet<Balance>("/v1/balance");
    expect(usd(after.available)).toBe(usd(before.available) - 12_500);
    // The figures on screen are the provider's after the payout.
    await balances.settled();
    expect((await balances.seeBalance())[word("balances.available")]).toBe(
      new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(
        usd(after.available) / 100,
      ),
    );
    await entry.pressDone(balances.frame);
    await expect
      .poll(() => entry.events().at(-1))
      .toEqual({
        name: "exit",
        detail: { completed: true },
      });
  });

  it("edit payout schedule: Cancel tells the app exit without a change; then weekly on Fridays is saved and heard", async () => {
    const entry = await openEntry("entry-point-edit-payout-schedule");
    const balances = await entry.balances("entry-point-edit-payout-schedule");
    const form = entry.form(balances.frame, word("balances.editSchedule"));
    await form.waitFor();
    await form.getByRole("button", { name: word("balances.cancel"), exact: true }).tap();
    await expect
      .poll(() => entry.events().at(-1))
      .toEqual({
        name: "exit",
        detail: { completed: false },
      });
    expect((await apiGet<PayoutSchedule>("/v1/payout_schedule")).interval).toBe("manual");

    // The app left the web view open: the person starts again.
    await balances.reviewSchedule({ interval: "weekly", weekday: "Friday" });
    await balances.confirmSchedule();
    expect(await entry.seeDone(balances.frame)).toBe(word("taskScreen.scheduleSaved"));
    expect(await entry.heardEvent("payoutschedulechanged")).toEqual({ interval: "weekly" });
    expect(await apiGet<PayoutSchedule>("/v1/payout_schedule")).toMatchObject({
      interval: "weekly",
      weekly_anchor: "friday",
    });
    expect((await balances.seeSchedule())[word("balances.schedule")]).toContain("Friday");
    await apiPost("/v1/payout_schedule", { interval: "manual" });
  });

  it("add funds: in the app's selected currency, the top-up is pending at the provider and the app hears fundsadded", async () => {
    const before = await apiGet<Balance>("/v1/balance");
    const entry = await openEntry("entry-point-add-funds", {
      features: { enable_topups: true },
      params: { "selected-currency": "usd" },
    });
    const balances = await entry.balances("entry-point-add-funds");
    const form = entry.form(balances.frame, word("balances.addFunds"));
    await form.getByRole("textbox", { name: word("balances.amount") }).fill("40.00");
    await form.getByRole("button", { name: word("balances.addFunds"), exact: true }).tap();
    await balances.confirmAddFunds();
    expect(await entry.seeDone(balances.frame)).toBe(word("taskScreen.fundsAdded"));
    const { topupId } = await entry.heardEvent<{ topupId: string }>("fundsadded");
    expect(await apiGet<Topup>(`/v1/topups/${topupId}`)).toMatchObject({
      amount: 4_000,
      currency: "usd",
      status: "pending",
    });
    const after = await apiGet<Balance>("/v1/balance");
    expect(usd(after.pending)).toBe(usd(before.pending) + 4_000);
    expect(usd(after.available)).toBe(usd(before.available));
  });

  it("add funds where the session leaves enable_topups off: no form, only why funds cannot be added", async () => {
    const entry = await openEntry("entry-point-add-funds");
    const balances = await entry.balances("entry-point-add-funds");
    await balances.frame.getByText(word("balances.topupRefused")).waitFor();
    expect(await entry.form(balances.frame, word("balances.addFunds")).count()).toBe(0);
  });

  it("edit payout destination: the new bank account, verified by the code its user got, is the default for USD, and the app hears it", async () => {
    const account = example.env.sandbox.mainAccountId;
    await example.providerUser("entry-owner@example.com", "correct horse", { account });
    const banks = () =>
      example.listAll<ExternalAccount>(
        `/v1/accounts/${account}/external_accounts`,
        "object=bank_account",
      );
    const before = await banks();
    const entry = await openEntry("entry-point-edit-payout-destination");
    const balances = await entry.balances("entry-point-edit-payout-destination");
    // No provider-user sign-in: the web view is already authenticated.
    await balances.startReplacingBankAccount();
    await balances.fillUsBankAccount({
      holder: "Grace Hopper",
      routing: "110000000",
      account: "000555444321",
    });
    await balances.continueToVerification();
    await balances.accountStep("verifyTitle").waitFor();
    const { code } = await apiGet<{ code: string }>(
      `${endpoints.externalAccountChallengeCode}?account=${encodeURIComponent(account)}`,
    );
    await balances.confirmCode(code);
    expect(await entry.seeDone(balances.frame)).toBe(
      balances.accountWord("saved", { currency: "USD", last4: "4321" }),
    );
    const after = await banks();
    const added = after.filter((b) => !before.some((o) => o.id === b.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ last4: "4321", currency: "usd", default_for_currency: true });
    expect(await entry.heardEvent("payoutdestinationchanged")).toEqual({
      externalAccountId: added[0]!.id,
      currency: "usd",
    });
  });

  it("tells the app why it cannot start, and hears a bad attribute as an inputerror naming it", async () => {
    const wrong = await openEntry("payments");
    await expect.poll(() => wrong.heard[0]?.type).toBe("failed");
    expect(wrong.heard[0]).toMatchObject({ code: "invalid_parameter" });
    expect(wrong.secretsGiven).toBe(0);

    const bad = await openEntry("entry-point-add-funds", {
      features: { enable_topups: true },
      params: { "selected-currency": "US Dollars" },
    });
    await expect
      .poll(() => JSON.stringify(bad.events().find((e) => e.name === "inputerror")))
      .toContain("selected-currency");
    // Not applied: the form opens in the first currency funds can be added in.
    const balances = await bad.balances("entry-point-add-funds");
    await bad.form(balances.frame, word("balances.addFunds")).waitFor();
    bad.problems.splice(0);
  });
});

describe("the entry points on the example platform's Mobile app page", () => {
  it("pass axe in light, dark and the pseudo-locale, and do not overflow at 360px", async () => {
    const platform = await example.signedIn(undefined, "mobile");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const names = [
      "entry-point-create-payout",
      "entry-point-add-funds",
      "entry-point-edit-payout-schedule",
      "entry-point-edit-payout-destination",
    ];
    const frames = [];
    for (const name of names) frames.push(await platform.frameOf(name));
    const schedule = frames[2]!;
    await checkLightDarkPseudo(platform, frames, () => schedule.locator("h1").first().innerText());
  });
});

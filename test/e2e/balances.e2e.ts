import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import type { Balance } from "../../protocol/objects/balance.schema.ts";
import type { ExternalAccount } from "../../protocol/objects/external-account.schema.ts";
import type { Payout } from "../../protocol/objects/payout.schema.ts";
import type { PayoutSchedule } from "../../protocol/objects/payout-schedule.schema.ts";
import type { Topup } from "../../protocol/objects/topup.schema.ts";
import { instantPayoutFee } from "../../protocol/payouts.ts";
import { provider } from "../../protocol/provider.ts";
import { formatMoney } from "../../ui/i18n/format.ts";
import { BalancesModel } from "./models/balances.model.ts";
import { messageIn } from "./models/payment-details.model.ts";
import { type PlatformPage, pseudoAccents } from "./models/platform.model.ts";
import { findOverflows, runAxe, seriousOrCritical } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// balances (issue 11, the money-out family) on the example platform's dashboard, in Debian's
// Chromium, as a person uses it; after each step what it shows is checked against the
// provider's ledger through the API (secret key, the account's header).

const example = examplePlatformTests();
const { signedIn, apiGet, apiPost } = example;

const DAY = 86_400;
/** A seeded US account other than the main one, paying out to a debit card only. */
let cardOnly: { id: string; label: string };

const usd = (minor: number, locale = "en-US") => formatMoney(minor, "usd", locale);
const amountIn = (list: { amount: number; currency: string }[]) =>
  list.find((m) => m.currency === "usd")?.amount ?? 0;

beforeAll(async () => {
  const { env } = example;
  // Manual schedules, so moving the clock makes no automatic payout of these funds.
  await apiPost("/v1/payout_schedule", { interval: "manual" });
  await apiPost("/v1/charges", { amount: 60_000, currency: "usd", payment_method: "pm_card_visa" });
  for (const account of env.sandbox.accounts) {
    if (account.id === env.sandbox.mainAccountId || account.state !== "enabled") continue;
    const found = await apiGet<{ country: string }>(`/v1/accounts/${account.id}`);
    if (found.country === "US") {
      cardOnly = account;
      break;
    }
  }
  const as = { account: cardOnly.id };
  await apiPost("/v1/payout_schedule", { interval: "manual" }, as);
  await apiPost(
    `/v1/accounts/${cardOnly.id}/external_accounts`,
    { external_account: "tok_visa_debit", default_for_currency: true },
    as,
  );
  const banks = await example.listAll<ExternalAccount>(
    `/v1/accounts/${cardOnly.id}/external_accounts`,
    "object=bank_account",
    as,
  );
  for (const bank of banks) {
    const gone = await fetch(`${env.api}/v1/accounts/${cardOnly.id}/external_accounts/${bank.id}`, {
      method: "DELETE",
      headers: {
        Authorization: `Bearer ${env.sandbox.secretKey}`,
        [provider.headers.account]: cardOnly.id,
      },
    });
    expect(gone.status).toBe(200);
  }
  // The platform's own per-account setting (its backend then turns the session's switch on).
  await apiPost(
    `/v1/accounts/${cardOnly.id}`,
    { metadata: { platform_debit_card_instant_payouts: "off" } },
    as,
  );
  await apiPost(
    "/v1/charges",
    { amount: 30_000, currency: "usd", payment_method: "pm_card_visa" },
    as,
  );
  // The funds of both charges become available.
  await apiPost("/v1/test_helpers/clock/advance", { seconds: 3 * DAY });
});

/** The balances view of the dashboard, once its figures are shown. */
async function balancesOf(platform: PlatformPage, locale = "en-US") {
  const model = new BalancesModel(await platform.frameOf("balances"), locale);
  await model.settled();
  return model;
}

/** What the view shows equals the provider's balance (polled: a reload may be under way). */
async function expectLedger(model: BalancesModel, account?: string) {
  await expect
    .poll(async () => {
      const balance = await apiGet<Balance>("/v1/balance", account ? { account } : {});
      const shown = await model.seeBalance();
      return (
        shown[model.word("available")] === usd(amountIn(balance.available)) &&
        shown[model.word("pending")] === usd(amountIn(balance.pending)) &&
        shown[model.word("instantAvailable")] === usd(amountIn(balance.instant_available))
      );
    })
    .toBe(true);
}

/** What the dashboard heard from the promotion's events. */
const promotionEvents = (platform: PlatformPage) =>
  platform.page.locator('section[aria-label="instant-payouts-promotion"] output');

const allPayouts = () => example.listAll<Payout>("/v1/payouts");

/**
 * The payouts made since `before` (the ids listed then), as method and amount. Not "the
 * newest": payouts made within one second of the sandbox clock share `created`, and the
 * list's order among them is by id.
 */
const madeSince = async (before: readonly Payout[]) => {
  const known = new Set(before.map((p) => p.id));
  return (await allPayouts()).filter((p) => !known.has(p.id));
};
const methodsAndAmounts = (payouts: readonly Payout[]) =>
  payouts.map((p) => [p.method, p.amount, p.status]);

describe("balances on the example platform", () => {
  it("a manual payout, then an instant payout with its fee shown first, then a weekly schedule on Fridays: after each step the view equals the ledger", async () => {
    const platform = await signedIn(undefined, "payouts");
    const balances = await balancesOf(platform);
    await expectLedger(balances);

    let before = await allPayouts();
    await balances.reviewPayout(false, "10.00");
    await balances.confirmPayout(false);
    await expect
      .poll(async () => methodsAndAmounts(await madeSince(before)))
      .toEqual([["standard", 1_000, "pending"]]);
    await expectLedger(balances);

    const dialog = await balances.reviewPayout(true, "50.00");
    const fee = instantPayoutFee(5_000);
    // The fee and the total are shown before the person confirms.
    expect(await dialog.innerText()).toContain(usd(fee));
    expect(await dialog.innerText()).toContain(usd(5_000 + fee));
    before = await allPayouts();
    await balances.confirmPayout(true);
    await expect
      .poll(async () => methodsAndAmounts(await madeSince(before)).map(([m, a]) => [m, a]))
      .toEqual([["instant", 5_000]]);
    await expectLedger(balances);

    await balances.reviewSchedule({ interval: "weekly", weekday: "Friday" });
    await balances.confirmSchedule();
    await expect
      .poll(async () => (await apiGet<PayoutSchedule>("/v1/payout_schedule")).weekly_anchor)
      .toBe("friday");
    const schedule = await apiGet<PayoutSchedule>("/v1/payout_schedule");
    expect(schedule.interval).toBe("weekly");
    await expect
      .poll(async () => (await balances.seeSchedule())[balances.word("schedule")])
      .toBe(`${balances.word("interval.weekly")} · Friday`);
    await expectLedger(balances);
  });

  it("in fr-FR, more than is available and a 32nd of the month are refused in French, and nothing changes at the provider", async () => {
    const platform = await signedIn(undefined, "payouts");
    await platform.chooseLocale("fr-FR");
    const balances = await balancesOf(platform, "fr-FR");
    const payouts = await example.listAll<Payout>("/v1/payouts");
    const before = await apiGet<Balance>("/v1/balance");
    const schedule = await apiGet<PayoutSchedule>("/v1/payout_schedule");

    await balances.reviewPayout(false, "900000");
    await balances.confirmPayout(false).catch(() => undefined);
    await expect.poll(() => balances.seeErrors()).toContain(balances.word("balanceInsufficient"));
    platform.takeProblems(/status of 400/);
    expect((await example.listAll<Payout>("/v1/payouts")).length).toBe(payouts.length);
    expect(amountIn((await apiGet<Balance>("/v1/balance")).available)).toBe(
      amountIn(before.available),
    );

    await balances.reviewSchedule({ interval: "monthly", monthDay: "32" });
    await expect.poll(async () => (await balances.seeErrors()).join(" ")).toContain("31");
    expect(await apiGet<PayoutSchedule>("/v1/payout_schedule")).toEqual(schedule);
  });

  it("with instant_payouts_to_debit_cards_disabled and only a debit card, no instant payout is offered (a standard one is), nor adding funds", async () => {
    const platform = await signedIn(cardOnly.label, "payouts");
    const balances = await balancesOf(platform);
    const balance = await apiGet<Balance>("/v1/balance", { account: cardOnly.id });
    expect(amountIn(balance.instant_available)).toBeGreaterThan(0);
    await expectLedger(balances, cardOnly.id);
    expect(await balances.offersInstantPayout()).toBe(false);
    // The platform bears this account's losses: its session does not offer adding funds.
    expect(await balances.offersAddFunds()).toBe(false);
    await expect
      .poll(() => balances.frame.getByRole("button", { name: balances.word("payOut") }).count())
      .toBe(1);
  });

  it("adds funds as a person: the top-up is pending at the provider, and the balance's pending amount rose by it", async () => {
    const platform = await signedIn(undefined, "payouts");
    const balances = await balancesOf(platform);
    const before = await apiGet<Balance>("/v1/balance");
    const known = new Set((await example.listAll<Topup>("/v1/topups")).map((t) => t.id));
    const dialog = await balances.reviewAddFunds("25.00");
    // The confirmation names the amount before anything moves.
    expect(await dialog.innerText()).toContain(usd(2_500));
    expect((await example.listAll<Topup>("/v1/topups")).length).toBe(known.size);
    await balances.confirmAddFunds();
    const added = async () =>
      (await example.listAll<Topup>("/v1/topups")).filter((t) => !known.has(t.id));
    await expect
      .poll(async () => (await added()).map((t) => [t.amount, t.currency, t.status]))
      .toEqual([[2_500, "usd", "pending"]]);
    const after = await apiGet<Balance>("/v1/balance");
    expect(amountIn(after.pending)).toBe(amountIn(before.pending) + 2_500);
    expect(amountIn(after.available)).toBe(amountIn(before.available));
    await expectLedger(balances);
  });

  it("passes axe in light, dark and the pseudo-locale, and does not overflow at 360px", async () => {
    const platform = await signedIn(undefined, "payouts");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const balances = await balancesOf(platform);
    // The forms open too: their fields and buttons are checked as well.
    await balances.frame
      .getByRole("button", { name: balances.word("editSchedule"), exact: true })
      .press("Enter");
    // And adding funds (the seeded main account's losses are the provider's).
    await balances.frame
      .getByRole("button", { name: balances.word("addFunds"), exact: true })
      .press("Enter");
    // And the payout account's first step (the provider user's sign-in).
    await balances.startReplacingBankAccount();
    expect(seriousOrCritical(await runAxe(balances.frame))).toEqual([]);
    expect(await findOverflows(balances.frame)).toEqual([]);
    await platform.setDarkTheme(true);
    expect(seriousOrCritical(await runAxe(balances.frame))).toEqual([]);
    await platform.chooseLocale("en-XA");
    await expect
      .poll(() => balances.frame.getByRole("heading", { level: 2 }).first().innerText())
      .toMatch(pseudoAccents);
    expect(seriousOrCritical(await runAxe(balances.frame))).toEqual([]);
    expect(await findOverflows(balances.frame)).toEqual([]);
  });

  it("the promotion does not show with only a debit card and debit cards disabled, and its event says so", async () => {
    const platform = await signedIn(cardOnly.label, "payouts");
    await expect.poll(() => promotionEvents(platform).innerText()).toContain("Promotion shown: no");
    const promotion = await platform.frameOf("instant-payouts-promotion");
    expect(
      await promotion
        .getByRole("button", { name: messageIn("en-US", "balances.instantPayOut") })
        .count(),
    ).toBe(0);
  });

  it("on the main account the promotion shows, and its instant payout is instantpayoutcreated with the payout's id", async () => {
    const platform = await signedIn(undefined, "payouts");
    const events = promotionEvents(platform);
    await expect.poll(() => events.innerText()).toContain("Promotion shown: yes");
    const promotion = new BalancesModel(await platform.frameOf("instant-payouts-promotion"));
    await promotion.reviewPayout(true);
    await promotion.confirmPayout(true);
    await expect.poll(() => events.innerText()).toMatch(/Instant payout created: po_/);
    const id = (await events.innerText()).match(/Instant payout created: (po_\w+)/)?.[1];
    expect(await apiGet<Payout>(`/v1/payouts/${id}`)).toMatchObject({ id, method: "instant" });
  });
  it("replaces the payout bank account: the popup sign-in, the verification step, and the new account is the default afterwards", async () => {
    const { env } = example;
    const account = env.sandbox.mainAccountId;
    await example.providerUser("owner@example.com", "correct horse", { account });
    const banks = () =>
      example.listAll<ExternalAccount>(
        `/v1/accounts/${account}/external_accounts`,
        "object=bank_account",
      );
    const before = await banks();
    const old = before.find((b) => b.currency === "usd" && b.default_for_currency);
    expect(old).toBeDefined();
    const challengeCode = () =>
      apiGet<{ code: string }>(
        `${endpoints.externalAccountChallengeCode}?account=${encodeURIComponent(account)}`,
      );

    const platform = await signedIn(undefined, "payouts");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const balances = await balancesOf(platform);
    expect((await balances.seePayoutAccounts()).USD).toBe(
      balances.accountWord("bankEnding", { last4: old!.last4 }),
    );
    await balances.startReplacingBankAccount();
    // The popup sign-in first (the dashboard's session keeps the provider user's sign-in).
    await balances.signInThroughPopup("owner@example.com", "correct horse");

    // A routing number failing its checksum: refused on its field, and nothing is sent.
    await balances.fillUsBankAccount({
      holder: "Ada Lovelace",
      routing: "110000001",
      account: "000999888777",
    });
    await balances.continueToVerification();
    await expect
      .poll(() => balances.seeErrors())
      .toContain(messageIn("en-US", "kit.bank.routingNumberInvalid"));
    await expect(challengeCode()).rejects.toThrow(/404/);
    expect(seriousOrCritical(await runAxe(balances.frame))).toEqual([]);
    expect(await findOverflows(balances.frame)).toEqual([]);

    await balances.fillUsBankAccount({
      holder: "Ada Lovelace",
      routing: "110000000",
      account: "000999888777",
    });
    await balances.continueToVerification();
    // The verification step: the code went to the account's provider user.
    await balances.accountStep("verifyTitle").waitFor();
    expect(seriousOrCritical(await runAxe(balances.frame))).toEqual([]);
    expect(await findOverflows(balances.frame)).toEqual([]);
    const { code } = await challengeCode();
    const wrong = code === "000000" ? "111111" : "000000";
    await balances.confirmCode(wrong);
    await expect.poll(() => balances.seeErrors()).toContain(balances.accountWord("codeWrong"));
    // The wrong code's refusal, as the browser logs it.
    expect(platform.takeProblems(/external_account_challenge\)?$|status of 400/)).toHaveLength(1);
    expect((await banks()).map((b) => b.id).sort()).toEqual(before.map((b) => b.id).sort());
    await balances.confirmCode(code);
    expect(await balances.seeSavedAccount()).toBe(
      balances.accountWord("saved", { currency: "USD", last4: "8777" }),
    );

    // The provider: the new bank account is the default for USD; the old one is not.
    const after = await banks();
    const added = after.filter((b) => !before.some((o) => o.id === b.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ last4: "8777", currency: "usd", default_for_currency: true });
    expect(after.find((b) => b.id === old!.id)?.default_for_currency).toBe(false);
    // And the view shows it.
    await expect
      .poll(async () => (await balances.seePayoutAccounts()).USD)
      .toBe(balances.accountWord("bankEnding", { last4: "8777" }));
  }, 120_000);
});

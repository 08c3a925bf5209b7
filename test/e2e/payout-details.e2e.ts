import { describe, expect, it } from "vitest";
import type { Balance } from "../../protocol/objects/balance.schema.ts";
import type { BalanceTransaction } from "../../protocol/objects/balance-transaction.schema.ts";
import type { Payout } from "../../protocol/objects/payout.schema.ts";
import { formatDate, formatMoney } from "../../ui/i18n/format.ts";
import { PayoutDetailsModel, payoutDetailsWords } from "./models/payout-details.model.ts";
import { type PlatformPage, pseudoAccents } from "./models/platform.model.ts";
import { findOverflows, runAxe, seriousOrCritical } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// payout-details (issue 11) on the example platform's dashboard, in Debian's Chromium, as a
// person uses it: the platform's own list of payouts opens one; what it shows is checked
// against the provider's answers through the API (secret key, the account's header).

const example = examplePlatformTests();
const { signedIn, apiGet, apiPost } = example;

const payout = (id: string) =>
  apiGet<Payout>(
    `/v1/payouts/${id}?expand%5B%5D=balance_transaction&expand%5B%5D=failure_balance_transaction`,
  );
const available = async (currency: string) =>
  (await apiGet<Balance>("/v1/balance")).available.find((m) => m.currency === currency)?.amount ??
  0;
const usd = (minor: number, currency = "usd") => formatMoney(minor, currency, "en-US");

/** Presses the platform's "View" button of payout `id`; returns the details' model. */
async function view(platform: PlatformPage, id: string, locale = "en-US") {
  await platform.page.locator(`.payouts button[data-payout="${id}"]`).press("Enter");
  return new PayoutDetailsModel(
    await platform.frameOf("payout-details"),
    payoutDetailsWords(locale),
  );
}

/** Records the events the element dispatches, as a platform's listener would hear them. */
async function listen(platform: PlatformPage, events: readonly string[]) {
  await platform.page.evaluate((names) => {
    const element = document.querySelector("oriel-payout-details")!;
    const heard: unknown[] = [];
    (window as unknown as { heard: unknown[] }).heard = heard;
    for (const name of names)
      element.addEventListener(name, (e) => heard.push([name, (e as CustomEvent).detail ?? null]));
  }, events);
  return () => platform.page.evaluate(() => (window as unknown as { heard: unknown[] }).heard);
}

/** The payouts the dashboard's own list offers (their "View" buttons), newest first. */
const offeredPayouts = (platform: PlatformPage) =>
  platform.page
    .locator(".payouts button")
    .evaluateAll((buttons) => buttons.map((b) => (b as HTMLButtonElement).dataset.payout ?? ""));

/** The newest paid payout the dashboard offers that settled something. */
async function paidPayoutWithTransactions(platform: PlatformPage) {
  const ids = await offeredPayouts(platform);
  for (const id of ids) {
    const p = await payout(id);
    if (p.status !== "paid") continue;
    const settled = await example.listAll<BalanceTransaction>(
      "/v1/balance_transactions",
      `payout=${id}`,
    );
    if (settled.length > 0) return { payout: p, settled };
  }
  throw new Error("the dashboard offers no paid payout that settled transactions");
}

describe("payout-details on the example platform", () => {
  it("shows a paid payout as the provider has it — amount, fee, status, timeline — and the balance transactions it settled, exactly those the API lists for it; closing dispatches close and overlaychange", async () => {
    const platform = await signedIn(undefined, "payouts");
    const heard = await listen(platform, ["close", "overlaychange"]);
    const { payout: p, settled } = await paidPayoutWithTransactions(platform);
    const details = await view(platform, p.id);
    const facts = await details.seeFacts();
    const bt = p.balance_transaction as BalanceTransaction;
    expect(facts).toMatchObject({
      Amount: usd(p.amount, p.currency),
      "Payout status": "Paid",
      "Payout fee": usd(bt.fee, p.currency),
      [payoutDetailsWords().payoutId]: p.id,
    });
    expect(await details.seeTimeline()).toEqual(["Arrived in the bank account", "Payout created"]);
    const rows = await details.seeSettled();
    expect(rows.map((r) => r.source)).toEqual(settled.slice(0, 100).map((t) => t.source));
    expect(rows.map((r) => r.net)).toEqual(
      settled.slice(0, 100).map((t) => usd(t.net, t.currency)),
    );
    expect(rows[0]?.available).toBe(formatDate(settled[0]!.available_on, "en-US"));
    // What it settled became available after the previous payout and by this one.
    for (const t of settled) expect(t.available_on).toBeLessThanOrEqual(p.created);
    await details.close();
    // The platform's close listener takes the payout's name away (payout-details has no
    // `visible`), and the drawer is gone.
    await expect
      .poll(() => platform.page.locator("oriel-payout-details").getAttribute("payout"))
      .toBeNull();
    expect(await details.overlay().count()).toBe(0);
    expect((await heard()).slice(-2)).toEqual([
      ["overlaychange", { open: false }],
      ["close", null],
    ]);
  });

  it("a payout to the failing sandbox destination shows as failed with its message and code, and the balance has the money back through a payout_failure balance transaction", async () => {
    const { mainAccountId } = example.env.sandbox;
    await apiPost(`/v1/accounts/${mainAccountId}/external_accounts`, {
      external_account: {
        object: "bank_account",
        country: "US",
        currency: "usd",
        routing_number: "110000000",
        account_number: "000111111113",
      },
      default_for_currency: true,
    });
    const before = await available("usd");
    expect(before).toBeGreaterThan(1_000);
    const made = await apiPost<Payout>("/v1/payouts", { amount: 1_000, currency: "usd" });
    // Submitted the next day: the sandbox clock moves one day; the bank returns it.
    const moved = await apiPost<{ now: number }>("/v1/test_helpers/clock/advance", {
      seconds: 86_400,
    });
    expect(moved.now).toBeGreaterThan(made.created);
    const failed = await payout(made.id);
    expect(failed).toMatchObject({ status: "failed", failure_code: "account_closed" });
    const returned = failed.failure_balance_transaction as BalanceTransaction;
    expect(returned).toMatchObject({
      type: "payout_failure",
      source: made.id,
      net: 1_000,
      status: "available",
    });
    // The ledger has the money back: the payout's debit and its return cancel out.
    const moves = await example.listAll<BalanceTransaction>(
      "/v1/balance_transactions",
      `source=${made.id}`,
    );
    expect(moves.map((t) => t.type).sort()).toEqual(["payout", "payout_failure"]);
    expect(moves.reduce((sum, t) => sum + t.net, 0)).toBe(0);

    const platform = await signedIn(undefined, "payouts");
    const details = await view(platform, made.id);
    const facts = await details.seeFacts();
    expect(facts).toMatchObject({
      "Payout status": "Failed",
      "Why it failed": failed.failure_message,
      "Failure code": "account_closed",
    });
    expect((await details.seeTimeline())[0]).toBe(
      "Payout failed; the money went back to the balance",
    );
  });

  it("inline, the details are a section of the page for the payout the platform names; taking the name away removes them and naming it again brings them back, without overlaychange", async () => {
    const platform = await signedIn(undefined, "payouts");
    const heard = await listen(platform, ["overlaychange", "close"]);
    const inline = platform.page.getByLabel("Show the payout in the page", { exact: true });
    await inline.press("Space");
    await expect.poll(() => inline.isChecked()).toBe(true);
    const id = (await offeredPayouts(platform))[0]!;
    const details = await view(platform, id);
    expect((await details.seeFacts(true))[payoutDetailsWords().payoutId]).toBe(id);
    await platform
      .elements("payout-details")
      .first()
      .evaluate((e) => e.removeAttribute("payout"));
    await details.inline().waitFor({ state: "detached" });
    await view(platform, id);
    expect((await details.seeFacts(true))[payoutDetailsWords().payoutId]).toBe(id);
    expect(await details.overlay().count()).toBe(0);
    expect(await heard()).toEqual([]);
  });

  it("a bad payout attribute is refused with an inputerror naming it, and the details keep their payout", async () => {
    const platform = await signedIn(undefined, "payouts");
    const id = (await offeredPayouts(platform))[0]!;
    const details = await view(platform, id);
    await details.seeFacts();
    const refused = platform.page.evaluate(
      () =>
        new Promise((resolve) =>
          document
            .querySelector("oriel-payout-details")!
            .addEventListener("inputerror", (e) => resolve((e as CustomEvent).detail), {
              once: true,
            }),
        ),
    );
    await platform.setAttribute("payout-details", 0, "payout", "py_42");
    expect(await refused).toMatchObject({ component: "payout-details", name: "payout" });
    platform.takeProblems(/payout/);
    expect((await details.seeFacts())[payoutDetailsWords().payoutId]).toBe(id);
  });

  it("axe finds nothing serious or critical in light, dark and the pseudo-locale, and nothing overflows at 360px", async () => {
    const platform = await signedIn(undefined, "payouts");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const { payout: p } = await paidPayoutWithTransactions(platform);
    const details = await view(platform, p.id);
    await details.seeSettled();
    const check = async () => {
      expect(seriousOrCritical(await runAxe(details.frame))).toEqual([]);
      expect(await findOverflows(details.frame)).toEqual([]);
    };
    await check();
    await details.close();
    await platform.setDarkTheme(true);
    await view(platform, p.id);
    await details.seeSettled();
    await check();
    await details.close();
    await platform.chooseLocale("en-XA");
    const pseudo = await view(platform, p.id, "en-XA");
    await expect
      .poll(() => pseudo.overlay().locator("h2").first().innerText())
      .toMatch(pseudoAccents);
    await check();
  });
});

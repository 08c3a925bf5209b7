import { describe, expect, it } from "vitest";
import {
  type PaymentMethodConfiguration,
  type PaymentMethodSpec,
  paymentMethodSpecs,
  paymentMethodTypes,
} from "../../protocol/objects/payment-method-configuration.schema.ts";
import { messageIn } from "./models/details.model.ts";
import { PaymentMethodSettingsModel } from "./models/payment-method-settings.model.ts";
import { checkLightDarkPseudo } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// payment-method-settings (issue 12 item 6) on the example platform's account page, in
// Debian's Chromium: the component requires an authenticated session, so the person first
// signs in through the popup; they read the account's payment methods by kind (those the
// account's country or currency does not offer, and those whose requirements are unmet,
// cannot be turned on and say why), switch one off, confirm, and the provider reflects it.

const example = examplePlatformTests();
const { signedIn, apiGet } = example;
const email = "methods-owner@example.com";

/** A method's name as the person reads it in en-US: its brand, else its translated name. */
const generic: Partial<Record<(typeof paymentMethodTypes)[number], string>> = {
  card: "methodCard",
  us_bank_account: "methodUsBankAccount",
  sepa_debit: "methodSepaDebit",
  bacs_debit: "methodBacsDebit",
  au_becs_debit: "methodAuBecsDebit",
  acss_debit: "methodAcssDebit",
};
const nameOf = (type: (typeof paymentMethodTypes)[number]) =>
  (paymentMethodSpecs[type] as PaymentMethodSpec).brand ??
  messageIn("en-US", `paymentMethodSettings.${generic[type]}`);
const password = "correct horse";

/** The account's primary user, who signs in through the popup. */
const owner = () => example.providerUser(email, password);

const defaultConfiguration = async () =>
  (
    await apiGet<{ data: PaymentMethodConfiguration[] }>(
      "/v1/payment_method_configurations?is_default=true",
    )
  ).data[0]!;

async function settingsOf(platform: Awaited<ReturnType<typeof signedIn>>) {
  const settings = new PaymentMethodSettingsModel(
    await platform.frameOf("payment-method-settings"),
  );
  expect(await settings.seeSignInAsked()).toBe(true);
  // The component stands below others on the account page, whose frames may have grown by
  // now: bring it into view first (Chromium runs no animation frame in a cross-origin frame
  // out of view, and a click waits for one).
  await platform.elements("payment-method-settings").first().scrollIntoViewIfNeeded();
  await settings.signInThroughPopup(email, password);
  return settings;
}

describe("payment-method-settings on the example platform", () => {
  it("after the popup sign-in, a person switches a payment method off, confirms, and the provider reflects it", async () => {
    await owner();
    const platform = await signedIn(undefined, "account");
    const settings = await settingsOf(platform);
    const before = await defaultConfiguration();

    // Every method, grouped by kind, each as the provider computed it for the account.
    const rows = await settings.seeMethods();
    expect(rows).toHaveLength(paymentMethodTypes.length);
    expect(await settings.seeGroups()).toEqual([
      "Cards",
      "Wallets",
      "Bank debits",
      "Buy now, pay later",
      "Bank redirects and local methods",
    ]);
    // In the protocol's order (grouped by kind), each as the provider computed it: on or off,
    // and a method not offered or with a requirement unmet says why and cannot be turned on.
    expect(rows.map((r) => r.name)).toEqual(paymentMethodTypes.map(nameOf));
    for (const [i, type] of paymentMethodTypes.entries()) {
      const setting = before[type];
      const on = setting.display_preference.preference === "on";
      const canTurnOn = setting.available && setting.requirements.length === 0;
      expect(rows[i], type).toMatchObject({ on, disabled: !on && !canTurnOn });
      expect(rows[i]!.notes.length > 0, type).toBe(
        !setting.available ||
          setting.requirements.length > 0 ||
          (on && setting.display_preference.value === "off"),
      );
    }
    // The account is in the US: SEPA Direct Debit is not offered, and says so.
    expect(before.country).toBe("US");
    expect(await settings.seeMethod("SEPA Direct Debit")).toMatchObject({
      on: false,
      disabled: true,
      notes: ["Not offered to accounts in United States."],
    });

    // Cards are on; the person switches them off, first cancels, then confirms.
    expect(before.card.display_preference.preference).toBe("on");
    await settings.flip("Cards");
    await settings.cancel("Cards", false);
    expect((await settings.seeMethod("Cards"))?.on).toBe(true);
    expect((await defaultConfiguration()).card.display_preference.preference).toBe("on");
    await settings.flip("Cards");
    await settings.confirm("Cards", false);
    await expect.poll(async () => (await settings.seeMethod("Cards"))?.on).toBe(false);

    // The provider reflects it: the preference, what customers get, the capability.
    const after = await defaultConfiguration();
    expect(after.id).toBe(before.id);
    expect(after.card).toMatchObject({
      display_preference: { preference: "off", value: "off" },
      capability: "inactive",
    });
    // Nothing else changed.
    for (const type of paymentMethodTypes.filter((t) => t !== "card"))
      expect(after[type].display_preference).toEqual(before[type].display_preference);

    // On again, so the account is as the seed left it.
    await settings.flip("Cards");
    await settings.confirm("Cards", true);
    await expect
      .poll(async () => (await defaultConfiguration()).card.display_preference.preference)
      .toBe("on");
  });

  it("axe finds nothing serious or critical in light, dark and the pseudo-locale, and nothing overflows at 360px", async () => {
    await owner();
    const platform = await signedIn(undefined, "account");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const settings = await settingsOf(platform);
    await settings.seeMethods();
    await checkLightDarkPseudo(platform, [settings.frame], () =>
      settings.frame.locator("h2").first().innerText(),
    );
  });
});

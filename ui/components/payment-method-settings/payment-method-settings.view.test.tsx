// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { configurationFixture } from "../../../machines/components/payment-method-settings/payment-method-settings.fixture.ts";
import { I18nProvider, loadCatalogue } from "../../i18n/provider.tsx";
import {
  PaymentMethodSettingsView,
  type PaymentMethodSettingsViewProps,
} from "./payment-method-settings.view.tsx";

afterEach(cleanup);
beforeAll(() => loadCatalogue("de-DE"));

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

const configuration = configurationFixture("pmc_default", "off", {
  card: { display_preference: { preference: "on", value: "on" }, capability: "active" },
  sepa_debit: { available: false, unavailable_reason: "country" },
  ideal: { available: false, unavailable_reason: "currency" },
  us_bank_account: { requirements: ["business_profile.support_email"] },
  klarna: {
    requirements: ["business_profile.url"],
    display_preference: { preference: "on", value: "off" },
    capability: "pending",
  },
});

function shown(
  overrides: Partial<Extract<PaymentMethodSettingsViewProps, { status: "shown" }>> = {},
): PaymentMethodSettingsViewProps {
  return {
    status: "shown",
    configuration,
    change: null,
    onToggle: () => {},
    onConfirm: () => {},
    onCancel: () => {},
    ...overrides,
  };
}

const row = (name: string) => screen.getByRole("switch", { name }).closest("li")!;

describe("PaymentMethodSettingsView", () => {
  it("groups the methods by kind, each on or off, saying why one cannot be turned on", () => {
    inLocale(<PaymentMethodSettingsView {...shown()} />);
    const groups = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual([
      "Cards",
      "Wallets",
      "Bank debits",
      "Buy now, pay later",
      "Bank redirects and local methods",
    ]);
    expect(screen.getAllByRole("switch")).toHaveLength(16);
    const cards = screen.getByRole("switch", { name: "Cards" });
    expect(cards.getAttribute("aria-checked")).toBe("true");
    expect(cards.hasAttribute("disabled")).toBe(false);
    const sepa = screen.getByRole("switch", { name: "SEPA Direct Debit" });
    expect(sepa.hasAttribute("disabled")).toBe(true);
    expect(
      within(row("SEPA Direct Debit")).getByText("Not offered to accounts in United States."),
    ).toBeTruthy();
    expect(within(row("iDEAL")).getByText("Not offered to accounts that use USD.")).toBeTruthy();
    expect(within(row("ACH Direct Debit")).getByText("Action needed")).toBeTruthy();
    expect(screen.getByRole("switch", { name: "ACH Direct Debit" }).hasAttribute("disabled")).toBe(
      true,
    );
    // Turned on, waiting on a requirement: it can still be turned off.
    const klarna = screen.getByRole("switch", { name: "Klarna" });
    expect(klarna.hasAttribute("disabled")).toBe(false);
    expect(
      within(row("Klarna")).getByText("Turned on: customers see it once the above is done."),
    ).toBeTruthy();
  });

  it("a flip asks for the change; the confirmation names the method and what follows", () => {
    const onToggle = vi.fn();
    const onConfirm = vi.fn();
    const { rerender } = inLocale(<PaymentMethodSettingsView {...shown({ onToggle })} />);
    fireEvent.click(screen.getByRole("switch", { name: "Cards" }));
    expect(onToggle).toHaveBeenCalledWith("card", "off");
    rerender(
      <I18nProvider locale="en-US">
        <PaymentMethodSettingsView
          {...shown({
            onConfirm,
            change: { method: "card", preference: "off", busy: false, error: "Nope." },
          })}
        />
      </I18nProvider>,
    );
    const dialog = screen.getByRole("dialog", { name: "Turn off Cards?" });
    expect(within(dialog).getByText(/no longer be able to pay with Cards/)).toBeTruthy();
    expect(within(dialog).getByText("Nope.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Turn off" }));
    expect(onConfirm).toHaveBeenCalled();
  });

  it("asks for the provider user's sign-in first, in the person's language", () => {
    const onSignIn = vi.fn();
    inLocale(
      <PaymentMethodSettingsView
        status="signIn"
        signIn="idle"
        providerName="Oriel"
        onSignIn={onSignIn}
      />,
      "de-DE",
    );
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Zahlungsmethoden");
    expect(screen.queryAllByRole("switch")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button"));
    expect(onSignIn).toHaveBeenCalled();
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import {
  type FieldError,
  IbanInput,
  LocalBankAccountInput,
  type LocalBankFormat,
  TaxIdInput,
  type UsBankAccount,
  UsBankAccountInput,
} from "./index.ts";

afterEach(cleanup);
// The views' wording is under test, not catalogue loading: the catalogues are in before they render.
beforeAll(() => Promise.all((["fr-FR"] as const).map((locale) => loadCatalogue(locale))));

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

const describedText = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby")?.split(" ") ?? [])
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

function IbanPage({ onValue }: { onValue: (v: string | null, e?: FieldError) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <IbanInput
      label="IBAN"
      value={value}
      onValueChange={(v, e) => {
        onValue(v, e);
        setValue(v);
      }}
    />
  );
}

describe("IbanInput", () => {
  it("hands out the electronic form of a valid IBAN and shows it grouped once left", () => {
    const onValue = vi.fn();
    inLocale(<IbanPage onValue={onValue} />);
    const input = screen.getByRole("textbox", { name: "IBAN" }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "de89370400440532013000" } });
    expect(onValue).toHaveBeenLastCalledWith("DE89370400440532013000", undefined);
    fireEvent.blur(input);
    expect(input.value).toBe("DE89 3704 0044 0532 0130 00");
  });

  it("a wrong check digit is refused with a field error once the field is left", () => {
    const onValue = vi.fn();
    inLocale(<IbanPage onValue={onValue} />);
    const input = screen.getByRole("textbox", { name: "IBAN" });
    fireEvent.change(input, { target: { value: "DE88370400440532013000" } });
    expect(onValue).toHaveBeenLastCalledWith(null, {
      code: "custom",
      message: "Enter a valid IBAN.",
    });
    fireEvent.blur(input);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(describedText(input)).toBe("Enter a valid IBAN.");
  });
});

describe("UsBankAccountInput", () => {
  it("is a named group of routing and account number; a bad routing checksum is reported", () => {
    const onValue = vi.fn();
    function Page() {
      const [value, setValue] = useState<UsBankAccount>({
        routingNumber: null,
        accountNumber: null,
      });
      return (
        <UsBankAccountInput
          label="Bank account"
          value={value}
          onValueChange={(v, e) => {
            onValue(v, e);
            setValue(v);
          }}
        />
      );
    }
    inLocale(<Page />);
    const group = screen.getByRole("group", { name: "Bank account" });
    const routing = within(group).getByRole("textbox", { name: "Routing number" });
    const account = within(group).getByRole("textbox", { name: "Account number" });
    expect(routing.getAttribute("inputmode")).toBe("numeric");
    fireEvent.change(routing, { target: { value: "011000016" } });
    expect(onValue).toHaveBeenLastCalledWith(
      { routingNumber: null, accountNumber: null },
      { code: "custom", message: "Enter a valid 9-digit routing number." },
    );
    fireEvent.change(routing, { target: { value: "011000015" } });
    fireEvent.change(account, { target: { value: "000123456789" } });
    expect(onValue).toHaveBeenLastCalledWith(
      { routingNumber: "011000015", accountNumber: "000123456789" },
      undefined,
    );
  });
});

describe("LocalBankAccountInput", () => {
  function Page(props: { format: LocalBankFormat; onValue: (v: UsBankAccount) => void }) {
    const [value, setValue] = useState<UsBankAccount>({ routingNumber: null, accountNumber: null });
    return (
      <LocalBankAccountInput
        format={props.format}
        label="Bank account"
        value={value}
        onValueChange={(v) => {
          props.onValue(v);
          setValue(v);
        }}
      />
    );
  }

  it("CA: transit and institution numbers make the routing number TTTTT-III; a short transit is refused on its field", () => {
    const onValue = vi.fn();
    inLocale(<Page format="ca" onValue={onValue} />);
    const group = screen.getByRole("group", { name: "Bank account" });
    const transit = within(group).getByRole("textbox", { name: "Transit number" });
    const institution = within(group).getByRole("textbox", { name: "Institution number" });
    fireEvent.change(transit, { target: { value: "1100" } });
    fireEvent.blur(transit);
    expect(describedText(transit)).toContain("Enter a number like 12345.");
    fireEvent.change(institution, { target: { value: "000" } });
    expect(onValue).toHaveBeenLastCalledWith({ routingNumber: null, accountNumber: null });
    fireEvent.change(transit, { target: { value: "11000" } });
    expect(onValue).toHaveBeenLastCalledWith({ routingNumber: "11000-000", accountNumber: null });
    const account = within(group).getByRole("textbox", { name: "Account number" });
    fireEvent.change(account, { target: { value: "000123456789" } });
    expect(onValue).toHaveBeenLastCalledWith({
      routingNumber: "11000-000",
      accountNumber: "000123456789",
    });
  });

  it("AU: the BSB is shown 000-000 once left and handed out as six digits", () => {
    const onValue = vi.fn();
    inLocale(<Page format="au" onValue={onValue} />);
    const bsb = screen.getByRole("textbox", { name: "BSB" }) as HTMLInputElement;
    fireEvent.change(bsb, { target: { value: "110000" } });
    fireEvent.blur(bsb);
    expect(bsb.value).toBe("110-000");
    expect(onValue).toHaveBeenLastCalledWith({ routingNumber: "110000", accountNumber: null });
    fireEvent.change(bsb, { target: { value: "11000" } });
    expect(onValue).toHaveBeenLastCalledWith({ routingNumber: null, accountNumber: null });
  });

  it("JP: bank and branch codes make seven digits, a short account number is zero-padded, labels in the person's language", () => {
    const onValue = vi.fn();
    inLocale(<Page format="jp" onValue={onValue} />, "fr-FR");
    const bank = screen.getByRole("textbox", { name: "Code banque" });
    const branch = screen.getByRole("textbox", { name: "Code agence" });
    fireEvent.change(bank, { target: { value: "0001" } });
    fireEvent.change(branch, { target: { value: "12" } });
    fireEvent.blur(branch);
    expect(describedText(branch)).toContain("Saisissez un numéro comme 123.");
    fireEvent.change(branch, { target: { value: "123" } });
    expect(onValue).toHaveBeenLastCalledWith({ routingNumber: "0001123", accountNumber: null });
    const account = screen.getByRole("textbox", { name: "Numéro de compte" });
    fireEvent.change(account, { target: { value: "1234" } });
    expect(onValue).toHaveBeenLastCalledWith({
      routingNumber: "0001123",
      accountNumber: "0001234",
    });
    fireEvent.change(account, { target: { value: "12345678" } });
    expect(onValue).toHaveBeenLastCalledWith({ routingNumber: "0001123", accountNumber: null });
  });
});

describe("TaxIdInput", () => {
  it("shows the expected format as help, checks the kind's check digit, and hands out the compact value", () => {
    const onValue = vi.fn();
    inLocale(<TaxIdInput kind="de_vat" label="USt-IdNr." value={null} onValueChange={onValue} />);
    const input = screen.getByRole("textbox", { name: "USt-IdNr." });
    expect(describedText(input)).toBe("DE136695976");
    fireEvent.change(input, { target: { value: "DE 136 695 977" } });
    expect(onValue).toHaveBeenLastCalledWith(null, {
      code: "custom",
      message: "Enter a valid tax ID.",
    });
    fireEvent.change(input, { target: { value: "DE 136 695 976" } });
    expect(onValue).toHaveBeenLastCalledWith("DE136695976", undefined);
  });

  it("a new kind (JP My Number): its example, the numeric keyboard, its check digit, its grouping once left", () => {
    const onValue = vi.fn();
    inLocale(
      <TaxIdInput kind="jp_my_number" label="個人番号" value={null} onValueChange={onValue} />,
    );
    const input = screen.getByRole("textbox", { name: "個人番号" });
    expect(describedText(input)).toBe("1234 5678 9018");
    expect(input.getAttribute("inputmode")).toBe("numeric");
    fireEvent.change(input, { target: { value: "123456789017" } });
    expect(onValue).toHaveBeenLastCalledWith(null, expect.objectContaining({ code: "custom" }));
    fireEvent.change(input, { target: { value: "123456789018" } });
    expect(onValue).toHaveBeenLastCalledWith("123456789018", undefined);
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe("1234 5678 9018");
  });

  it("words its error in the user's language", async () => {
    inLocale(
      <TaxIdInput
        kind="fr_siren"
        label="SIREN"
        value={null}
        onValueChange={() => {}}
        error={undefined}
      />,
      "fr-FR",
    );
    const input = await screen.findByRole("textbox", { name: "SIREN" });
    fireEvent.change(input, { target: { value: "732829321" } });
    fireEvent.blur(input);
    expect(describedText(input)).toContain("Saisissez un numéro d’identification fiscale valide.");
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useActorRef, useSelector } from "@xstate/react";
import { useMemo } from "react";
import { afterEach, describe, expect, it } from "vitest";
import {
  detailsFormMachineOf,
  detailsPaths,
  detailsValues,
} from "../../../machines/components/account-onboarding/onboarding-forms.machine.ts";
import deDE from "../../i18n/messages/de-DE.json" with { type: "json" };
import { I18nProvider } from "../../i18n/provider.tsx";
import { formViewOf } from "../../kit/index.ts";
import { DetailsFields } from "./account-onboarding.view.tsx";

// The details step's id number outside the US takes the kind of the account's country
// (protocol/objects/tax-ids.ts): its example as help, its check digit before anything is sent.

afterEach(cleanup);

function Details({ country, locale = "en-US" }: { country: string; locale?: string }) {
  const machine = useMemo(() => detailsFormMachineOf(country, () => Date.now() / 1000), [country]);
  const actor = useActorRef(machine, {
    input: { values: detailsValues({ country }) },
  });
  const form = formViewOf(
    useSelector(actor, (s) => s),
    actor.send,
    "d",
  );
  return (
    <I18nProvider locale={locale}>
      <DetailsFields form={form} country={country} paths={detailsPaths} />
    </I18nProvider>
  );
}

const idNumber = () => screen.getByRole("textbox", { name: /Personal ID number/ });
const describedText = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby")?.split(" ") ?? [])
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

/** Typed, then left (the field reads it and shows its error, or its usual writing). */
function typeAndLeave(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** The country's kind: its example as help; one refused with the error; one taken, as written. */
function checksItsKind(country: string, kind: { example: string; wrong: string; right: string }) {
  render(<Details country={country} />);
  const input = idNumber();
  expect(describedText(input)).toContain(kind.example);
  typeAndLeave(input, kind.wrong);
  expect(describedText(input)).toContain("Enter a valid tax ID.");
  typeAndLeave(input, kind.right);
  expect((input as HTMLInputElement).value).toBe(kind.example);
  expect(describedText(input)).not.toContain("Enter a valid tax ID.");
}

describe("the details step's id number", () => {
  it("in CA is a SIN: its example, a failed Luhn check refused, grouped once left", () => {
    checksItsKind("CA", { example: "123 456 782", wrong: "123456789", right: "123456782" });
  });

  it("in GB is a National Insurance number", () => {
    render(<Details country="GB" />);
    expect(describedText(idNumber())).toContain("AB 12 34 56 C");
  });

  it("in DE is a Steuer-IdNr: its example, a failed check digit refused, grouped once left", () => {
    checksItsKind("DE", { example: "86 095 742 719", wrong: "86095742718", right: "86095742719" });
  });

  it("in FR is a NIR: its example, a wrong key refused, grouped once left", () => {
    checksItsKind("FR", {
      example: "2 69 05 49 588 157 80",
      wrong: "269054958815781",
      right: "269054958815780",
    });
  });

  it("in DE, for a German speaker: the refusal in German, and nothing valid to send", async () => {
    render(<Details country="DE" locale="de-DE" />);
    const input = await screen.findByRole("textbox", { name: deDE["accountOnboarding.idNumber"] });
    typeAndLeave(input, "86095742718");
    expect(describedText(input)).toContain(deDE["kit.taxId.invalid"]);
  });

  it("in NL, without a rule, is the plain text field", () => {
    render(<Details country="NL" />);
    expect(idNumber().getAttribute("inputmode")).toBeNull();
  });
});

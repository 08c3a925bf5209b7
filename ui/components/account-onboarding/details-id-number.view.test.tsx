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
import { I18nProvider } from "../../i18n/provider.tsx";
import { formViewOf } from "../../kit/index.ts";
import { DetailsFields } from "./account-onboarding.view.tsx";

// The details step's id number outside the US takes the kind of the account's country
// (protocol/objects/tax-ids.ts): its example as help, its check digit before anything is sent.

afterEach(cleanup);

function Details({ country }: { country: string }) {
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
    <I18nProvider locale="en-US">
      <DetailsFields form={form} country={country} paths={detailsPaths} />
    </I18nProvider>
  );
}

const idNumber = () => screen.getByRole("textbox", { name: /Personal ID number/ });
const describedText = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby")?.split(" ") ?? [])
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

describe("the details step's id number", () => {
  it("in CA is a SIN: its example, a failed Luhn check refused, grouped once left", () => {
    render(<Details country="CA" />);
    const input = idNumber();
    expect(describedText(input)).toContain("123 456 782");
    fireEvent.change(input, { target: { value: "130692545" } });
    fireEvent.blur(input);
    expect(describedText(input)).toContain("Enter a valid tax ID.");
    fireEvent.change(input, { target: { value: "130692544" } });
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe("130 692 544");
    expect(describedText(input)).not.toContain("Enter a valid tax ID.");
  });

  it("in GB is a National Insurance number", () => {
    render(<Details country="GB" />);
    expect(describedText(idNumber())).toContain("AB 12 34 56 C");
  });

  it("in DE, without a rule, is the plain text field", () => {
    render(<Details country="DE" />);
    expect(idNumber().getAttribute("inputmode")).toBeNull();
  });
});

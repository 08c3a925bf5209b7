// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useActorRef, useSelector } from "@xstate/react";
import { useMemo } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { requirementFormMachineOf } from "../../../machines/components/notification-banner/banner-forms.machine.ts";
import { requirementFieldOf } from "../../../machines/components/notification-banner/requirement-forms.ts";
import { I18nProvider } from "../../i18n/provider.tsx";
import { formViewOf } from "../../kit/index.ts";
import { RequirementFormView } from "./notification-banner.view.tsx";

// The banner's company[tax_id] form takes the kind of the account's country
// (protocol/objects/tax-ids.ts): its example as help, its check digit before anything is sent.

afterEach(cleanup);

const field = requirementFieldOf("company.tax_id")!;

function TaxIdForm({ country }: { country?: string }) {
  const machine = useMemo(() => requirementFormMachineOf(field, country), [country]);
  const actor = useActorRef(machine, {
    input: { values: { [field.path]: "" } },
  });
  const form = formViewOf(
    useSelector(actor, (s) => s),
    actor.send,
    "r",
  );
  return (
    <I18nProvider locale="en-US">
      <RequirementFormView
        form={form}
        requirement="company.tax_id"
        field={field}
        {...(country === undefined ? {} : { country })}
        onSubmit={() => {}}
        onCancel={() => {}}
      />
    </I18nProvider>
  );
}

const describedText = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby")?.split(" ") ?? [])
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

describe("the banner's tax id field", () => {
  it("in AU is an ABN: its example, the numeric keyboard, a wrong check digit refused", () => {
    render(<TaxIdForm country="AU" />);
    const input = screen.getByRole("textbox");
    expect(describedText(input)).toContain("51 824 753 556");
    expect(input.getAttribute("inputmode")).toBe("numeric");
    fireEvent.change(input, { target: { value: "51 824 753 557" } });
    fireEvent.blur(input);
    expect(describedText(input)).toContain("Enter a valid tax ID.");
    fireEvent.change(input, { target: { value: "51 824 753 556" } });
    fireEvent.blur(input);
    expect(describedText(input)).not.toContain("Enter a valid tax ID.");
    expect((input as HTMLInputElement).value).toBe("51 824 753 556");
  });

  it("in JP is a corporate number", () => {
    render(<TaxIdForm country="JP" />);
    expect(describedText(screen.getByRole("textbox"))).toContain("7000012050002");
  });

  it("without a country with a rule is the plain text field", () => {
    render(<TaxIdForm country="BR" />);
    const input = screen.getByRole("textbox");
    expect(input.getAttribute("inputmode")).toBeNull();
    expect(describedText(input)).not.toMatch(/\d{4}/);
  });
});

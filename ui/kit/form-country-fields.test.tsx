// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useActorRef, useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import { z } from "zod";
import type { CallFailure } from "../../machines/auth/failure.ts";
import { createFormMachine, SUBMIT_ACTOR } from "../../machines/components/form/form.machine.ts";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import {
  Button,
  checkIban,
  checkTaxId,
  checkUsRoutingNumber,
  FormAddressField,
  FormDateField,
  FormErrorBanner,
  FormErrorSummary,
  FormIbanField,
  FormLayout,
  FormPhoneField,
  FormTaxIdField,
  FormUsBankAccountField,
  formViewOf,
  isValidPostalCode,
} from "./index.ts";

afterEach(cleanup);
beforeAll(() => loadCatalogue("fr-FR"));

const TODAY = "2026-06-01";

/** An onboarding-like body, with the kit's own checks as its rules. */
const schema = z
  .object({
    individual: z.object({
      phone: z.string(),
      dob: z.string().refine((d) => d <= TODAY),
      ssn_last_4: z.string().refine((t) => checkTaxId("us_ssn_last4", t).ok),
      address: z.object({
        line1: z.string(),
        line2: z.string().optional(),
        city: z.string(),
        state: z.string(),
        postal_code: z.string(),
        country: z.string(),
      }),
    }),
    external_account: z.object({
      routing_number: z.string().refine((t) => checkUsRoutingNumber(t).ok),
      account_number: z.string(),
    }),
    iban: z
      .string()
      .refine((t) => checkIban(t).ok)
      .optional(),
  })
  .superRefine((body, ctx) => {
    const { country, postal_code } = body.individual.address;
    if (!isValidPostalCode(country, postal_code))
      ctx.addIssue({ code: "custom", path: ["individual", "address", "postal_code"], message: "" });
  });
const machine = createFormMachine({ id: "detailsForm", schema });

const EMPTY = {
  "individual[phone]": null,
  "individual[dob]": null,
  "individual[ssn_last_4]": null,
  "individual[address][line1]": null,
  "individual[address][line2]": null,
  "individual[address][city]": null,
  "individual[address][state]": null,
  "individual[address][postal_code]": null,
  "individual[address][country]": "US",
  "external_account[routing_number]": null,
  "external_account[account_number]": null,
  iban: null,
};

function DetailsForm({ answer }: { answer: (body: unknown) => Promise<unknown> }) {
  const actor = useActorRef(
    machine.provide({ actors: { [SUBMIT_ACTOR]: fromPromise(({ input }) => answer(input.body)) } }),
    { input: { values: EMPTY } },
  );
  const form = formViewOf(
    useSelector(actor, (s) => s),
    actor.send,
    "d",
  );
  return (
    <FormLayout
      label="Details"
      summary={
        <>
          <FormErrorBanner form={form} />
          <FormErrorSummary
            form={form}
            labels={{
              "individual[ssn_last_4]": "SSN",
              "individual[address][line1]": "Address",
              "individual[address][postal_code]": "ZIP code",
              "individual[address][country]": "Country",
            }}
            failedSubmits={0}
          />
        </>
      }
      actions={
        <Button variant="primary" type="submit">
          Save
        </Button>
      }
      onSubmit={() => actor.send({ type: "submit", idempotencyKey: crypto.randomUUID() })}
    >
      <FormPhoneField form={form} path="individual[phone]" label="Phone" defaultCountry="US" />
      <FormDateField form={form} path="individual[dob]" label="Date of birth" max={TODAY} />
      <FormTaxIdField
        form={form}
        path="individual[ssn_last_4]"
        label="SSN"
        kind="us_ssn_last4"
        apiMessages={{ invalid_ssn: "The SSN does not match." }}
      />
      <FormAddressField form={form} path="individual[address]" label="Home address" />
      <FormUsBankAccountField
        form={form}
        label="Bank account"
        routingPath="external_account[routing_number]"
        accountPath="external_account[account_number]"
      />
      <FormIbanField form={form} path="iban" label="IBAN" />
    </FormLayout>
  );
}

/** Renders the form and waits for the phone field's own chunk (libphonenumber) to be in. */
const inLocale = async (ui: ReactNode, locale = "en-US") => {
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);
  await waitFor(() =>
    expect((screen.getByLabelText("Phone") as HTMLInputElement).disabled).toBe(false),
  );
};
const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const type = (name: string | RegExp, value: string) => {
  const box = screen.getByLabelText(name);
  fireEvent.change(box, { target: { value } });
  fireEvent.blur(box);
  return box;
};

function fillValid() {
  type("Phone", "(650) 253-0000");
  type("Date of birth", "1990-04-12");
  type("SSN", "0000");
  type("Address", "510 Townsend St");
  type("City", "San Francisco");
  const state = screen.getByRole("combobox", { name: "State or territory" });
  fireEvent.change(state, { target: { value: "calif" } });
  fireEvent.keyDown(state, { key: "Enter" });
  type("ZIP code", "94103");
  type("Routing number", "110000000");
  type("Account number", "000123456789");
}

describe("country-aware field views bound to the form machine", () => {
  it("sends the API's nested body with each input's normal form", async () => {
    const sent: unknown[] = [];
    await inLocale(<DetailsForm answer={async (b) => sent.push(b)} />);
    fillValid();
    type("IBAN", "de89 3704 0044 0532 0130 00");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await flush();
    expect(sent).toEqual([
      {
        individual: {
          phone: "+16502530000",
          dob: "1990-04-12",
          ssn_last_4: "0000",
          address: {
            line1: "510 Townsend St",
            city: "San Francisco",
            state: "CA",
            postal_code: "94103",
            country: "US",
          },
        },
        external_account: { routing_number: "110000000", account_number: "000123456789" },
        iban: "DE89370400440532013000",
      },
    ]);
  });

  it("a wrong tax id, a future date of birth and a postal code of another country each show their error and send nothing", async () => {
    const sent: unknown[] = [];
    await inLocale(<DetailsForm answer={async (b) => sent.push(b)} />);
    fillValid();
    const ssn = type("SSN", "12a4");
    const dob = type("Date of birth", "2030-01-01");
    const zip = type("ZIP code", "SW1A 1AA");
    const iban = type("IBAN", "DE00 1234");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await flush();
    expect(sent).toEqual([]);
    for (const box of [ssn, dob, zip, iban]) expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter a valid tax ID.")).toBeTruthy();
    expect(screen.getByText(/Enter a date on or before/)).toBeTruthy();
    expect(screen.getByText(/Enter a valid postal code/)).toBeTruthy();
    expect(screen.getByText("Enter a valid IBAN.")).toBeTruthy();
  });

  it("each link of the error summary leads to its control, the address's postal code too", async () => {
    await inLocale(<DetailsForm answer={async (b) => b} />);
    fillValid();
    type("ZIP code", "SW1A 1AA");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await flush();
    const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
    expect(links.length).toBeGreaterThanOrEqual(1);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute("href")!.slice(1));
      expect(target, link.getAttribute("href")!).not.toBeNull();
      expect(target?.getAttribute("aria-invalid")).toBe("true");
    }
    expect(links.map((l) => l.getAttribute("href"))).toContain(
      `#${screen.getByLabelText("ZIP code").id}`,
    );
  });

  it("words the errors in the user's locale", async () => {
    await inLocale(<DetailsForm answer={async (b) => b} />, "fr-FR");
    type("Date of birth", "2030-01-01");
    expect(screen.getByText(/Saisissez une date jusqu’au/)).toBeTruthy();
  });

  it("a provider rejection lands on the field its param names", async () => {
    const rejection: CallFailure = {
      kind: "http",
      status: 400,
      error: {
        type: "invalid_request_error",
        code: "invalid_ssn",
        message: "no",
        param: "individual[ssn_last_4]",
      },
      requestId: "req_1",
    };
    await inLocale(
      <DetailsForm
        answer={async () => {
          throw rejection;
        }}
      />,
    );
    fillValid();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await flush();
    const ssn = screen.getByLabelText("SSN");
    expect(ssn.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("The SSN does not match.")).toBeTruthy();
    expect(screen.queryByText(/went wrong/i)).toBeNull();
  });
});

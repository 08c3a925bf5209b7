// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Account } from "../../../protocol/objects/account.schema.ts";
import { personOf } from "../../../protocol/objects/person.fixture.ts";
import { I18nProvider } from "../../i18n/provider.tsx";
import { ManagementSections, type ManagementSectionsProps } from "./account-management.view.tsx";

afterEach(cleanup);

const company = {
  id: "acct_1",
  country: "US",
  business_type: "company",
  business_profile: {
    name: "Juniper & Rye",
    url: "https://juniper.example",
    mcc: "5462",
    product_description: null,
    support_email: "help@juniper.example",
    support_phone: null,
    support_url: null,
  },
  company: { name: "Juniper & Rye LLC", phone: null, tax_id_provided: true },
} as unknown as Account;

const props = (overrides: Partial<ManagementSectionsProps> = {}): ManagementSectionsProps => ({
  account: company,
  persons: [personOf({ id: "person_1", first_name: "Jenny", last_name: "Rosen" })],
  hidden: new Set(),
  disabled: new Set(),
  needed: new Set(),
  editable: true,
  editing: null,
  saved: null,
  payout: <p>payout</p>,
  signIn: { signedIn: false, email: null, required: true, provider: "Oriel" },
  removal: null,
  onEdit: () => {},
  onRemove: () => {},
  onConfirmRemoval: () => {},
  onCancelRemoval: () => {},
  ...overrides,
});

const shown = (p: ManagementSectionsProps) =>
  render(
    <I18nProvider locale="en-US">
      <ManagementSections {...p} />
    </I18nProvider>,
  );
const section = (name: string) => screen.getByRole("region", { name });

describe("account-management's sections", () => {
  it("shows each section's values as on file, and a tax id only as provided", () => {
    shown(props());
    expect(within(section("Business details")).getByText("Juniper & Rye")).toBeTruthy();
    expect(within(section("Public details")).getByText("help@juniper.example")).toBeTruthy();
    expect(within(section("Public details")).getAllByText("Not provided")).toHaveLength(2);
    expect(within(section("Company")).getByText("Provided")).toBeTruthy();
    expect(within(section("People")).getByText("Jenny Rosen")).toBeTruthy();
    expect(
      screen.getByText("You sign in with your Oriel account before you change anything."),
    ).toBeTruthy();
  });

  it("an Edit names what it opens; disabled sections offer none; hidden ones are not there", () => {
    const onEdit = vi.fn();
    shown(
      props({ onEdit, disabled: new Set(["company", "person"]), hidden: new Set(["sign_in"]) }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Edit Public details" }));
    expect(onEdit).toHaveBeenCalledWith({ section: "support", person: null });
    expect(within(section("Company")).queryAllByRole("button")).toEqual([]);
    expect(within(section("People")).queryAllByRole("button")).toEqual([]);
    expect(screen.queryByRole("region", { name: "Sign-in" })).toBeNull();
  });

  it("a person is edited and added from the people section; the open form replaces the values", () => {
    const onEdit = vi.fn();
    shown(props({ onEdit }));
    fireEvent.click(screen.getByRole("button", { name: "Edit Jenny Rosen" }));
    expect(onEdit).toHaveBeenCalledWith({ section: "person", person: "person_1" });
    fireEvent.click(screen.getByRole("button", { name: "Add a person" }));
    expect(onEdit).toHaveBeenLastCalledWith({ section: "person", person: "new" });
    cleanup();
    shown(
      props({
        editable: false,
        editing: {
          target: { section: "support", person: null },
          form: (title) => <form aria-label={title}>fields</form>,
        },
      }),
    );
    expect(
      within(section("Public details")).getByRole("form", { name: "Public details" }),
    ).toBeTruthy();
    expect(within(section("Public details")).queryByText("help@juniper.example")).toBeNull();
    expect(screen.queryAllByRole("button", { name: /^Edit / })).toEqual([]);
  });

  it("a person's Remove asks for confirmation, which shows the provider's refusal", () => {
    const onRemove = vi.fn();
    const onConfirmRemoval = vi.fn();
    const onCancelRemoval = vi.fn();
    shown(props({ onRemove }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remove Jenny Rosen" }));
    expect(onRemove).toHaveBeenCalledWith("person_1");
    cleanup();
    const removal = { person: "person_1", busy: false, refused: null };
    shown(props({ removal, onConfirmRemoval, onCancelRemoval }));
    const dialog = screen.getByRole("dialog", { name: "Remove Jenny Rosen?" });
    expect(within(dialog).queryByRole("alert")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove person" }));
    expect(onConfirmRemoval).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(onCancelRemoval).toHaveBeenCalledTimes(1);
    cleanup();
    shown(props({ removal: { ...removal, refused: "representative" } }));
    expect(
      within(screen.getByRole("dialog")).getByText(
        "The representative cannot be removed. Make someone else the representative first.",
      ),
    ).toBeTruthy();
  });

  it("a disabled people section offers no Remove", () => {
    shown(props({ disabled: new Set(["person"]) }));
    expect(screen.queryByRole("button", { name: "Remove Jenny Rosen" })).toBeNull();
  });

  it("marks a section the provider needs something in, and the one just saved", () => {
    shown(props({ needed: new Set(["company"]), saved: "support" }));
    expect(within(section("Company")).getByText("Information needed")).toBeTruthy();
    expect(within(section("Public details")).getByText("Your changes were saved.")).toBeTruthy();
  });
});

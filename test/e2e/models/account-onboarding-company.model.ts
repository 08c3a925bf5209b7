import type { Locator } from "playwright-core";
import { AccountOnboardingModel, PNG } from "./account-onboarding.model.ts";
import { messageIn } from "./payment-details.model.ts";

export interface CompanyDetails {
  name: string;
  line1: string;
  town: string;
  postcode: string;
  phone: string;
  taxId: string;
}

export type PersonRole = "Representative" | "Owner" | "Director" | "Executive";

export interface CompanyPerson {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dob: string;
  line1: string;
  town: string;
  postcode: string;
  roles: readonly PersonRole[];
  title?: string;
  percent?: string;
  /** The photo's file name as the person picks it (the sandbox reads a failure token in it). */
  documentName: string;
}

/**
 * account-onboarding's company steps as a person goes through them (a GB company): the
 * company's details, then its persons — added or opened from the list, their details,
 * roles and identity document, saved — and the attestations.
 */
export class CompanyOnboardingModel extends AccountOnboardingModel {
  /** The company's details (a GB address: no county). */
  async fillCompany(company: CompanyDetails): Promise<void> {
    await this.fill(this.word("companyName"), company.name);
    await this.fillGbAddress(company);
    await this.fill(this.word("companyPhone"), company.phone);
    await this.fill(this.word("companyTaxId"), company.taxId);
  }

  private async fillGbAddress(place: { line1: string; town: string; postcode: string }) {
    await this.fill(this.kit("address.line1"), place.line1);
    await this.fill(this.kit("address.town"), place.town);
    await this.fill(this.kit("address.postalCode"), place.postcode);
  }

  /** The persons list's rows: each person's name, badges and notes as text. */
  async personRows(): Promise<string[]> {
    const list = this.frame.getByRole("region", { name: this.word("personsLabel") });
    await list.waitFor();
    return (await list.locator(".kit-settings__row").allInnerTexts()).map((t) =>
      t.replace(/\s+/g, " ").trim(),
    );
  }

  /** Opens the form for a new person. */
  async addPerson(): Promise<void> {
    await this.frame
      .getByRole("button", { name: this.word("addPerson"), exact: true })
      .press("Enter");
    await this.frame.getByRole("button", { name: this.word("savePerson") }).waitFor();
  }

  /** Opens the form of the person named so on the list. */
  async editPerson(name: string): Promise<void> {
    await this.frame
      .getByRole("button", {
        name: messageIn(this.locale, "accountOnboarding.editPerson").replace("{name}", name),
      })
      .press("Enter");
    await this.frame.getByRole("button", { name: this.word("savePerson") }).waitFor();
  }

  /** Fills the open person form: details, roles, title, share, the document's front. */
  async fillPerson(person: CompanyPerson): Promise<void> {
    await this.fill(this.word("firstName"), person.firstName);
    await this.fill(this.word("lastName"), person.lastName);
    await this.fill(this.word("email"), person.email);
    await this.fill(this.word("phone"), person.phone);
    await this.fill(this.word("dob"), person.dob);
    await this.fillGbAddress(person);
    for (const role of person.roles)
      await this.frame.getByRole("checkbox", { name: role, exact: true }).check();
    if (person.title) await this.fill(this.word("jobTitle"), person.title);
    if (person.percent) await this.fill(this.word("percentOwnership"), person.percent);
    await this.uploadFront(person.documentName);
  }

  /** Picks the identity document's front photo; waits until it is uploaded. */
  async uploadFront(name: string): Promise<void> {
    await this.frame
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name, mimeType: "image/png", buffer: PNG });
    await this.frame
      .getByText(messageIn(this.locale, "kit.file.uploaded").replace("{name}", name))
      .first()
      .waitFor();
  }

  /** Saves the open person form and waits for the list again. */
  async savePerson(): Promise<void> {
    await this.frame
      .getByRole("button", { name: this.word("savePerson"), exact: true })
      .press("Enter");
    await this.frame.getByRole("button", { name: this.word("addPerson") }).waitFor();
  }

  /** The notice on the open person form (a rejected document), or null. */
  async formNotice(): Promise<string | null> {
    const banner: Locator = this.frame.locator(".kit-banner").first();
    return (await banner.count()) > 0 ? (await banner.innerText()).replace(/\s+/g, " ") : null;
  }

  /** Ticks the attestation whose words are the message `id`'s. */
  async attest(id: "attestOwners" | "attestDirectors" | "attestExecutives"): Promise<void> {
    await this.frame.getByRole("checkbox", { name: this.word(id), exact: true }).check();
  }
}

/**
 * The steps account-onboarding adds for a company (or any business with a representative):
 * the company's own details (name, address, phone, tax id) and its persons (the
 * representative, owners, directors, executives, each one's own fields and identity
 * document, and the attestations that all of them are provided). Each applies when the flow
 * asked for one of its requirements and is done when none is still collected.
 */
import type { StepSpec } from "../steps/steps.ts";

/** What these steps read of the flow's data (`OnboardingData`). */
interface Seen {
  collected: readonly string[];
  asked: readonly string[];
}

/** The company's own fields (`company.name`, `company.address.city`, …), its step's. */
export const isCompanyDetail = (path: string) =>
  path === "company.name" ||
  path === "company.phone" ||
  path === "company.tax_id" ||
  path.startsWith("company.address.");

/** The attestations that every person of a kind is on file. */
export const attestations = [
  "company.owners_provided",
  "company.directors_provided",
  "company.executives_provided",
] as const;
export type Attestation = (typeof attestations)[number];

/**
 * A requirement of the persons step: the representative's fields before one is on file
 * (`representative.first_name`), any person's own (`person_123.dob.day`,
 * `person_123.verification.document`), and the attestations.
 */
export const isPersonsRequirement = (path: string) =>
  path.startsWith("representative.") ||
  /^person_[A-Za-z0-9]+\./.test(path) ||
  (attestations as readonly string[]).includes(path);

const due = (data: Seen, test: (path: string) => boolean) => data.collected.some(test);
const asked = (data: Seen, test: (path: string) => boolean) => data.asked.some(test);

export const companyStepSpecs: readonly StepSpec<Seen>[] = [
  {
    id: "company",
    applies: (d) => asked(d, isCompanyDetail),
    complete: (d) => !due(d, isCompanyDetail),
  },
  {
    id: "persons",
    applies: (d) => asked(d, isPersonsRequirement),
    complete: (d) => !due(d, isPersonsRequirement),
  },
];

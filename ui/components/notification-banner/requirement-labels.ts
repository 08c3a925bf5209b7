/**
 * A requirement in the person's words: the label of each thing the provider can ask for
 * (a requirement path, or the key of its group — `requirementGroupOf`: a date of birth, an
 * address, a full name, the terms), a person's requirement by what is asked of them
 * (`individual.dob`, `representative.address` and `person_….name` share the person's
 * labels), and an entry's line naming the person (their name when the provider has it, else
 * their role). A path without a label — one the provider adds later — is humanised from its
 * segments (`humanisedRequirement`), never shown raw.
 */
import type { IntlShape, MessageDescriptor } from "react-intl";
import {
  type BannerNotification,
  type PersonRole,
  type RequirementSubject,
  requirementGroupOf,
  requirementPartsOf,
} from "../../../machines/components/notification-banner/notifications.ts";
import { notificationBannerMessages as m } from "./notification-banner.messages.ts";

/** The account's and the business's requirements, by path or group key. */
export const accountRequirementLabels: Readonly<Record<string, MessageDescriptor>> = {
  email: m.fieldEmail,
  business_type: m.fieldBusinessType,
  "business_profile.name": m.fieldBusinessName,
  "business_profile.url": m.fieldBusinessUrl,
  "business_profile.mcc": m.fieldBusinessMcc,
  "business_profile.product_description": m.fieldProductDescription,
  "business_profile.support_phone": m.fieldSupportPhone,
  "company.name": m.fieldCompanyName,
  "company.phone": m.fieldCompanyPhone,
  "company.tax_id": m.fieldCompanyTaxId,
  "company.address": m.fieldCompanyAddress,
  "company.owners_provided": m.fieldCompanyOwners,
  "company.directors_provided": m.fieldCompanyDirectors,
  "company.executives_provided": m.fieldCompanyExecutives,
  "company.structure": m.fieldCompanyStructure,
  external_account: m.fieldPayoutAccount,
  tos_acceptance: m.fieldTerms,
};

/** A person's requirements (the individual's, the representative's, any person's), by item. */
export const personRequirementLabels: Readonly<Record<string, MessageDescriptor>> = {
  name: m.personName,
  email: m.personEmail,
  phone: m.personPhone,
  dob: m.personDob,
  address: m.personAddress,
  ssn_last_4: m.personSsnLast4,
  id_number: m.personIdNumber,
  "relationship.title": m.personTitle,
  "verification.document": m.personIdDocument,
};

const roleLabels: Readonly<Record<PersonRole, MessageDescriptor>> = {
  individual: m.roleIndividual,
  representative: m.roleRepresentative,
  owner: m.roleOwner,
  director: m.roleDirector,
  executive: m.roleExecutive,
  person: m.rolePerson,
};

/** The label of a requirement path or group key, if it has one. */
export function requirementMessage(requirement: string): MessageDescriptor | undefined {
  const key = requirementGroupOf(requirement);
  const { person, field } = requirementPartsOf(key);
  return person === null ? accountRequirementLabels[key] : personRequirementLabels[field];
}

/**
 * An unknown path made readable: below a person's prefix, its segments with spaces for
 * underscores, the first capitalised (`company.verification.additional_document` →
 * "Company – verification – additional document").
 */
export function humanisedRequirement(requirement: string): string {
  const { field } = requirementPartsOf(requirement);
  const text = field
    .split(".")
    .filter((segment) => segment !== "")
    .map((segment) => segment.replace(/_+/g, " ").trim())
    .join(" – ");
  return text === "" ? requirement : text.charAt(0).toUpperCase() + text.slice(1);
}

/** A requirement's label in the person's words (humanised for one without a label). */
export function requirementLabel(intl: IntlShape, requirement: string): string {
  const known = requirementMessage(requirement);
  return known ? intl.formatMessage(known) : humanisedRequirement(requirement);
}

/** The person an entry is about: their name, else their role. */
export const subjectLabel = (intl: IntlShape, subject: RequirementSubject): string =>
  subject.name ?? intl.formatMessage(roleLabels[subject.role]);

/** A requirement entry's line ("Information needed: Date of birth (Jenny Rosen)"). */
export function requirementEntryText(
  intl: IntlShape,
  entry: Extract<BannerNotification, { kind: "requirement" }>,
): string {
  const requirement = requirementLabel(intl, entry.requirement);
  return entry.subject
    ? intl.formatMessage(m.personRequirementEntry, {
        requirement,
        person: subjectLabel(intl, entry.subject),
      })
    : intl.formatMessage(m.requirementEntry, { requirement });
}

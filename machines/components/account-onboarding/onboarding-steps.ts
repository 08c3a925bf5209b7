/**
 * What account-onboarding asks for: the account's requirements (the provider computes them,
 * `server/accounts/requirements.ts`) as the platform's `collectionOptions` select them, and
 * the flow's steps derived from those (the kit's step machine runs them).
 */
import type { CollectionOptions } from "../../../protocol/catalogue/inputs.schema.ts";
import type { Requirements } from "../../../protocol/objects/requirements.schema.ts";
import { requirementFieldOf } from "../notification-banner/requirement-forms.ts";
import type { StepSpec } from "../steps/steps.ts";
import { companyStepSpecs, isCompanyDetail, isPersonsRequirement } from "./company-steps.ts";

/** `collectionOptions` (SPEC.md §3): which requirements the flow collects. */
export type OnboardingCollection = CollectionOptions;

export const defaultCollection: OnboardingCollection = { fields: "currently_due" };

/** What the flow reads of the account. */
export interface OnboardingAccount {
  type: string;
  business_type: string | null;
  requirements: Requirements;
  future_requirements: Requirements;
}

/**
 * The requirements the flow collects, sorted: those due now (or eventually), those the
 * provider will ask for later when future requirements are included, past-due and errored
 * ones always (they block the account now); then `only` keeps just those named and
 * `exclude` drops those named.
 */
export function collectedRequirements(
  account: Pick<OnboardingAccount, "requirements" | "future_requirements">,
  collection: OnboardingCollection = defaultCollection,
): string[] {
  const from = (r: Requirements) => [
    ...r[collection.fields],
    ...r.past_due,
    ...r.errors.map((e) => e.requirement),
  ];
  const all = new Set(from(account.requirements));
  if (collection.future_requirements === "include")
    for (const path of from(account.future_requirements)) all.add(path);
  const named = collection.requirements;
  const only = named && "only" in named ? named.only : undefined;
  const exclude = named && "exclude" in named ? named.exclude : undefined;
  const picked = [...all].filter(
    (path) => (only === undefined || only.includes(path)) && !exclude?.includes(path),
  );
  return picked.sort();
}

/**
 * The flow's steps, in order. The user claim (`claim`) comes first while the account is
 * claimed in this flow (`account-claim.machine.ts`, `withClaimStep`); the others derive from
 * the account's requirements (`onboardingStepSpecs`).
 */
export type OnboardingStepId =
  | "claim"
  | "business_type"
  | "business"
  | "company"
  | "persons"
  | "details"
  | "document"
  | "bank"
  | "terms"
  | "review";

/** What the steps are derived from. */
export interface OnboardingData {
  /** `collectedRequirements` of the account now. */
  collected: readonly string[];
  /**
   * Every requirement the flow has asked for since it opened (those collected then, and any
   * the provider added since): a step stays in the flow once done, so the person can go back.
   */
  asked: readonly string[];
  /** The session enables `external_account_collection`. */
  collectsBank: boolean;
  /** `skip-terms-of-service-collection` on a custom account: the platform collects them. */
  skipTerms: boolean;
  /** The person confirmed the review (the last step). */
  submitted: boolean;
  /**
   * The person's identity document is on file, or their identity is verified without one:
   * the document step has nothing left to ask.
   */
  documentDone: boolean;
}

/**
 * The business's own fields (its profile, the account's email): those the notification
 * banner resolves with one field each (`requirementFieldOf`), collected together on one
 * step; a company's own fields have theirs (`isCompanyDetail`).
 */
const isBusiness = (path: string) =>
  requirementFieldOf(path) !== undefined && !isCompanyDetail(path);
/** The individual's fields the details step collects. */
const isDetail = (path: string) =>
  path.startsWith("individual.") && !path.endsWith("verification.document");
const isDocument = (path: string) =>
  path.startsWith("individual.") && path.endsWith("verification.document");
const isTerms = (path: string) => path.startsWith("tos_acceptance.");
/** A requirement one of the flow's steps collects. */
const collectedByAStep = (path: string) =>
  path === "business_type" ||
  path === "external_account" ||
  isBusiness(path) ||
  isCompanyDetail(path) ||
  isPersonsRequirement(path) ||
  isDetail(path) ||
  isDocument(path) ||
  isTerms(path);

const due = (data: OnboardingData, test: (path: string) => boolean) => data.collected.some(test);
const asked = (data: OnboardingData, test: (path: string) => boolean) => data.asked.some(test);

/**
 * The steps of account-onboarding: each applies when a requirement the flow asked for
 * belongs to it and is done when none of its requirements is still collected (the provider
 * recomputes them after each submitted step); the document step also waits for a document
 * (or a verified identity); the review closes a flow that asks for anything and is done once
 * submitted.
 */
export const onboardingStepSpecs: readonly StepSpec<OnboardingData>[] = [
  {
    id: "business_type",
    applies: (d) => asked(d, (p) => p === "business_type"),
    complete: (d) => !due(d, (p) => p === "business_type"),
  },
  { id: "business", applies: (d) => asked(d, isBusiness), complete: (d) => !due(d, isBusiness) },
  ...companyStepSpecs,
  { id: "details", applies: (d) => asked(d, isDetail), complete: (d) => !due(d, isDetail) },
  {
    // A person whose details are asked shows an identity document (front and back) in the
    // same flow, rather than waiting a day for the keyed check to ask for one.
    id: "document",
    applies: (d) => asked(d, isDocument) || asked(d, isDetail),
    complete: (d) => !due(d, isDocument) && d.documentDone,
  },
  {
    id: "bank",
    applies: (d) => d.collectsBank && asked(d, (p) => p === "external_account"),
    complete: (d) => !due(d, (p) => p === "external_account"),
  },
  {
    id: "terms",
    applies: (d) => !d.skipTerms && asked(d, isTerms),
    complete: (d) => !due(d, isTerms),
  },
  {
    // Only a flow that asks for something ends with a review (an account that owes nothing
    // this flow collects has no steps: there is nothing to do).
    id: "review",
    applies: (d) => asked(d, collectedByAStep),
    complete: (d) => d.submitted,
  },
];

/**
 * What an account still owes, computed from what is on file — never stored. One pure
 * function, `accountStatus`, turns the account's facts (business type and profile, company,
 * individual and persons, external accounts, terms of service, requested capabilities, open
 * risk interventions) and the time into `requirements`, `future_requirements`, capability
 * statuses and the three flags (details_submitted, charges_enabled, payouts_enabled).
 *
 * Identity checks and bank checks take `checkDelay` seconds: before that a submission is
 * pending, after it the outcome the sandbox decided at submission time (magic values,
 * server/README.md) applies. So statuses move when the sandbox clock moves.
 */
import type { CapabilityStatus } from "../../protocol/objects/account.schema.ts";
import type { VerificationStatus } from "../../protocol/objects/person.schema.ts";
import type {
  Address,
  BankOutcome,
  BusinessProfile,
  BusinessType,
  Capabilities,
  CapabilityName,
  Company,
  Dob,
  Relationship,
  TosAcceptance,
  VerificationFacts,
} from "./account.tables.ts";

/** Seconds an identity or bank check stays pending. */
export const checkDelay = 24 * 60 * 60;
/** Seconds a non-restricting risk intervention gives the account before it is past due. */
export const interventionGrace = 7 * 24 * 60 * 60;

export interface PersonFacts {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  dob: Dob | null;
  address: Address | null;
  relationship: Relationship;
  id_number_provided: boolean;
  ssn_last_4_provided: boolean;
  verification: VerificationFacts;
}

export interface ExternalAccountFacts {
  id: string;
  currency: string;
  default_for_currency: boolean;
  created: number;
  bank_outcome: BankOutcome | null;
}

export interface InterventionFacts {
  id: string;
  disabled_reason: string | null;
  deadline: number | null;
  created: number;
  /** When the account holder answered it: in review for `checkDelay`, then settled. */
  submitted_at: number | null;
  /**
   * An identity challenge's last document as the sandbox judged it (null for the risk
   * form): `failed` opens the challenge again once the review settles.
   */
  verification_outcome?: "verified" | "failed" | null | undefined;
}

/** The refusal of an identity challenge's document, as its error reads. */
export const challengeDocumentFailed = {
  code: "verification_document_failed_other",
  reason: "The document could not be verified.",
} as const;

/**
 * Where an intervention stands at `now`: resolved by the platform, or its review settled —
 * resolved, unless an identity challenge's document failed the check (open again).
 */
export function interventionStatus(
  intervention: Pick<InterventionFacts, "submitted_at" | "verification_outcome"> & {
    resolved_at: number | null;
  },
  now: number,
): "action_required" | "in_review" | "resolved" {
  if (intervention.resolved_at !== null) return "resolved";
  if (intervention.submitted_at === null) return "action_required";
  if (now < intervention.submitted_at + checkDelay) return "in_review";
  return intervention.verification_outcome === "failed" ? "action_required" : "resolved";
}

/** Whether the intervention is open again because its last document was refused. */
export const interventionRefused = (
  intervention: Pick<InterventionFacts, "submitted_at" | "verification_outcome">,
  now: number,
) =>
  intervention.verification_outcome === "failed" &&
  intervention.submitted_at !== null &&
  now >= intervention.submitted_at + checkDelay;

export interface AccountFacts {
  country: string;
  business_type: BusinessType | null;
  business_name: string | null;
  business_profile: BusinessProfile;
  company: Company | null;
  capabilities: Capabilities;
  tos_acceptance: TosAcceptance;
  /** The account's individual (business_type individual). */
  individual: PersonFacts | null;
  /** The other persons (representative, owners, directors, executives). */
  persons: PersonFacts[];
  external_accounts: ExternalAccountFacts[];
  /** Unresolved risk interventions. */
  interventions: InterventionFacts[];
}

export interface RequirementError {
  requirement: string;
  code: string;
  reason: string;
}

export interface Requirements {
  currently_due: string[];
  eventually_due: string[];
  past_due: string[];
  pending_verification: string[];
  errors: RequirementError[];
  disabled_reason: string | null;
  current_deadline: number | null;
}

export interface AccountStatus {
  requirements: Requirements;
  future_requirements: Requirements;
  capabilities: Partial<Record<CapabilityName, CapabilityStatus>>;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
}

/** Regions whose rules differ. */
type Region = "US" | "CA" | "AU" | "GB" | "EU" | "OTHER";
const euCountries = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
]);
export function regionOf(country: string): Region {
  if (country === "US" || country === "CA" || country === "AU" || country === "GB") return country;
  return euCountries.has(country) ? "EU" : "OTHER";
}
/** Countries whose addresses name a state or province. */
const needsState = (region: Region) => region === "US" || region === "CA" || region === "AU";

/** Identity verification status of a person, derived from the time. */
export function verificationStatus(v: VerificationFacts, now: number): VerificationStatus {
  if (v.submitted_at === undefined || v.outcome === undefined) return "unverified";
  if (now < v.submitted_at + checkDelay) return "pending";
  return v.outcome === "verified" ? "verified" : "unverified";
}

/** Bank account status, derived from the time: `new` until the check settles. */
export function bankStatus(
  outcome: BankOutcome | null,
  created: number,
  now: number,
): "new" | BankOutcome {
  if (outcome === null || now < created + checkDelay) return "new";
  return outcome;
}

type Kind = "info" | "verification" | "intervention";
interface Item {
  path: string;
  kind: Kind;
  capabilities: readonly CapabilityName[];
}

const both = ["card_payments", "transfers"] as const;
const dobPaths = (p: string) => [`${p}.dob.day`, `${p}.dob.month`, `${p}.dob.year`];
function addressPaths(p: string, region: Region) {
  const paths = [`${p}.address.line1`, `${p}.address.city`, `${p}.address.postal_code`];
  if (needsState(region)) paths.push(`${p}.address.state`);
  return paths;
}
function missingAddress(a: Address | null | undefined, p: string, region: Region): string[] {
  const missing: string[] = [];
  if (!a?.line1) missing.push(`${p}.address.line1`);
  if (!a?.city) missing.push(`${p}.address.city`);
  if (!a?.postal_code) missing.push(`${p}.address.postal_code`);
  if (needsState(region) && !a?.state) missing.push(`${p}.address.state`);
  return missing;
}

/** The identity fields a check needs before it can run. */
export function identityComplete(p: Omit<PersonFacts, "id">): boolean {
  return Boolean(p.first_name && p.last_name && p.dob);
}

interface Collected {
  due: Item[];
  eventually: Item[];
  pending: string[];
  errors: RequirementError[];
}

/** The fields of a person who must be verified (the individual or the representative). */
function verifiedPerson(
  out: Collected,
  person: PersonFacts | null,
  prefix: string,
  region: Region,
  now: number,
  withTitle: boolean,
) {
  const info = (path: string) => out.due.push({ path, kind: "info", capabilities: both });
  if (!person) {
    for (const f of ["first_name", "last_name", "email", "phone"]) info(`${prefix}.${f}`);
    for (const path of dobPaths(prefix)) info(path);
    for (const path of addressPaths(prefix, region)) info(path);
    if (region === "US") info(`${prefix}.ssn_last_4`);
    if (withTitle) info(`${prefix}.relationship.title`);
    if (region === "US" || region === "CA") {
      out.eventually.push({ path: `${prefix}.id_number`, kind: "info", capabilities: both });
    }
    return;
  }
  if (!person.first_name) info(`${prefix}.first_name`);
  if (!person.last_name) info(`${prefix}.last_name`);
  if (!person.email) info(`${prefix}.email`);
  if (!person.phone) info(`${prefix}.phone`);
  if (!person.dob) for (const path of dobPaths(prefix)) info(path);
  for (const path of missingAddress(person.address, prefix, region)) info(path);
  if (region === "US" && !person.ssn_last_4_provided && !person.id_number_provided) {
    info(`${prefix}.ssn_last_4`);
  }
  if (withTitle && !person.relationship.title) info(`${prefix}.relationship.title`);
  if ((region === "US" || region === "CA") && !person.id_number_provided) {
    out.eventually.push({ path: `${prefix}.id_number`, kind: "info", capabilities: both });
  }
  const v = person.verification;
  const status = verificationStatus(v, now);
  if (status === "pending") {
    out.pending.push(`${prefix}.first_name`, `${prefix}.last_name`, ...dobPaths(prefix));
    if (person.id_number_provided) out.pending.push(`${prefix}.id_number`);
    if (v.document_provided) out.pending.push(`${prefix}.verification.document`);
    return;
  }
  if (status === "unverified" && v.outcome !== undefined) {
    // The check ran and did not verify the person: a document is needed.
    out.due.push({
      path: `${prefix}.verification.document`,
      kind: "verification",
      capabilities: both,
    });
    if (v.outcome === "failed") {
      out.errors.push({
        requirement: `${prefix}.verification.document`,
        code: v.details_code ?? "verification_failed_other",
        reason: failureReasons[v.details_code ?? ""] ?? "The identity could not be verified.",
      });
    }
  }
}

/**
 * An owner's, director's or executive's identity check, when one ran (their fields or a
 * document were given): pending while it runs; once it failed, a document is due, with the
 * reason in `errors`. A person nobody checked owes no document.
 */
function personCheck(out: Collected, person: PersonFacts, now: number) {
  const v = person.verification;
  const status = verificationStatus(v, now);
  const path = `${person.id}.verification.document`;
  if (status === "pending" && v.document_provided) out.pending.push(path);
  if (status !== "unverified" || v.outcome !== "failed") return;
  out.due.push({ path, kind: "verification", capabilities: both });
  out.errors.push({
    requirement: path,
    code: v.details_code ?? "verification_failed_other",
    reason: failureReasons[v.details_code ?? ""] ?? "The identity could not be verified.",
  });
}

const failureReasons: Record<string, string> = {
  verification_failed_keyed_identity:
    "The name and date of birth on file could not be matched to a real person.",
  verification_failed_id_number_match: "The id number on file does not match the person.",
  verification_document_failed_other: "The identity document could not be verified.",
};

/** The requirements the rules of `region` place on the account today. */
function collect(facts: AccountFacts, requested: CapabilityName[], now: number): Collected {
  const out: Collected = { due: [], eventually: [], pending: [], errors: [] };
  if (requested.length === 0) return out;
  const region = regionOf(facts.country);
  const info = (path: string, capabilities: readonly CapabilityName[] = both) =>
    out.due.push({ path, kind: "info", capabilities });
  const profile = facts.business_profile;

  if (!facts.business_type) info("business_type");
  if (facts.tos_acceptance.date === undefined) info("tos_acceptance.date");
  if (!facts.tos_acceptance.ip) info("tos_acceptance.ip");
  if (requested.includes("card_payments")) {
    if (!profile.mcc) info("business_profile.mcc", ["card_payments"]);
    if (!profile.url && !profile.product_description) {
      info("business_profile.url", ["card_payments"]);
    }
  }

  // Payouts need somewhere to go: one external account that has not errored.
  const usable = facts.external_accounts.filter(
    (e) => bankStatus(e.bank_outcome, e.created, now) !== "errored",
  );
  if (usable.length === 0 && requested.includes("transfers")) {
    info("external_account", ["transfers"]);
  }
  for (const e of facts.external_accounts) {
    if (bankStatus(e.bank_outcome, e.created, now) === "errored") {
      out.errors.push({
        requirement: "external_account",
        code: "verification_failed_bank_account",
        reason: `The bank account ${e.id} could not receive a test deposit.`,
      });
    }
  }

  const business = facts.business_type;
  if (business === "individual") {
    verifiedPerson(out, facts.individual, "individual", region, now, false);
  } else if (business !== null) {
    const company = facts.company ?? {};
    if (!company.name && !facts.business_name) info("company.name");
    for (const path of missingAddress(company.address, "company", region)) info(path);
    if (!company.phone) info("company.phone");
    if (!company.tax_id_provided) info("company.tax_id");
    const representative = facts.persons.find((p) => p.relationship.representative) ?? null;
    verifiedPerson(
      out,
      representative,
      representative ? representative.id : "representative",
      region,
      now,
      region === "US",
    );
    if (business === "company") {
      if (!company.owners_provided) info("company.owners_provided");
      if ((region === "GB" || region === "EU") && !company.directors_provided) {
        info("company.directors_provided");
      }
      if (region === "US" && !company.executives_provided) info("company.executives_provided");
    }
    for (const person of facts.persons) {
      const r = person.relationship;
      if (r.representative || !(r.owner || r.director || r.executive)) continue;
      if (!person.first_name) info(`${person.id}.first_name`);
      if (!person.last_name) info(`${person.id}.last_name`);
      personCheck(out, person, now);
      if (r.owner || r.executive) {
        if (!person.dob) {
          for (const path of dobPaths(person.id)) {
            out.eventually.push({ path, kind: "info", capabilities: both });
          }
        }
        for (const path of missingAddress(person.address, person.id, region)) {
          out.eventually.push({ path, kind: "info", capabilities: both });
        }
      }
    }
  }
  return out;
}

const sorted = (paths: Iterable<string>) => [...new Set(paths)].sort();

/** The account's requirements, capability statuses and flags at `now`. */
export function accountStatus(facts: AccountFacts, now: number): AccountStatus {
  const requested = (Object.keys(facts.capabilities) as CapabilityName[]).filter(
    (name) => facts.capabilities[name]?.requested,
  );
  const collected = collect(facts, requested, now);
  const items = [...collected.due];
  const deadlines: number[] = [];
  const pastDue: string[] = [];
  let restriction: string | null = null;
  const inReview: string[] = [];
  const interventionErrors: RequirementError[] = [];
  for (const intervention of facts.interventions) {
    const status = interventionStatus({ ...intervention, resolved_at: null }, now);
    if (status === "resolved") continue;
    if (status === "in_review") {
      // Answered: being reviewed, and a restriction holds until the review settles.
      inReview.push(intervention.id);
      if (intervention.disabled_reason !== null) restriction ??= intervention.disabled_reason;
      continue;
    }
    items.push({ path: intervention.id, kind: "intervention", capabilities: both });
    if (interventionRefused(intervention, now))
      interventionErrors.push({ requirement: intervention.id, ...challengeDocumentFailed });
    if (intervention.disabled_reason !== null) {
      restriction ??= intervention.disabled_reason;
      pastDue.push(intervention.id);
      continue;
    }
    const deadline = intervention.deadline ?? intervention.created + interventionGrace;
    if (now >= deadline) pastDue.push(intervention.id);
    else deadlines.push(deadline);
  }
  // What onboarding still lacks blocks its capabilities at once, so it is past due.
  for (const item of collected.due) pastDue.push(item.path);

  const pendingCaps = new Set<CapabilityName>(collected.pending.length > 0 ? both : []);
  const blocked = new Set<CapabilityName>();
  for (const item of items) {
    if (pastDue.includes(item.path)) for (const cap of item.capabilities) blocked.add(cap);
  }
  const capabilities: Partial<Record<CapabilityName, CapabilityStatus>> = {};
  for (const name of requested) {
    capabilities[name] = blocked.has(name)
      ? "inactive"
      : pendingCaps.has(name)
        ? "pending"
        : "active";
  }

  const currentlyDue = sorted(items.map((i) => i.path));
  const past = sorted(pastDue);
  let disabledReason: string | null = null;
  if (requested.length > 0) {
    if (restriction !== null) disabledReason = restriction;
    else if (past.length > 0) disabledReason = "requirements.past_due";
    else if (collected.pending.length > 0) disabledReason = "requirements.pending_verification";
  }
  const hasPayoutDestination = facts.external_accounts.some(
    (e) => bankStatus(e.bank_outcome, e.created, now) !== "errored",
  );
  const nothingBlocks = requested.length > 0 && restriction === null && past.length === 0;

  return {
    requirements: {
      currently_due: currentlyDue,
      eventually_due: sorted([...currentlyDue, ...collected.eventually.map((i) => i.path)]),
      past_due: past,
      pending_verification: sorted([...collected.pending, ...inReview]),
      errors: [...collected.errors, ...interventionErrors],
      disabled_reason: disabledReason,
      current_deadline: deadlines.length > 0 ? Math.min(...deadlines) : null,
    },
    future_requirements: futureRequirements(facts, requested),
    capabilities,
    details_submitted: requested.length > 0 && !collected.due.some((item) => item.kind === "info"),
    charges_enabled: capabilities.card_payments === "active",
    payouts_enabled: nothingBlocks && hasPayoutDestination && collected.pending.length === 0,
  };
}

/**
 * Rules announced but not yet in force: a company's legal structure, and a support phone
 * for card payments. They block nothing today.
 */
function futureRequirements(facts: AccountFacts, requested: CapabilityName[]): Requirements {
  const due: string[] = [];
  if (requested.length > 0) {
    if (facts.business_type === "company" && !facts.company?.structure)
      due.push("company.structure");
    if (requested.includes("card_payments") && !facts.business_profile.support_phone) {
      due.push("business_profile.support_phone");
    }
  }
  return {
    currently_due: sorted(due),
    eventually_due: sorted(due),
    past_due: [],
    pending_verification: [],
    errors: [],
    disabled_reason: null,
    current_deadline: null,
  };
}

/**
 * What the notification banner lists (SPEC.md §1, §4): one entry for each risk intervention
 * and each thing a person must provide (currently due, or eventually due when
 * `collectionOptions` asks, with the future requirements when it includes them), "in review"
 * while it is pending verification, nothing otherwise. A requirement path is one field of
 * the API; the parts of one thing are one entry (`requirementGroupOf`: a person's date of
 * birth, an address, a full name, the terms of service), so the banner shows — and its counts
 * report — one line per thing to do. A person's entry names whose it is (`subject`), and so
 * does an identity challenge (a risk intervention of kind `identity_verification`). Pure:
 * the banner machine computes its entries with it.
 */
import type { AccountSection } from "../../../protocol/catalogue/inputs.schema.ts";
import type { Account } from "../../../protocol/objects/account.schema.ts";
import type { Person } from "../../../protocol/objects/person.schema.ts";
import type { RiskIntervention } from "../../../protocol/objects/risk-intervention.schema.ts";

export type NotificationStatus = "action_required" | "in_review";

export type BannerNotification =
  | {
      kind: "intervention";
      id: string;
      status: NotificationStatus;
      intervention: RiskIntervention;
      /** An identity challenge's person (`intervention.person`), named when on file. */
      subject?: RequirementSubject | undefined;
    }
  | {
      kind: "requirement";
      /** The group's key (`requirementGroupOf`), as `requirement`. */
      id: string;
      status: NotificationStatus;
      /**
       * The thing asked for: the requirement's path (`company.tax_id`), or the key of its
       * group (`person_….dob`, `company.address`, `tos_acceptance`).
       */
      requirement: string;
      /** The provider's paths this entry stands for (one, or a group's parts), sorted. */
      paths: readonly string[];
      /** Whose it is, for a person's requirement (`individual.…`, `representative.…`, `person_….…`). */
      subject?: RequirementSubject | undefined;
      /** The account section it belongs to (disabled sections are not editable here). */
      section: AccountSection | "business" | "terms";
    };

/** The part a person plays on the account, as the banner names one without a name. */
export type PersonRole =
  | "individual"
  | "representative"
  | "owner"
  | "director"
  | "executive"
  | "person";

/** The person a requirement is about: their name when the provider has it, and their role. */
export interface RequirementSubject {
  /** The path's prefix (`individual`, `representative`, `person_…`). */
  prefix: string;
  role: PersonRole;
  /** First and last name as on file, or null when the provider has neither. */
  name: string | null;
}

export interface CollectionChoice {
  fields: "currently_due" | "eventually_due";
  future_requirements?: "omit" | "include" | undefined;
}

export interface NotificationCounts {
  total: number;
  actionRequired: number;
}

/** The account section a requirement path belongs to. */
export function sectionOf(requirement: string): AccountSection | "business" | "terms" {
  const head = requirement.split(".")[0] ?? "";
  if (head === "company") return "company";
  if (head === "external_account") return "external_account";
  if (head === "tos_acceptance") return "terms";
  if (requirement.startsWith("business_profile.support_")) return "support";
  if (
    head === "individual" ||
    head === "representative" ||
    head.startsWith("person_") ||
    head === "owners" ||
    head === "directors" ||
    head === "executives"
  )
    return "person";
  return "business";
}

const isIntervention = (path: string) => path.startsWith("interv_");

/** The prefixes naming a person by role, none on file yet (`owners.dob.day`), and the role. */
const rolePrefixes: Readonly<Record<string, PersonRole>> = {
  individual: "individual",
  representative: "representative",
  owners: "owner",
  directors: "director",
  executives: "executive",
};

/**
 * Whether a path's first segment names a person: the individual, the representative, one
 * person (`person_…`), or one yet to add by role (`owners`, `directors`, `executives`).
 */
export const isPersonPrefix = (head: string) =>
  Object.hasOwn(rolePrefixes, head) || head.startsWith("person_");

/** A requirement path as the person prefix it starts with (if any) and the field below it. */
export function requirementPartsOf(path: string): { person: string | null; field: string } {
  const dot = path.indexOf(".");
  const head = dot < 0 ? path : path.slice(0, dot);
  return dot > 0 && isPersonPrefix(head)
    ? { person: head, field: path.slice(dot + 1) }
    : { person: null, field: path };
}

/**
 * The thing a requirement path is part of — the key of its banner entry: a date of birth's
 * day, month and year are `<person>.dob`; an address's lines, city, postal code, state and
 * country `<subject>.address`; a first and last name `<person>.name`; the terms' date, IP
 * and user agent `tos_acceptance`. Any other path is its own.
 */
export function requirementGroupOf(path: string): string {
  const { person, field } = requirementPartsOf(path);
  if (person === null) {
    if (path.startsWith("tos_acceptance.")) return "tos_acceptance";
    if (path.startsWith("company.address.")) return "company.address";
    return path;
  }
  const item = field.startsWith("dob.")
    ? "dob"
    : field.startsWith("address.")
      ? "address"
      : field === "first_name" || field === "last_name"
        ? "name"
        : field;
  return `${person}.${item}`;
}

const fullName = (p: Pick<Person, "first_name" | "last_name"> | undefined) => {
  const name = [p?.first_name, p?.last_name].filter((part) => part).join(" ");
  return name === "" ? null : name;
};

/**
 * The person a prefix names: the account's individual, one not yet on file by role
 * (`representative`, `owners`, …), or one person of the list, by name and role.
 */
export function subjectOf(
  prefix: string,
  account: Partial<Pick<Account, "individual">>,
  persons: readonly Person[],
): RequirementSubject {
  if (prefix === "individual")
    return { prefix, role: "individual", name: fullName(account.individual) };
  const byRole = rolePrefixes[prefix];
  if (byRole) return { prefix, role: byRole, name: null };
  const person = persons.find((p) => p.id === prefix);
  const r = person?.relationship;
  const role: PersonRole = r?.representative
    ? "representative"
    : r?.owner
      ? "owner"
      : r?.director
        ? "director"
        : r?.executive
          ? "executive"
          : "person";
  return { prefix, role, name: fullName(person) };
}

/**
 * Whether the banner names a person of the persons list: a requirement of the account is
 * one of theirs (`person_….…`), or an open identity challenge is of a person other than the
 * account's individual. Their names are then read.
 */
export function namesPersons(
  account: Pick<Account, "requirements" | "future_requirements"> &
    Partial<Pick<Account, "individual">>,
  interventions: readonly RiskIntervention[] = [],
) {
  const lists = [account.requirements, account.future_requirements].flatMap((r) => [
    r.currently_due,
    r.eventually_due,
    r.pending_verification,
  ]);
  return (
    lists.some((paths) => paths.some((path) => path.startsWith("person_"))) ||
    interventions.some(
      (i) => i.person !== null && i.status !== "resolved" && i.person !== account.individual?.id,
    )
  );
}

/** The person an identity challenge is of: the account's individual, or one of its persons. */
export function challengeSubjectOf(
  person: string,
  account: Partial<Pick<Account, "individual">>,
  persons: readonly Person[],
): RequirementSubject {
  if (account.individual?.id === person)
    return { prefix: person, role: "individual", name: fullName(account.individual) };
  return subjectOf(person, account, persons);
}

/**
 * The banner's entries: interventions first (newest first), then the things due by key, then
 * those in review by key. A thing with any part due needs action (one entry); it is in review
 * when all its parts shown are pending.
 */
export function notificationsOf(
  account: Pick<Account, "requirements" | "future_requirements"> &
    Partial<Pick<Account, "individual">>,
  interventions: readonly RiskIntervention[],
  collection: CollectionChoice,
  persons: readonly Person[] = [],
): BannerNotification[] {
  const out: BannerNotification[] = [];
  for (const intervention of interventions) {
    if (intervention.status === "resolved") continue;
    out.push({
      kind: "intervention",
      id: intervention.id,
      status: intervention.status,
      intervention,
      ...(intervention.person === null
        ? {}
        : { subject: challengeSubjectOf(intervention.person, account, persons) }),
    });
  }
  const field = collection.fields;
  const pending = new Set(account.requirements.pending_verification);
  const due = new Set(account.requirements[field]);
  if (collection.future_requirements === "include")
    for (const path of account.future_requirements[field]) due.add(path);
  const groups = (paths: Iterable<string>) => {
    const byKey = new Map<string, string[]>();
    for (const path of paths) {
      if (isIntervention(path)) continue;
      const key = requirementGroupOf(path);
      byKey.set(key, [...(byKey.get(key) ?? []), path]);
    }
    return byKey;
  };
  const needed = groups([...due].filter((path) => !pending.has(path)));
  const reviewed = groups(pending);
  const entry = (key: string, paths: string[], status: NotificationStatus): BannerNotification => {
    const { person } = requirementPartsOf(key);
    return {
      kind: "requirement",
      id: key,
      status,
      requirement: key,
      paths: paths.sort(),
      subject: person === null ? undefined : subjectOf(person, account, persons),
      section: sectionOf(key),
    };
  };
  for (const key of [...needed.keys()].sort())
    out.push(entry(key, needed.get(key)!, "action_required"));
  for (const key of [...reviewed.keys()].sort())
    if (!needed.has(key)) out.push(entry(key, reviewed.get(key)!, "in_review"));
  return out;
}

export const countsOf = (notifications: readonly BannerNotification[]): NotificationCounts => ({
  total: notifications.length,
  actionRequired: notifications.filter((n) => n.status === "action_required").length,
});

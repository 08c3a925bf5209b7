/**
 * What the notification banner lists (SPEC.md §1, §4): one entry for each risk intervention
 * and each requirement due (currently due, or eventually due when `collectionOptions` asks,
 * with the future requirements when it includes them), "in review" while one is pending
 * verification, nothing otherwise. Pure: the banner machine computes its entries with it.
 */
import type { AccountSection } from "../../../protocol/catalogue/inputs.schema.ts";
import type { Account } from "../../../protocol/objects/account.schema.ts";
import type { RiskIntervention } from "../../../protocol/objects/risk-intervention.schema.ts";

export type NotificationStatus = "action_required" | "in_review";

export type BannerNotification =
  | {
      kind: "intervention";
      id: string;
      status: NotificationStatus;
      intervention: RiskIntervention;
    }
  | {
      kind: "requirement";
      id: string;
      status: NotificationStatus;
      /** The requirement's path (`company.tax_id`, `person_….dob.day`). */
      requirement: string;
      /** The account section it belongs to (disabled sections are not editable here). */
      section: AccountSection | "business" | "terms";
    };

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

/** The banner's entries: interventions first (newest first), then requirements by path. */
export function notificationsOf(
  account: Pick<Account, "requirements" | "future_requirements">,
  interventions: readonly RiskIntervention[],
  collection: CollectionChoice,
): BannerNotification[] {
  const out: BannerNotification[] = [];
  for (const intervention of interventions) {
    if (intervention.status === "resolved") continue;
    out.push({
      kind: "intervention",
      id: intervention.id,
      status: intervention.status,
      intervention,
    });
  }
  const field = collection.fields;
  const pending = new Set(account.requirements.pending_verification);
  const due = new Set(account.requirements[field]);
  if (collection.future_requirements === "include")
    for (const path of account.future_requirements[field]) due.add(path);
  for (const path of [...due].sort()) {
    if (isIntervention(path) || pending.has(path)) continue;
    out.push({
      kind: "requirement",
      id: path,
      status: "action_required",
      requirement: path,
      section: sectionOf(path),
    });
  }
  for (const path of [...pending].sort()) {
    if (isIntervention(path)) continue;
    out.push({
      kind: "requirement",
      id: path,
      status: "in_review",
      requirement: path,
      section: sectionOf(path),
    });
  }
  return out;
}

export const countsOf = (notifications: readonly BannerNotification[]): NotificationCounts => ({
  total: notifications.length,
  actionRequired: notifications.filter((n) => n.status === "action_required").length,
});

/**
 * Connected accounts of a platform in every onboarding state, for the sandbox seed: new,
 * details currently due, in review, restricted by a risk intervention, fully enabled — each
 * for custom, express and standard accounts.
 */
import type { Kysely } from "kysely";
import { defaultCurrencyFor } from "../accounts/accounts.schema.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../http/secrets.ts";

export type OnboardingState = "new" | "currently_due" | "in_review" | "restricted" | "enabled";

export interface SeededAccount {
  id: string;
  label: string;
  type: "custom" | "express" | "standard";
  state: OnboardingState;
}

export const onboardingStates: readonly OnboardingState[] = [
  "new",
  "currently_due",
  "in_review",
  "restricted",
  "enabled",
];

const accountTypes = ["custom", "express", "standard"] as const;

/** Connected accounts of the platform in every onboarding state, custom/express/standard. */
export async function seedAccountStates(
  db: Kysely<Database>,
  platformId: string,
  now: number,
): Promise<SeededAccount[]> {
  const seeded: SeededAccount[] = [];
  for (const type of accountTypes) {
    for (const state of onboardingStates) {
      const id = newId("acct");
      await db
        .insertInto("accounts")
        .values({
          id,
          platform_id: platformId,
          type,
          livemode: false,
          country: "US",
          default_currency: "usd",
          email: `${state}.${type}@example.com`,
          business_name: `${state} ${type}`,
          details_submitted: state !== "new" && state !== "currently_due",
          charges_enabled: state === "enabled",
          payouts_enabled: state === "enabled",
          created: now,
        })
        .execute();
      seeded.push({ id, label: `${type} account, ${state.replace("_", " ")}`, type, state });
    }
  }
  return seeded;
}

/** One fully enabled account (company, representative verified, bank account, ToS) — the main demo account. */
export async function createEnabledAccount(
  db: Kysely<Database>,
  platformId: string,
  input: {
    type: "custom" | "express" | "standard";
    country: string;
    businessName: string;
    email: string;
  },
  now: number,
): Promise<string> {
  const id = newId("acct");
  await db
    .insertInto("accounts")
    .values({
      id,
      platform_id: platformId,
      type: input.type,
      livemode: false,
      country: input.country,
      default_currency: defaultCurrencyFor(input.country),
      email: input.email,
      business_name: input.businessName,
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      created: now,
    })
    .execute();
  return id;
}

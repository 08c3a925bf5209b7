/**
 * Connected accounts of a platform in every onboarding state, for the sandbox seed: new,
 * details currently due, in review, restricted by a risk intervention, enabled with an
 * identity challenge of its representative open (the notification banner's document form),
 * fully enabled — each
 * for custom, express and standard accounts. Each state is real: it is what the account
 * model computes from what the seed puts on file (accounts/requirements.ts), using the
 * sandbox magic values of server/README.md.
 */
import type { Insertable, Kysely } from "kysely";
import { accountTypes } from "../../protocol/objects/account.schema.ts";
import { postalCodeRules } from "../../protocol/objects/postal-codes.ts";
import { seededAccountStates } from "../../protocol/objects/sandbox.schema.ts";
import type { RiskInterventionsTable } from "../accounts/account.tables.ts";
import type { AccountModelParams } from "../accounts/account-params.ts";
import { defaultCurrencyFor } from "../accounts/accounts.schema.ts";
import {
  applyAccountParams,
  keepOneRepresentative,
  personColumns,
  personValues,
} from "../accounts/model.ts";
import { checkDelay, interventionGrace, regionOf } from "../accounts/requirements.ts";
import { magic } from "../accounts/verification.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../http/secrets.ts";

export type OnboardingState = (typeof seededAccountStates)[number];

export interface SeededAccount {
  id: string;
  label: string;
  type: "custom" | "express" | "standard";
  state: OnboardingState;
}

export const onboardingStates: readonly OnboardingState[] = seededAccountStates;

type AccountType = SeededAccount["type"];

const stateNames: Record<OnboardingState, string> = {
  new: "new",
  currently_due: "details currently due",
  in_review: "in review",
  restricted: "restricted by a risk intervention",
  identity_challenge: "identity challenge open",
  enabled: "fully enabled",
};

/** A sandbox address: `address_full_match` verifies whoever lives there. */
function addressIn(country: string) {
  const states: Record<string, string> = { US: "CA", CA: "ON", AU: "NSW" };
  return {
    line1: magic.addressFullMatch,
    city: "Springfield",
    // A code of the country's own form (the provider checks it), else a US-style one.
    postal_code: postalCodeRules[country]?.example ?? "10001",
    country,
    ...(states[country] ? { state: states[country] } : {}),
  };
}

/** Valid IBANs of some EU countries (test numbers published by their banks). */
const ibans: Record<string, string> = {
  DE: "DE89370400440532013000",
  FR: "FR1420041010050500013M02606",
  NL: "NL91ABNA0417164300",
  ES: "ES9121000418450200051332",
  IT: "IT60X0542811101000000123456",
};

/** A payout destination that settles as verified or validated in the account's country. */
function externalAccountFor(
  country: string,
  currency: string,
): AccountModelParams["external_account"] {
  const bank = (routing_number: string | undefined, account_number: string) => ({
    object: "bank_account" as const,
    country,
    currency,
    account_number,
    ...(routing_number ? { routing_number } : {}),
  });
  switch (regionOf(country)) {
    case "US":
      return bank("110000000", "000123456789");
    case "GB":
      return bank("108800", "00012345");
    case "CA":
      return bank("11000000", "000123456789");
    case "AU":
      return bank("110000", "000123456");
    default:
      return ibans[country] ? bank(undefined, ibans[country]) : "tok_visa_debit";
  }
}

/** A representative the sandbox verifies (dob 1901-01-01, id number 000000000). */
function representative(country: string, email: string) {
  return {
    first_name: "Jenny",
    last_name: "Rosen",
    email,
    phone: "+15555550100",
    dob: magic.dobVerified,
    address: addressIn(country),
    ...(country === "US" || country === "CA" ? { id_number: magic.idNumberOk } : {}),
    ...(country === "US" ? { ssn_last_4: "0000" } : {}),
    relationship: { representative: true, executive: true, title: "CEO" },
  };
}

/** Everything a company account needs, with its representative and payout destination. */
function completeCompany(country: string, businessName: string, email: string, tosDate: number) {
  const currency = defaultCurrencyFor(country);
  const params: AccountModelParams = {
    email,
    business_type: "company",
    business_profile: {
      name: businessName,
      url: "https://example.com",
      mcc: "5734",
      product_description: "Software and services",
      support_phone: "+15555550100",
    },
    company: {
      name: businessName,
      address: addressIn(country),
      phone: "+15555550100",
      tax_id: "000000000",
      owners_provided: true,
      directors_provided: true,
      executives_provided: true,
      structure: "private_corporation",
    },
    tos_acceptance: { date: tosDate, ip: "203.0.113.7", user_agent: "sandbox seed" },
    external_account: externalAccountFor(country, currency),
  };
  return { params, representative: representative(country, email) };
}

async function insertAccount(
  db: Kysely<Database>,
  platformId: string,
  type: AccountType,
  country: string,
  created: number,
) {
  return db
    .insertInto("accounts")
    .values({
      id: newId("acct"),
      platform_id: platformId,
      type,
      livemode: false,
      country,
      default_currency: defaultCurrencyFor(country),
      email: null,
      business_name: null,
      capabilities: JSON.stringify({
        card_payments: { requested: true, requested_at: created },
        transfers: { requested: true, requested_at: created },
      }),
      created,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A company account with everything on file, submitted at `submittedAt` (identity and bank
 * checks settle `checkDelay` later): its representative's id.
 */
async function fileCompany(
  db: Kysely<Database>,
  accountId: string,
  input: { country: string; businessName: string; email: string },
  submittedAt: number,
): Promise<string> {
  const { params, representative: rep } = completeCompany(
    input.country,
    input.businessName,
    input.email,
    submittedAt,
  );
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("accounts")
      .selectAll()
      .where("id", "=", accountId)
      .executeTakeFirstOrThrow();
    await applyAccountParams(trx, account, params, submittedAt);
    const person = await trx
      .insertInto("persons")
      .values({
        id: newId("person"),
        platform_id: account.platform_id,
        account_id: account.id,
        ...personValues(personColumns(null, rep, submittedAt)),
        created: submittedAt,
        deleted_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await keepOneRepresentative(trx, account.id, person.id);
    return person.id;
  });
}

/** Opens a risk intervention on the account at `now`. */
async function openIntervention(
  db: Kysely<Database>,
  account: { id: string; platform_id: string },
  now: number,
  values: Pick<
    Insertable<RiskInterventionsTable>,
    "reason" | "disabled_reason" | "deadline" | "kind" | "person_id"
  >,
) {
  await db
    .insertInto("risk_interventions")
    .values({
      id: newId("interv"),
      platform_id: account.platform_id,
      account_id: account.id,
      created: now,
      resolved_at: null,
      ...values,
    })
    .execute();
}

/** Connected accounts of the platform in every onboarding state, custom/express/standard. */
export async function seedAccountStates(
  db: Kysely<Database>,
  platformId: string,
  now: number,
): Promise<SeededAccount[]> {
  const seeded: SeededAccount[] = [];
  for (const type of accountTypes) {
    for (const state of onboardingStates) {
      const label = `${type[0]!.toUpperCase()}${type.slice(1)} account, ${stateNames[state]}`;
      const email = `${state.replace("_", "-")}.${type}@example.com`;
      const businessName = `${label}`;
      const account = await insertAccount(db, platformId, type, "US", now);
      switch (state) {
        case "new":
          break;
        case "currently_due":
          // The business is described, but no representative, ToS or bank account yet.
          await db.transaction().execute((trx) =>
            applyAccountParams(
              trx,
              account,
              {
                email,
                business_type: "company",
                business_profile: { name: businessName, url: "https://example.com", mcc: "5734" },
                company: { name: businessName },
              },
              now,
            ),
          );
          break;
        case "in_review":
          // Everything submitted just now: the checks are pending until the clock moves.
          await fileCompany(db, account.id, { country: "US", businessName, email }, now);
          break;
        case "restricted":
          await fileCompany(
            db,
            account.id,
            { country: "US", businessName, email },
            now - checkDelay,
          );
          await openIntervention(db, account, now, {
            reason: "Unusual dispute rate: the provider is reviewing this account.",
            disabled_reason: "under_review",
            deadline: null,
          });
          break;
        case "identity_challenge": {
          // Enabled, and the provider asks the representative to prove their identity again.
          const representative = await fileCompany(
            db,
            account.id,
            { country: "US", businessName, email },
            now - checkDelay,
          );
          await openIntervention(db, account, now, {
            reason: "A payment review needs the representative's identity document.",
            disabled_reason: null,
            deadline: now + interventionGrace,
            kind: "identity_verification",
            person_id: representative,
          });
          break;
        }
        case "enabled":
          await fileCompany(
            db,
            account.id,
            { country: "US", businessName, email },
            now - checkDelay,
          );
          break;
      }
      seeded.push({ id: account.id, label, type, state });
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
  const account = await insertAccount(db, platformId, input.type, input.country, now);
  // Submitted one check delay ago, so the checks have settled at `now`.
  await fileCompany(db, account.id, input, now - checkDelay);
  return account.id;
}

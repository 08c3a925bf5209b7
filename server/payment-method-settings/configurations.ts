/**
 * Payment method configurations: the account's choices (stored) and what the provider
 * computes from the account at each read — whether each method is offered for its country
 * and default currency, and which of the method's requirements the account has not met yet
 * (its card_payments capability, its business profile's website or support email). A method
 * turned on asks for its capability; the capability is active while the method is on and can
 * take payments, pending while a requirement holds it back.
 */
import type { Kysely, Selectable } from "kysely";
import {
  type PaymentMethodConfiguration,
  type PaymentMethodConfigurationUpdateParams,
  type PaymentMethodRequirement,
  type PaymentMethodSetting,
  type PaymentMethodSpec,
  type PaymentMethodType,
  paymentMethodSpecs,
  paymentMethodTypes,
} from "../../protocol/objects/payment-method-configuration.schema.ts";
import { statusOf } from "../accounts/model.ts";
import type { Account, Database, PaymentMethodConfigurationsTable } from "../db/schema.ts";
import { invalidRequest, resourceMissing } from "../http/errors.ts";
import { newId } from "../http/secrets.ts";

export type ConfigurationRow = Selectable<PaymentMethodConfigurationsTable>;

/** What the account has and has not done, as the methods' requirements read it. */
export interface AccountStanding {
  country: string;
  currency: string;
  unmet: ReadonlySet<PaymentMethodRequirement>;
}

export async function standingOf(
  db: Kysely<Database>,
  account: Account,
  now: number,
): Promise<AccountStanding> {
  const status = await statusOf(db, account, now);
  const unmet = new Set<PaymentMethodRequirement>();
  if (status.capabilities.card_payments !== "active") unmet.add("capabilities.card_payments");
  if (!account.business_profile.url) unmet.add("business_profile.url");
  if (!account.business_profile.support_email) unmet.add("business_profile.support_email");
  return { country: account.country, currency: account.default_currency.toLowerCase(), unmet };
}

/** Why `spec` is not offered to the account, or null when it is. */
export function unavailableReason(
  spec: PaymentMethodSpec,
  standing: Pick<AccountStanding, "country" | "currency">,
): "country" | "currency" | null {
  if (spec.countries && !spec.countries.includes(standing.country)) return "country";
  if (spec.currencies && !spec.currencies.includes(standing.currency)) return "currency";
  return null;
}

function settingOf(
  row: Pick<ConfigurationRow, "preferences" | "capabilities">,
  type: PaymentMethodType,
  standing: AccountStanding,
): PaymentMethodSetting {
  const spec: PaymentMethodSpec = paymentMethodSpecs[type];
  const reason = unavailableReason(spec, standing);
  const requirements = spec.requires.filter((r) => standing.unmet.has(r));
  const preference = row.preferences[type] ?? "off";
  const value = preference === "on" && reason === null && requirements.length === 0 ? "on" : "off";
  const requested = row.capabilities[type]?.requested === true;
  return {
    kind: spec.kind,
    available: reason === null,
    unavailable_reason: reason,
    requirements,
    capability: value === "on" ? "active" : requested && reason === null ? "pending" : "inactive",
    display_preference: { preference, value },
  };
}

export function renderConfiguration(
  row: ConfigurationRow,
  standing: AccountStanding,
): PaymentMethodConfiguration {
  const methods = Object.fromEntries(
    paymentMethodTypes.map((type) => [type, settingOf(row, type, standing)]),
  ) as Record<PaymentMethodType, PaymentMethodSetting>;
  return {
    id: row.id,
    object: "payment_method_configuration",
    account: row.account_id,
    name: row.name,
    is_default: row.is_default,
    active: true,
    country: standing.country,
    currency: standing.currency,
    created: row.created,
    livemode: row.livemode,
    ...methods,
  };
}

/** A new configuration's choices: the methods on by default that the account can use now. */
function initialChoices(standing: AccountStanding, now: number) {
  const preferences: Partial<Record<string, "on" | "off">> = {};
  const capabilities: Partial<Record<string, { requested: boolean; requested_at: number }>> = {};
  for (const type of paymentMethodTypes) {
    const spec: PaymentMethodSpec = paymentMethodSpecs[type];
    const on = spec.onByDefault && unavailableReason(spec, standing) === null;
    preferences[type] = on ? "on" : "off";
    if (on) capabilities[type] = { requested: true, requested_at: now };
  }
  return { preferences, capabilities };
}

export async function createConfiguration(
  db: Kysely<Database>,
  account: Account,
  standing: AccountStanding,
  options: { name: string; isDefault: boolean; now: number },
): Promise<ConfigurationRow> {
  const { preferences, capabilities } = initialChoices(standing, options.now);
  const row = await db
    .insertInto("payment_method_configurations")
    .values({
      id: newId("pmc"),
      platform_id: account.platform_id,
      account_id: account.id,
      livemode: account.livemode,
      name: options.name,
      is_default: options.isDefault,
      preferences: JSON.stringify(preferences),
      capabilities: JSON.stringify(capabilities),
      created: options.now,
    })
    .onConflict((oc) => oc.column("account_id").where("is_default", "=", true).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (row) return row;
  // Another first read made the default at the same time: it is the one.
  return (await defaultConfiguration(db, account.id))!;
}

async function defaultConfiguration(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom("payment_method_configurations")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("is_default", "=", true)
    .executeTakeFirst();
}

/** The account's configurations, its default first (made now if it has none yet). */
export async function configurationsOf(
  db: Kysely<Database>,
  account: Account,
  standing: AccountStanding,
  now: number,
): Promise<ConfigurationRow[]> {
  if (!(await defaultConfiguration(db, account.id))) {
    await createConfiguration(db, account, standing, { name: "Default", isDefault: true, now });
  }
  return db
    .selectFrom("payment_method_configurations")
    .selectAll()
    .where("account_id", "=", account.id)
    .orderBy("is_default", "desc")
    .orderBy("created", "asc")
    .orderBy("id", "asc")
    .execute();
}

export async function findConfiguration(
  db: Kysely<Database>,
  account: Account,
  standing: AccountStanding,
  id: string,
  now: number,
): Promise<ConfigurationRow> {
  const rows = await configurationsOf(db, account, standing, now);
  const row = rows.find((r) => r.id === id);
  if (!row) throw resourceMissing("payment method configuration", id, "id");
  return row;
}

/**
 * The configuration with `params` applied, or the 400 naming the first method that cannot
 * be turned on: not offered for the account's country or currency, or a requirement unmet.
 * Turning a method off is always allowed.
 */
export function applyPreferences(
  row: ConfigurationRow,
  params: PaymentMethodConfigurationUpdateParams,
  standing: AccountStanding,
  now: number,
): Pick<ConfigurationRow, "preferences" | "capabilities"> {
  const preferences = { ...row.preferences };
  const capabilities = { ...row.capabilities };
  for (const type of paymentMethodTypes) {
    const choice = params[type]?.display_preference.preference;
    if (choice === undefined) continue;
    const param = `${type}[display_preference][preference]`;
    if (choice === "on") {
      const spec: PaymentMethodSpec = paymentMethodSpecs[type];
      const reason = unavailableReason(spec, standing);
      if (reason !== null) {
        throw invalidRequest(
          reason === "country"
            ? `${type} is not available for accounts in ${standing.country}.`
            : `${type} is not available for accounts whose default currency is ${standing.currency}.`,
          { code: "payment_method_unavailable", param },
        );
      }
      const unmet = spec.requires.filter((r) => standing.unmet.has(r));
      if (unmet.length > 0) {
        throw invalidRequest(
          `${type} cannot be turned on until the account meets: ${unmet.join(", ")}.`,
          { code: "payment_method_requirements_unmet", param },
        );
      }
      capabilities[type] = { requested: true, requested_at: now };
    } else {
      capabilities[type] = { requested: false, requested_at: now };
    }
    preferences[type] = choice;
  }
  return { preferences, capabilities };
}

/**
 * The components an account session can enable, and their features with the defaults a
 * platform gets when it does not name them. Component names come from the catalogue's
 * `enabledKey`s (internal components need no enablement, SPEC.md §5, so they are not
 * offered); features are the server's, since the catalogue does not list them yet.
 */
import { z } from "zod";
import { catalogueEntries } from "../../protocol/catalogue/index.ts";
import type { ResolvedComponents } from "../../protocol/objects/account-session.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { formBoolean } from "../http/params.ts";

/** Components a platform may enable in an account session, by API name. */
export const sessionComponentNames: readonly string[] = [
  ...new Set(
    catalogueEntries()
      .filter(([, d]) => d.releaseState !== "internal")
      .map(([, d]) => d.enabledKey),
  ),
].sort();

const moneyManagement = {
  refund_management: true,
  dispute_management: true,
  capture_payments: true,
  destination_on_behalf_of_charge_management: false,
};
const payoutManagement = {
  instant_payouts: true,
  standard_payouts: true,
  edit_payout_schedule: true,
  external_account_collection: true,
};
const accountCollection = {
  external_account_collection: true,
  [provider.flags.disableUserAuthentication]: false,
};

/** Documented defaults of each component's features (absent: a component without features). */
export const featureDefaults: Readonly<Record<string, Readonly<Record<string, boolean>>>> = {
  account_onboarding: accountCollection,
  account_management: accountCollection,
  notification_banner: accountCollection,
  payments: moneyManagement,
  payment_details: moneyManagement,
  disputes_list: moneyManagement,
  payment_disputes: {
    refund_management: true,
    dispute_management: true,
    destination_on_behalf_of_charge_management: false,
  },
  payouts: payoutManagement,
  balances: payoutManagement,
  instant_payouts: payoutManagement,
  issuing_card: {
    card_management: false,
    cardholder_management: false,
    card_spend_dispute_management: false,
    spend_control_management: false,
  },
  issuing_cards_list: {
    card_management: false,
    cardholder_management: false,
    card_spend_dispute_management: false,
    spend_control_management: false,
    [provider.flags.disableUserAuthentication]: false,
  },
  financial_account: {
    money_movement: false,
    send_money: false,
    transfer_balance: false,
    external_account_collection: true,
  },
  financial_account_transactions: { card_spend_dispute_management: false },
};

const componentParam = (name: string) => {
  const defaults = featureDefaults[name] ?? {};
  const features = z.strictObject(
    Object.fromEntries(Object.keys(defaults).map((f) => [f, formBoolean.optional()])),
  );
  return z.strictObject({ enabled: formBoolean, features: features.optional() }).optional();
};

/** `components[<name>][enabled]` and `components[<name>][features][<feature>]`. */
export const componentsParam = z.strictObject(
  Object.fromEntries(sessionComponentNames.map((name) => [name, componentParam(name)])),
);

export type ComponentsParam = Record<
  string,
  { enabled: boolean; features?: Record<string, boolean | undefined> | undefined } | undefined
>;

/** Every component, with what was asked filled over the defaults. */
export function resolveComponents(asked: ComponentsParam): ResolvedComponents {
  const resolved: ResolvedComponents = {};
  for (const name of sessionComponentNames) {
    const given = asked[name];
    const features: Record<string, boolean> = { ...(featureDefaults[name] ?? {}) };
    for (const [feature, value] of Object.entries(given?.features ?? {})) {
      if (value !== undefined) features[feature] = value;
    }
    resolved[name] = { enabled: given?.enabled ?? false, features };
  }
  return resolved;
}

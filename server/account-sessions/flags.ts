/**
 * The feature flags a session carries (SPEC.md §9), with their sandbox defaults. Per-platform
 * overrides arrive with `GET /v1/retrieve_embedded_flags`. Flags that are also a component's
 * feature are named in the catalogue (`flag: true`), and a claimed session carries their
 * value from its components.
 */
import { catalogueEntries } from "../../protocol/catalogue/index.ts";
import type { ResolvedComponents } from "../../protocol/objects/account-session.schema.ts";
import { complianceFeeFlag, provider } from "../../protocol/provider.ts";

const otherFlags: Record<string, boolean> = {
  enable_add_linked_accounts: false,
  enable_debit_card_entry: true,
  capital_offer_allow_tiny_minimum_advance_amount: false,
  force_requires_external_account_verification: false,
  enable_bank_account_verification_upload_flow: false,
  enable_bank_account_verification_name_update: false,
  enable_payout_schedule_onboarding_ark_v2_embedded_flag: false,
  enable_payout_schedule_onboarding_ark_v2_embedded_flag_global: false,
  shared_payout_details_timeline: false,
  managed_risk_for_banks_beta: false,
  enable_personalization_design_selection_on_issuing_card_creation: false,
  enable_issuing_api: false,
  enable_treasury_api: false,
  enable_treasury_testmode: false,
};

/**
 * Features that are also flags of SPEC.md §9 (the payments filters, payment metadata, the
 * instant-payout switches, top-ups).
 */
const featureFlags = catalogueEntries().flatMap(([, d]) => d.features.filter((f) => f.flag));

export function defaultEmbeddedFlags(): Record<string, boolean> {
  const flags: Record<string, boolean> = { ...otherFlags };
  for (const f of featureFlags) flags[f.name] = f.default;
  // Override flags of components are off: enablement comes from the session's components.
  for (const [, definition] of catalogueEntries()) flags[definition.enabledOverrideFlag] = false;
  for (const network of provider.cardNetworks) flags[complianceFeeFlag(network)] = false;
  return flags;
}

/**
 * The flags of one claimed session: the defaults, with each feature flag on when a component
 * the session enables has that feature on.
 */
export function sessionEmbeddedFlags(components: ResolvedComponents): Record<string, boolean> {
  const flags = defaultEmbeddedFlags();
  for (const f of featureFlags) {
    flags[f.name] = Object.values(components).some((c) => c.enabled && c.features[f.name] === true);
  }
  return flags;
}

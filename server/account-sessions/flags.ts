/**
 * The feature flags a session carries (SPEC.md §9), with their sandbox defaults. Per-platform
 * overrides arrive with `GET /v1/retrieve_embedded_flags`.
 */
import { catalogueEntries } from "../../protocol/catalogue/index.ts";
import { complianceFeeFlag, provider } from "../../protocol/provider.ts";

const otherFlags: Record<string, boolean> = {
  instant_payouts_rtp_disabled: false,
  instant_payouts_to_debit_cards_disabled: false,
  enable_topups: false,
  enable_add_linked_accounts: false,
  enable_debit_card_entry: true,
  enable_embedded_metadata_filter_in_payments_list: false,
  enable_embedded_email_filter_in_payments_list: false,
  enable_metadata_in_payment_details: false,
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

export function defaultEmbeddedFlags(): Record<string, boolean> {
  const flags: Record<string, boolean> = { ...otherFlags };
  // Override flags of components are off: enablement comes from the session's components.
  for (const [, definition] of catalogueEntries()) flags[definition.enabledOverrideFlag] = false;
  for (const network of provider.cardNetworks) flags[complianceFeeFlag(network)] = false;
  return flags;
}

/**
 * A claimed account session as the reference provider writes it, every secret field filled
 * with a recognisable value so tests can prove none of them leaks. For tests only.
 */
import { provider } from "../provider.ts";
import type { ClaimedAccountSessionInput } from "./claimed-account-session.schema.ts";

export const secretValues = {
  api_key: "ek_test_account_session_key_0001",
  user_session_api_key: "uk_test_user_key_0002",
  client_secret: `${provider.keyPrefixes.clientSecret}client_secret_0003`,
  encoded_api_key_token: "eat_encoded_token_0004",
  user_email: "owner@example.com",
} as const;

export const claimedSessionFixture: ClaimedAccountSessionInput = {
  id: "acctsess_1",
  account_session_id: "acctsess_1",
  api_key: secretValues.api_key,
  api_key_expiry: 1_900_000_000,
  account_id: "acct_connected",
  platform_id: "acct_platform",
  livemode: false,
  is_v2_account_session: false,
  user_session_api_key: secretValues.user_session_api_key,
  user_session_expires_at: 1_900_000_500,
  user: { id: "usr_1", email: secretValues.user_email, name: "Owner", is_primary_user: true },
  analytics_rb_event_id: "rb_1",
  application_id: "ca_1",
  application_name: "Rocket Rides",
  platform_nickname: "rocket",
  platform_business_name: "Rocket Rides Inc.",
  platform_country: "US",
  platform_support_email: "support@rocketrides.example",
  client_secret: secretValues.client_secret,
  encoded_api_key_token: secretValues.encoded_api_key_token,
  components: {
    account_onboarding: {
      enabled: true,
      features: {
        external_account_collection: false,
        [provider.flags.disableUserAuthentication]: true,
      },
    },
    payouts: { enabled: true, features: { instant_payouts: true, standard_payouts: true } },
    payments: { enabled: false },
  },
  treatments: ["new_payouts_list"],
  read_only: false,
  flags: { enable_payouts_component: true, enable_topups: false },
  connect_brand_accent_color: "#635bff",
  connect_express_color: "#0a2540",
  support_site_base_url: "https://support.example",
  merchant_data: {
    business_name: "Jenny's Bikes",
    country: "FR",
    default_currency: "eur",
    connected_account_details_submitted: true,
    has_express_dashboard_access: true,
    has_standard_dashboard_access: false,
    has_rft_in_livemode: false,
    [provider.flags.ownsLossLiability]: true,
    [provider.flags.ownsOnboarding]: false,
    [provider.flags.ownsPricing]: true,
    is_controlled_by_single_platform: true,
  },
};

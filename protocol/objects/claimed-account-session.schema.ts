/**
 * The claimed account session: the answer of `POST /v1/account_sessions/claim` (SPEC.md §3,
 * §7). The server writes it (`ClaimedAccountSessionInput`); the data layer reads it
 * (`ClaimedAccountSession`, with every "read or defaulted" field filled in). It holds keys:
 * it never leaves the data layer; UI frames get `sanitizeSession()` of it.
 *
 * Unknown fields are stripped on read, so a newer server does not break an older reader.
 */
import { z } from "zod";
import { provider } from "../provider.ts";
import {
  boundedString,
  countrySchema,
  currencySchema,
  epochSecondsSchema,
  objectIdSchema,
} from "./common.schema.ts";
import { userSchema } from "./user.schema.ts";

/** A feature value of the components map: most are booleans, a few carry a setting. */
export const componentFeatureValueSchema = z.union([z.boolean(), z.string().max(500), z.number()]);

/** One entry of the components map: is the component enabled, and with which features. */
export const componentEntrySchema = z.object({
  enabled: z.boolean().default(false),
  features: z.record(z.string(), componentFeatureValueSchema).default({}),
});

/** account_onboarding's named features (SPEC.md §3). */
export const accountOnboardingFeaturesSchema = z
  .object({
    /** Whether onboarding collects the payout bank account. */
    external_account_collection: z.boolean().default(true),
    /** `disable_<provider>_user_authentication`: skip the provider-user sign-in step. */
    [provider.flags.disableUserAuthentication]: z.boolean().default(false),
  })
  .catchall(componentFeatureValueSchema);

export const accountOnboardingEntrySchema = z.object({
  enabled: z.boolean().default(false),
  features: accountOnboardingFeaturesSchema.prefault({}),
});

/**
 * The components map, keyed by the API's component name (`account_onboarding`, `payouts`,
 * `payment_details`, ...). A component absent from the map is not enabled.
 */
export const componentsMapSchema = z
  .object({ account_onboarding: accountOnboardingEntrySchema.optional() })
  .catchall(componentEntrySchema);

/** merchant_data: facts about the connected account the session is for (SPEC.md §3). */
export const merchantDataSchema = z.object({
  business_name: z.string().max(500).nullable().default(null),
  country: countrySchema.nullable().default(null),
  default_currency: currencySchema.nullable().default(null),
  connected_account_details_submitted: z.boolean().default(false),
  has_express_dashboard_access: z.boolean().default(false),
  has_standard_dashboard_access: z.boolean().default(false),
  /** The account has had a real-funds transaction in live mode. */
  has_rft_in_livemode: z.boolean().default(false),
  [provider.flags.ownsLossLiability]: z.boolean().default(false),
  [provider.flags.ownsOnboarding]: z.boolean().default(false),
  [provider.flags.ownsPricing]: z.boolean().default(false),
  is_controlled_by_single_platform: z.boolean().default(false),
});

const nullableText = (max: number) => z.string().max(max).nullable().default(null);

/** The fields that are safe for UI frames; `sanitizedSessionSchema` is built from these. */
export const publicSessionShape = {
  /** The account session id (`acctsess_...`), when the server names it. */
  id: objectIdSchema.nullable().default(null),
  /** The account session the key belongs to, or the placeholder `no_account_session_id`. */
  account_session_id: boundedString(255).default(provider.placeholders.accountSessionId),
  /** The connected account (`acct_...`). */
  account_id: objectIdSchema,
  /** The platform's own account (`acct_...`). */
  platform_id: objectIdSchema,
  livemode: z.boolean().default(false),
  is_v2_account_session: z.boolean().default(false),
  /** Correlates the claim with analytics of the platform's backend. */
  analytics_rb_event_id: nullableText(255),
  /** The Connect application of the platform, when it has one. */
  application_id: nullableText(255),
  application_name: nullableText(500),
  platform_nickname: nullableText(500),
  platform_business_name: nullableText(500),
  /** Two-letter country of the platform. */
  platform_country: countrySchema.nullable().default(null),
  platform_support_email: nullableText(320),
  components: componentsMapSchema.prefault({}),
  /** Experiment treatments assigned to this session. */
  treatments: z.array(z.string().max(255)).max(500).default([]),
  /** A read-only session may view but never change anything. */
  read_only: z.boolean().default(false),
  /** Feature flags (`enable_payouts_component`, `enable_topups`, ...) → on/off. */
  flags: z.record(z.string(), z.boolean()).default({}),
  /** Theming colours of the platform's Connect branding, `#rrggbb`. */
  connect_brand_accent_color: nullableText(32),
  connect_express_color: nullableText(32),
  /** Base URL of the support site that help links point to. */
  support_site_base_url: nullableText(2048),
  merchant_data: merchantDataSchema.prefault({}),
};

/**
 * The fields that hold or stand for a key; `sanitizeSession()` removes them all.
 * - api_key: the account-session key; api_key_expiry: when it expires (epoch seconds).
 * - user_session_api_key / user_session_expires_at / user: a provider user already signed in.
 * - user_session_refresh_token: the successor of the refresh token the claim used (refresh
 *   tokens rotate on every use, docs/security.md); the data layer stores it in its place.
 * - client_secret: the one-time secret the platform passed in; encoded_api_key_token: an
 *   opaque token from which the key can be recovered.
 */
export const secretSessionShape = {
  api_key: boundedString(1024),
  api_key_expiry: epochSecondsSchema,
  user_session_api_key: z.string().max(1024).nullable().default(null),
  user_session_expires_at: epochSecondsSchema.nullable().default(null),
  user_session_refresh_token: z.string().max(1024).nullable().default(null),
  user: userSchema.nullable().default(null),
  client_secret: z.string().max(1024).nullable().default(null),
  encoded_api_key_token: z.string().max(4096).nullable().default(null),
};

export const secretSessionFields = Object.keys(
  secretSessionShape,
) as (keyof typeof secretSessionShape)[];

/**
 * Fields for the data layer alone (not secret, but of no use to UI frames, so not in the
 * sanitized session):
 * - allowed_origins: the platform origins allowed to embed this session, set by the
 *   platform's backend; empty: any. The data layer refuses a session whose list does not
 *   name its platform origin (docs/security.md).
 */
export const dataLayerSessionShape = {
  allowed_origins: z.array(z.string().max(2048)).max(20).default([]),
};

export const claimedAccountSessionSchema = z.object({
  ...secretSessionShape,
  ...dataLayerSessionShape,
  ...publicSessionShape,
});

export type ClaimedAccountSession = z.output<typeof claimedAccountSessionSchema>;
/** What the server may write: every defaulted field is optional. */
export type ClaimedAccountSessionInput = z.input<typeof claimedAccountSessionSchema>;
export type ComponentsMap = z.output<typeof componentsMapSchema>;
export type MerchantData = z.output<typeof merchantDataSchema>;

/** Is `component` enabled in the session's components map? Absent means not enabled. */
export function isComponentEnabled(
  session: { components: ComponentsMap },
  component: string,
): boolean {
  return Object.hasOwn(session.components, component)
    ? session.components[component]?.enabled === true
    : false;
}

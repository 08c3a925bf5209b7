/**
 * The claimed account session: the answer of `POST /v1/account_sessions/claim` (SPEC.md §3,
 * §7). The server writes it (`ClaimedAccountSessionInput`); the data layer reads it
 * (`ClaimedAccountSession`, with every "read or defaulted" field filled in). It holds keys:
 * it never leaves the data layer; UI frames get `sanitizeSession()` of it.
 *
 * Unknown fields are stripped on read, so a newer server does not break an older reader.
 */
import * as z from "zod/mini";
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
export const componentFeatureValueSchema = z.union([
  z.boolean(),
  z.string().check(z.maxLength(500)),
  z.number(),
]);

/** One entry of the components map: is the component enabled, and with which features. */
export const componentEntrySchema = z.object({
  enabled: z._default(z.boolean(), false),
  features: z._default(z.record(z.string(), componentFeatureValueSchema), {}),
});

/** account_onboarding's named features (SPEC.md §3). */
export const accountOnboardingFeaturesSchema = z.catchall(
  z.object({
    /** Whether onboarding collects the payout bank account. */
    external_account_collection: z._default(z.boolean(), true),
    /** `disable_<provider>_user_authentication`: skip the provider-user sign-in step. */
    [provider.flags.disableUserAuthentication]: z._default(z.boolean(), false),
  }),
  componentFeatureValueSchema,
);

export const accountOnboardingEntrySchema = z.object({
  enabled: z._default(z.boolean(), false),
  features: z.prefault(accountOnboardingFeaturesSchema, {}),
});

/**
 * The components map, keyed by the API's component name (`account_onboarding`, `payouts`,
 * `payment_details`, ...). A component absent from the map is not enabled.
 */
export const componentsMapSchema = z.catchall(
  z.object({ account_onboarding: z.optional(accountOnboardingEntrySchema) }),
  componentEntrySchema,
);

/** merchant_data: facts about the connected account the session is for (SPEC.md §3). */
export const merchantDataSchema = z.object({
  business_name: z._default(z.nullable(z.string().check(z.maxLength(500))), null),
  country: z._default(z.nullable(countrySchema), null),
  default_currency: z._default(z.nullable(currencySchema), null),
  connected_account_details_submitted: z._default(z.boolean(), false),
  has_express_dashboard_access: z._default(z.boolean(), false),
  has_standard_dashboard_access: z._default(z.boolean(), false),
  /** The account has had a real-funds transaction in live mode. */
  has_rft_in_livemode: z._default(z.boolean(), false),
  [provider.flags.ownsLossLiability]: z._default(z.boolean(), false),
  [provider.flags.ownsOnboarding]: z._default(z.boolean(), false),
  [provider.flags.ownsPricing]: z._default(z.boolean(), false),
  is_controlled_by_single_platform: z._default(z.boolean(), false),
});

const nullableText = (max: number) =>
  z._default(z.nullable(z.string().check(z.maxLength(max))), null);

/** The fields that are safe for UI frames; `sanitizedSessionSchema` is built from these. */
export const publicSessionShape = {
  /** The account session id (`acctsess_...`), when the server names it. */
  id: z._default(z.nullable(objectIdSchema), null),
  /** The account session the key belongs to, or the placeholder `no_account_session_id`. */
  account_session_id: z._default(boundedString(255), provider.placeholders.accountSessionId),
  /** The connected account (`acct_...`). */
  account_id: objectIdSchema,
  /** The platform's own account (`acct_...`). */
  platform_id: objectIdSchema,
  livemode: z._default(z.boolean(), false),
  is_v2_account_session: z._default(z.boolean(), false),
  /** Correlates the claim with analytics of the platform's backend. */
  analytics_rb_event_id: nullableText(255),
  /** The Connect application of the platform, when it has one. */
  application_id: nullableText(255),
  application_name: nullableText(500),
  platform_nickname: nullableText(500),
  platform_business_name: nullableText(500),
  /** Two-letter country of the platform. */
  platform_country: z._default(z.nullable(countrySchema), null),
  platform_support_email: nullableText(320),
  components: z.prefault(componentsMapSchema, {}),
  /** Experiment treatments assigned to this session. */
  treatments: z._default(z.array(z.string().check(z.maxLength(255))).check(z.maxLength(500)), []),
  /** A read-only session may view but never change anything. */
  read_only: z._default(z.boolean(), false),
  /** Feature flags (`enable_payouts_component`, `enable_topups`, ...) → on/off. */
  flags: z._default(z.record(z.string(), z.boolean()), {}),
  /** Theming colours of the platform's Connect branding, `#rrggbb`. */
  connect_brand_accent_color: nullableText(32),
  connect_express_color: nullableText(32),
  /** Base URL of the support site that help links point to. */
  support_site_base_url: nullableText(2048),
  merchant_data: z.prefault(merchantDataSchema, {}),
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
  user_session_api_key: z._default(z.nullable(z.string().check(z.maxLength(1024))), null),
  user_session_expires_at: z._default(z.nullable(epochSecondsSchema), null),
  user_session_refresh_token: z._default(z.nullable(z.string().check(z.maxLength(1024))), null),
  user: z._default(z.nullable(userSchema), null),
  client_secret: z._default(z.nullable(z.string().check(z.maxLength(1024))), null),
  encoded_api_key_token: z._default(z.nullable(z.string().check(z.maxLength(4096))), null),
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
  allowed_origins: z._default(
    z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(20)),
    [],
  ),
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

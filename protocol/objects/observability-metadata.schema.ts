/**
 * Observability metadata derived from a session (SPEC.md §3): attached to metrics and error
 * reports so they can be grouped by account and platform. It contains ids and flags only,
 * never a key, so it may travel anywhere.
 */
import * as z from "zod/mini";
import { provider } from "../provider.ts";
import type { MerchantData } from "./claimed-account-session.schema.ts";
import { countrySchema, objectIdSchema } from "./common.schema.ts";

export const observabilityMetadataSchema = z.object({
  connected_account_id: objectIdSchema,
  /** The account API calls act for: the connected account. */
  merchant_id: objectIdSchema,
  platform_id: objectIdSchema,
  livemode: z.boolean(),
  country: z.nullable(countrySchema),
  hasExpressDashboardAccess: z.boolean(),
  hasStandardDashboardAccess: z.boolean(),
  /** The account embeds the components for itself: it is its own platform. */
  isMerchant: z.boolean(),
  isV2AccountSession: z.boolean(),
  [provider.flags.ownsLossLiability]: z.boolean(),
  [provider.flags.ownsOnboarding]: z.boolean(),
  [provider.flags.ownsPricing]: z.boolean(),
});

export type ObservabilityMetadata = z.output<typeof observabilityMetadataSchema>;

/** The fields a session must have to derive metadata: the claimed or the sanitized one. */
export interface SessionForObservability {
  account_id: string;
  platform_id: string;
  livemode: boolean;
  is_v2_account_session: boolean;
  merchant_data: MerchantData;
}

/** Pure: the observability metadata of a session. */
export function observabilityMetadataOf(session: SessionForObservability): ObservabilityMetadata {
  const m = session.merchant_data;
  return {
    connected_account_id: session.account_id,
    merchant_id: session.account_id,
    platform_id: session.platform_id,
    livemode: session.livemode,
    country: m.country,
    hasExpressDashboardAccess: m.has_express_dashboard_access,
    hasStandardDashboardAccess: m.has_standard_dashboard_access,
    isMerchant: session.account_id === session.platform_id,
    isV2AccountSession: session.is_v2_account_session,
    [provider.flags.ownsLossLiability]: m[provider.flags.ownsLossLiability],
    [provider.flags.ownsOnboarding]: m[provider.flags.ownsOnboarding],
    [provider.flags.ownsPricing]: m[provider.flags.ownsPricing],
  };
}

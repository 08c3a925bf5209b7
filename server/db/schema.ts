/**
 * The typed shape of the database, one interface per table. Times are Unix seconds in
 * `int8` columns (the API speaks `created` in seconds, and keyset pagination compares them);
 * amounts are integer minor units in `int8`. Both drivers return them as JS numbers
 * (see `parsers.ts`).
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { AccountModelColumns, AccountModelTables } from "../accounts/account.tables.ts";
import type { MoneyTables } from "../money/money.tables.ts";
import type { WebhookTables } from "../webhooks/webhooks.tables.ts";
import type { Json, JsonWithDefault } from "./json.ts";

export type { Json, JsonWithDefault };

export interface PlatformsTable {
  id: string;
  business_name: string | null;
  nickname: string | null;
  country: string;
  support_email: string | null;
  brand_accent_color: string | null;
  express_color: string | null;
  support_site_base_url: string | null;
  application_id: string | null;
  application_name: string | null;
  created: number;
}

export type ApiKeyKind = "secret" | "publishable";

export interface ApiKeysTable {
  id: string;
  platform_id: string;
  kind: ApiKeyKind;
  livemode: boolean;
  /** sha-256 (hex) of the whole key; the key itself is shown once, at creation. */
  key_hash: string;
  /** The last four characters, to recognise a key in a listing. */
  last4: string;
  created: number;
  revoked_at: number | null;
}

export type AccountType = "custom" | "express" | "standard";

export interface AccountsTable extends AccountModelColumns {
  id: string;
  platform_id: string;
  type: AccountType;
  livemode: boolean;
  country: string;
  default_currency: string;
  email: string | null;
  business_name: string | null;
  details_submitted: Generated<boolean>;
  charges_enabled: Generated<boolean>;
  payouts_enabled: Generated<boolean>;
  has_rft_in_livemode: Generated<boolean>;
  /** The three `<provider>_owns_*` facts of merchant_data (SPEC.md §3). */
  provider_owns_loss_liability: Generated<boolean>;
  provider_owns_onboarding: Generated<boolean>;
  provider_owns_pricing: Generated<boolean>;
  is_controlled_by_single_platform: Generated<boolean>;
  metadata: JsonWithDefault<Record<string, string>>;
  created: number;
  deleted_at: number | null;
}

export interface AccountSessionsTable {
  id: string;
  platform_id: string;
  account_id: string;
  livemode: boolean;
  /** sha-256 (hex) of the client secret; the secret is returned once, at creation. */
  client_secret_hash: string;
  components: Json<Record<string, { enabled: boolean; features: Record<string, boolean> }>>;
  created: number;
  expires_at: number;
  claimed_at: number | null;
  /** The platform origins allowed to embed the session (migration 0019); null: any. */
  allowed_origins: ColumnType<string[] | null, string | null | undefined, string | null>;
}

/** Keys the provider issues to the browser: the claimed session's key and its successors. */
export type SessionKeyKind =
  | "account_session"
  | "user"
  | "external_account"
  | "embedded_flags"
  /** The sign-in popup's key: only the key exchange accepts it (migration 0017). */
  | "popup";

export interface SessionKeysTable {
  id: string;
  kind: SessionKeyKind;
  key_hash: string;
  platform_id: string;
  account_id: string | null;
  account_session_id: string | null;
  /** The provider user of a `user` key. */
  user_id: string | null;
  livemode: boolean;
  created: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface IdempotencyKeysTable {
  /** Whose key it is: the platform, and the account it acted for. */
  scope: string;
  key: string;
  method: string;
  path: string;
  /** sha-256 of the canonical parameters: same key + other params → idempotency_error. */
  params_hash: string;
  /** null while the first request is still running (a concurrent retry gets 409). */
  response_status: number | null;
  response_body: string | null;
  request_id: string;
  created: number;
  expires_at: number;
}

export interface RiskSignalsTable {
  id: string;
  platform_id: string;
  account_id: string;
  account_session_id: string | null;
  created: number;
}

export interface EmbeddedAuthenticationLinksTable {
  id: string;
  /** sha-256 of the link's one-time token. */
  token_hash: string;
  platform_id: string;
  account_id: string;
  account_session_id: string | null;
  created: number;
  expires_at: number;
  used_at: number | null;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  /** scrypt (see http/secrets.ts). */
  password_hash: string;
  created: number;
}

export interface AccountUsersTable {
  account_id: string;
  user_id: string;
  /** The user who claimed the account (SPEC.md §3 is_primary_user). */
  is_primary: boolean;
  created: number;
}

export interface UserRefreshTokensTable {
  id: string;
  token_hash: string;
  user_id: string;
  account_id: string;
  platform_id: string;
  created: number;
  expires_at: number;
  revoked_at: number | null;
  /** The token's family: every token rotated from one sign-in (migration 0016). */
  family_id: string;
  /** When it was exchanged for its successor; presented again, it revokes the family. */
  used_at: number | null;
}

export type TelemetryKind = "analytics" | "metric" | "error";

/**
 * How a telemetry row was tied to its account: by the key that sent it, by the session
 * metadata it carried (unverified: the intake also takes keyless beacons), or not at all.
 */
export type TelemetryAttribution = "key" | "metadata" | "none";

export interface TelemetryRecordsTable {
  id: string;
  kind: TelemetryKind;
  platform_id: string | null;
  account_id: string | null;
  livemode: boolean;
  attribution: TelemetryAttribution;
  /** The event name, metric name or error name. */
  name: string;
  /** The event, metric or report as received. */
  data: Json<Record<string, unknown>>;
  session_metadata: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  host_env: string | null;
  request_id: string;
  created: number;
  /** The sender's user agent as parsed at intake (`server/telemetry/user-agent.ts`). */
  browser: string | null;
  os: string | null;
  device_class: string | null;
  is_bot: ColumnType<boolean, boolean | undefined, boolean>;
}

/** An uploaded file (the files host); the bytes are kept in the row. */
export interface FilesTable {
  id: string;
  platform_id: string;
  account_id: string | null;
  livemode: boolean;
  purpose: string;
  /** The content type: application/pdf, image/jpeg or image/png. */
  type: string;
  filename: string;
  size: number;
  content: Uint8Array;
  created: number;
}

/** A failed sign-in of a provider user, for the rate limit (hashes, never the email itself). */
/** A sandbox external-account challenge (migration 0018). */
export interface ExternalAccountChallengesTable {
  id: string;
  platform_id: string;
  account_id: string;
  account_session_id: string;
  /** The provider user the code is addressed to; null when the account has none. */
  user_id: string | null;
  code: string;
  attempts: Generated<number>;
  created: number;
  expires_at: number;
  succeeded_at: number | null;
}

/** A pending user claim of an account without a provider user (migration 0091). */
export interface AccountClaimsTable {
  id: string;
  platform_id: string;
  account_id: string;
  account_session_id: string | null;
  /** Lower case. */
  email: string;
  password_hash: string;
  code: string;
  attempts: Generated<number>;
  created: number;
  expires_at: number;
  succeeded_at: number | null;
}

/** One rate limit's counter (migration 0015): attempts in the window from window_start. */
export interface RateLimitsTable {
  scope_hash: string;
  window_start: number;
  attempts: number;
}

/** A provider user's dashboard session: the cookie's token is stored as its sha-256. */
export interface DashboardSessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  created: number;
  expires_at: number;
  revoked_at: number | null;
}

/** Requests per key hash (`bucket`) and one-second window (`http/rate-limit.ts`). */
export interface RateLimitWindowsTable {
  bucket: string;
  window_start: number;
  hits: number;
}

/** A platform's sandbox clock: seconds added to the wall clock (no row: 0). */
export interface PlatformClocksTable {
  platform_id: string;
  offset_seconds: number;
  updated: number;
}

/**
 * The ledger's daily summary (migration 0008, kept by `money/ledger.ts`): per account,
 * currency and UTC day of `available_on`, the day's net, its lowest running total over its
 * moments, and its first and last moments.
 */
export interface BalanceDailyTable {
  account_id: string;
  currency: string;
  /** The day's start (Unix seconds, UTC). */
  day: number;
  net: number;
  low: number;
  first_at: number;
  last_at: number;
}

/** An account's payment method configuration (migration 0090). */
export interface PaymentMethodConfigurationsTable {
  id: string;
  platform_id: string;
  account_id: string;
  livemode: boolean;
  name: string;
  is_default: boolean;
  /** Method → what the account chose. */
  preferences: JsonWithDefault<Partial<Record<string, "on" | "off">>>;
  /** Method → its capability, asked for when the method was turned on. */
  capabilities: JsonWithDefault<
    Partial<Record<string, { requested: boolean; requested_at: number }>>
  >;
  created: number;
}

export interface Database extends MoneyTables, AccountModelTables, WebhookTables {
  platforms: PlatformsTable;
  api_keys: ApiKeysTable;
  accounts: AccountsTable;
  account_sessions: AccountSessionsTable;
  session_keys: SessionKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  risk_signals: RiskSignalsTable;
  embedded_authentication_links: EmbeddedAuthenticationLinksTable;
  users: UsersTable;
  account_users: AccountUsersTable;
  user_refresh_tokens: UserRefreshTokensTable;
  telemetry_records: TelemetryRecordsTable;
  balance_daily: BalanceDailyTable;
  platform_clocks: PlatformClocksTable;
  rate_limit_windows: RateLimitWindowsTable;
  files: FilesTable;
  rate_limits: RateLimitsTable;
  external_account_challenges: ExternalAccountChallengesTable;
  dashboard_sessions: DashboardSessionsTable;
  payment_method_configurations: PaymentMethodConfigurationsTable;
  account_claims: AccountClaimsTable;
}

export type Platform = Selectable<PlatformsTable>;
export type NewPlatform = Insertable<PlatformsTable>;
export type Account = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
export type AccountSession = Selectable<AccountSessionsTable>;
export type SessionKey = Selectable<SessionKeysTable>;
export type ApiKey = Selectable<ApiKeysTable>;

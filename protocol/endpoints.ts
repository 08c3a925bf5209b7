/**
 * The API paths the kit calls, in one place: the data layer builds its requests from them
 * and the reference provider mounts its routes on them. SPEC.md §7 fixes the session and
 * auth paths; the telemetry intake paths are ours (READING.md: "Metrics and analytics
 * endpoint paths: ours, served by the reference provider").
 */
export const endpoints = {
  // Session and authentication (SPEC.md §7), exactly as written.
  claim: "/v1/account_sessions/claim",
  retrieveEmbeddedFlags: "/v1/retrieve_embedded_flags",
  riskSignals: "/v1/risk_signals",
  connectSession: "/v1/connect/session",
  userAuthedKey: "/v1/embedded/user_authed_key",
  /** The sign-in popup's email + password sign-in (ours; SPEC.md does not show it). */
  connectSignIn: "/v1/connect/sign_in",
  // Calls whose answers the data layer intercepts (SPEC.md §7).
  connectUser: "/v1/connect/user",
  requiresExternalAccountVerification: "/v1/connect/auth/requires_external_account_verification",
  externalAccountChallenge: "/v1/connect/external_account_challenge",
  identityChallenge: "/v1/connect/identity_challenge",
  // Calls with special key handling (SPEC.md §7).
  embeddedAuthenticationLinks: "/v1/embedded_authentication_links",
  account: "/v1/account",
  /** `/v1/accounts/{id}/external_accounts` and `/v1/accounts/{id}/external_accounts/{id}`. */
  externalAccountsPattern: /^\/v1\/accounts\/[^/]+\/external_accounts(?:\/[^/]+)?$/,
  // Platform-side (secret key).
  accountSessions: "/v1/account_sessions",
  // Telemetry intake, served by the reference provider.
  analyticsIntake: "/v1/telemetry/analytics",
  metricsIntake: "/v1/telemetry/metrics",
  errorIntake: "/v1/telemetry/errors",
} as const;

/** The three calls whose response field `key` is the external_account key (SPEC.md §7). */
export const externalAccountKeyEndpoints = [
  { method: "POST", path: endpoints.requiresExternalAccountVerification },
  { method: "POST", path: endpoints.externalAccountChallenge },
  { method: "GET", path: endpoints.identityChallenge },
] as const;

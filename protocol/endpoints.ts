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
  /** Revokes a refresh token's family at logout when no user key is held (ours). */
  revokeRefreshToken: "/v1/connect/refresh_token/revoke",
  /** The sign-in popup's email + password sign-in (ours; SPEC.md does not show it). */
  connectSignIn: "/v1/connect/sign_in",
  // Calls whose answers the data layer intercepts (SPEC.md §7).
  connectUser: "/v1/connect/user",
  requiresExternalAccountVerification: "/v1/connect/auth/requires_external_account_verification",
  externalAccountChallenge: "/v1/connect/external_account_challenge",
  identityChallenge: "/v1/connect/identity_challenge",
  /** The institutions the payout bank account can be linked from (ours, bank connections). */
  bankConnectionInstitutions: "/v1/connect/bank_connections/institutions",
  /** Sandbox test helper: the code of an account's open external-account challenge (ours). */
  externalAccountChallengeCode: "/v1/test_helpers/external_account_challenges/current",
  /** The account's user claim: its state, and starting one (ours, `account-claim.schema.ts`). */
  accountClaim: "/v1/connect/account_claim",
  /** Answering the claim's code: the account's primary user exists (ours). */
  accountClaimVerify: "/v1/connect/account_claim/verify",
  /** Sandbox test helper: the code of an account's pending claim (ours). */
  accountClaimCode: "/v1/test_helpers/account_claims/current",
  // Calls with special key handling (SPEC.md §7).
  embeddedAuthenticationLinks: "/v1/embedded_authentication_links",
  account: "/v1/account",
  /** `/v1/accounts/{id}/external_accounts` and `/v1/accounts/{id}/external_accounts/{id}`. */
  externalAccountsPattern: /^\/v1\/accounts\/[^/]+\/external_accounts(?:\/[^/]+)?$/,
  /** The hosted dashboard's pages under a platform's branding, read-only (ours, issue 17). */
  hostedDashboardPreview: "/v1/embedded/hosted_dashboard_preview",
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

/**
 * A request path as the data layer compares it with the routes above: percent-decoded
 * (repeatedly, so `%255F` is `_` too), dot segments resolved, repeated and trailing slashes
 * dropped, lower case. It is never laxer than the provider's router (which decodes once and
 * is case- and slash-sensitive), so an encoded spelling of a route always compares equal to
 * the route (docs/security.md "Nothing leaks").
 */
export function canonicalApiPath(pathname: string): string {
  let path = pathname;
  for (let round = 0; round < 4 && /%[0-9A-Fa-f]{2}/.test(path); round++)
    path = path.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
      }
    });
  const segments: string[] = [];
  for (const segment of path.toLowerCase().split(/[/\\]+/)) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`;
}

/** Routes that mint or hand out keys: the data layer never proxies them (it calls them itself). */
const keyMintingRoutes = [
  endpoints.claim,
  endpoints.userAuthedKey,
  endpoints.retrieveEmbeddedFlags,
  endpoints.connectSignIn,
] as const;

/** Whether a canonical path (`canonicalApiPath`) is one the proxy refuses. */
export const isKeyMintingPath = (path: string): boolean =>
  keyMintingRoutes.includes(path as (typeof keyMintingRoutes)[number]) ||
  path === endpoints.accountSessions ||
  path.startsWith(`${endpoints.accountSessions}/`);

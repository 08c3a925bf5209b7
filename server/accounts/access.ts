/**
 * Who may touch an account's model. The platform's secret key reaches its own accounts; a
 * claimed account-session key reaches only its own account, through a component its session
 * enabled; external-account changes need the session's external_account key (SPEC.md §6).
 */
import { provider } from "../../protocol/provider.ts";
import type { Account } from "../db/schema.ts";
import type { AccountSessionPrincipal, Deps, Principal } from "../http/context.ts";
import { permissionError } from "../http/errors.ts";
import { findAccount } from "./find.ts";

/** Components whose screens edit the account's details and persons. */
export const accountDetailComponents = [
  "account_onboarding",
  "account_management",
  "notification_banner",
] as const;

/**
 * Components whose screens collect the account's details with the session's own key, before
 * any provider user exists (onboarding; the banner's requirement forms).
 */
const collectsBeforeSignIn = ["account_onboarding", "notification_banner"] as const;

/**
 * Changes to the account's details or persons made with the account session's own key — no
 * provider user signed in — are refused (403 `user_authentication_required`) when the session
 * manages the account behind the provider user's sign-in: it enables account_management
 * without `disable_{provider}_user_authentication`, and no component that collects the
 * details before a provider user exists. A signed-in user's key, acting for the session, may;
 * so may the platform's secret key. (The payout bank account has its own proof: the
 * external_account key from the challenge, `requireExternalAccountKey`.)
 */
export function requireSignedInUserForDetails(principal: ModelPrincipal): void {
  if (principal.kind !== "account_session" || principal.userId !== undefined) return;
  const management = principal.components.account_management;
  if (management?.enabled !== true) return;
  if (management.features[provider.flags.disableUserAuthentication] === true) return;
  if (collectsBeforeSignIn.some((name) => principal.components[name]?.enabled === true)) return;
  throw permissionError(
    "Changing the account's details in account management needs the provider user to sign in (the component's popup): this key is the account session's own.",
    "user_authentication_required",
  );
}

/** Components whose screens manage payout destinations. */
export const externalAccountComponents = [
  ...accountDetailComponents,
  "payouts",
  "balances",
  "instant_payouts",
  // The mobile entry point that changes the payout bank account (docs/mobile.md).
  "entry_point_edit_payout_destination",
] as const;

export type ModelPrincipal = Extract<Principal, { kind: "secret" | "account_session" | "user" }>;

/** The account `id` names, if the caller may reach it; else 404 (platform) or 403 (session). */
export async function reachAccount(
  deps: Deps,
  principal: ModelPrincipal,
  id: string,
  param?: string,
): Promise<Account> {
  if (principal.kind !== "secret" && principal.accountId !== id) {
    throw permissionError(
      `The provided key does not have access to account '${id}' (or that account does not exist).`,
      "account_invalid",
    );
  }
  return findAccount(deps.db, principal.platformId, id, param);
}

/**
 * The session enables a component that collects external accounts (its
 * `external_account_collection` is not off), or a permission error: the challenge and the
 * changes it allows are refused otherwise.
 */
export function requireExternalAccountCollection(principal: AccountSessionPrincipal): void {
  const allowed = externalAccountComponents.some((name) => {
    const component = principal.components[name];
    return component?.enabled === true && component.features.external_account_collection !== false;
  });
  if (!allowed) {
    throw permissionError(
      "This account session enables no component that collects external accounts.",
      "component_not_enabled",
    );
  }
}

/**
 * External-account changes: the platform's secret key may; a session's key may only if it is
 * the external_account key and an enabled component collects external accounts — and then
 * the key is spent: it allows one change (docs/security.md).
 */
export async function requireExternalAccountKey(
  deps: Deps,
  principal: ModelPrincipal,
): Promise<void> {
  if (principal.kind === "secret") return;
  if (principal.kind !== "account_session" || principal.externalAccountKey !== true) {
    throw permissionError(
      "Changing external accounts needs the external_account key from a verification or challenge step (POST /v1/connect/auth/requires_external_account_verification).",
      "external_account_key_required",
    );
  }
  requireExternalAccountCollection(principal);
  // Good for one change (issue 14 item 3): the key is spent by the change it allows.
  const spent = await deps.db
    .updateTable("session_keys")
    .set({ revoked_at: deps.config.now() })
    .where("id", "=", principal.keyId)
    .where("kind", "=", "external_account")
    .where("revoked_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!spent)
    throw permissionError(
      "This external_account key was used for a change already: answer a new challenge.",
      "external_account_key_used",
    );
}

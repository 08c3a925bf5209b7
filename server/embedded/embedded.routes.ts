/**
 * The session and auth calls of SPEC.md §7 that the data layer makes with an account-session
 * key (and the flags call with an API key): risk signals, the three external-account
 * verification calls whose answer carries the external_account `key`, embedded
 * authentication links, and the embedded flags of the override path.
 *
 * Sandbox magic value: the external-account challenge succeeds with the code `000000`
 * (`sandboxChallengeCode`) and fails with any other.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import { z } from "zod";
import { endpoints } from "../../protocol/endpoints.ts";
import {
  embeddedAuthenticationLinkSchema,
  embeddedFlagsSchema,
  externalAccountChallengeSchema,
  externalAccountVerificationSchema,
  identityChallengeSchema,
  riskSignalSchema,
} from "../../protocol/objects/embedded.schema.ts";
import { defaultEmbeddedFlags } from "../account-sessions/flags.ts";
import type { Database } from "../db/schema.ts";
import { issuedKeyPrefixes } from "../http/auth.ts";
import type { AppEnv, Principal } from "../http/context.ts";
import { invalidRequest, permissionError } from "../http/errors.ts";
import { defineRoute } from "../http/route.ts";
import { newId, newKey, randomToken, sha256 } from "../http/secrets.ts";

export const embeddedApp = new OpenAPIHono<AppEnv>();

export const sandboxChallengeCode = "000000";

/** Components whose screens change the payout bank account (they may ask for the key). */
const externalAccountComponents = [
  "account_onboarding",
  "account_management",
  "notification_banner",
  "payouts",
  "balances",
  "instant_payouts",
] as const;

type SessionPrincipal = Extract<Principal, { kind: "account_session" }>;

async function issueExternalAccountKey(
  db: Kysely<Database>,
  principal: SessionPrincipal,
  now: number,
  ttl: number,
): Promise<string> {
  const key = newKey(issuedKeyPrefixes.external_account);
  await db
    .insertInto("session_keys")
    .values({
      id: newId("eak"),
      kind: "external_account",
      key_hash: sha256(key),
      platform_id: principal.platformId,
      account_id: principal.accountId,
      account_session_id: principal.accountSessionId,
      livemode: principal.livemode,
      created: now,
      expires_at: now + ttl,
      revoked_at: null,
    })
    .execute();
  return key;
}

defineRoute(
  embeddedApp,
  {
    method: "get",
    path: endpoints.retrieveEmbeddedFlags,
    summary: "The embedded flags of a platform (override path, API key)",
    tags: ["Embedded"],
    auth: ["secret"],
    query: z.strictObject({ platform_id: z.string().min(1).max(255) }),
    response: embeddedFlagsSchema,
  },
  async ({ principal, query }) => {
    if (query.platform_id !== principal.platformId) {
      throw permissionError(
        `The provided key does not have access to platform '${query.platform_id}'.`,
        "platform_invalid",
      );
    }
    return {
      object: "embedded_flags" as const,
      platform_id: principal.platformId,
      livemode: principal.livemode,
      flags: defaultEmbeddedFlags(),
    };
  },
);

defineRoute(
  embeddedApp,
  {
    method: "post",
    path: endpoints.riskSignals,
    summary: "Record that the account session's risk signals were collected",
    tags: ["Embedded"],
    auth: ["account_session"],
    response: riskSignalSchema,
  },
  async ({ deps, principal }) => {
    const id = newId("rsig");
    await deps.db
      .insertInto("risk_signals")
      .values({
        id,
        platform_id: principal.platformId,
        account_id: principal.accountId,
        account_session_id: principal.accountSessionId,
        created: deps.config.now(),
      })
      .execute();
    return { object: "risk_signal" as const, id, status: "completed" as const };
  },
);

defineRoute(
  embeddedApp,
  {
    method: "post",
    path: endpoints.requiresExternalAccountVerification,
    summary: "Whether changing the payout account needs verification; answers the key",
    tags: ["Embedded"],
    auth: ["account_session"],
    components: externalAccountComponents,
    response: externalAccountVerificationSchema,
  },
  async ({ deps, principal }) => {
    const now = deps.config.now();
    const key = await issueExternalAccountKey(
      deps.db,
      principal,
      now,
      deps.config.externalAccountKeyTtl,
    );
    return {
      object: "external_account_verification" as const,
      requires_verification: false,
      key,
    };
  },
);

defineRoute(
  embeddedApp,
  {
    method: "post",
    path: endpoints.externalAccountChallenge,
    summary: "Answer the external-account challenge; answers the key",
    tags: ["Embedded"],
    auth: ["account_session"],
    components: externalAccountComponents,
    body: z.strictObject({ code: z.string().min(1).max(32) }),
    response: externalAccountChallengeSchema,
  },
  async ({ deps, principal, body }) => {
    if (body.code !== sandboxChallengeCode) {
      throw invalidRequest("The challenge code is not correct.", {
        code: "challenge_failed",
        param: "code",
      });
    }
    const key = await issueExternalAccountKey(
      deps.db,
      principal,
      deps.config.now(),
      deps.config.externalAccountKeyTtl,
    );
    return { object: "external_account_challenge" as const, status: "succeeded" as const, key };
  },
);

defineRoute(
  embeddedApp,
  {
    method: "get",
    path: endpoints.identityChallenge,
    summary: "The identity challenge of the account session (sandbox: verified); answers the key",
    tags: ["Embedded"],
    auth: ["account_session"],
    components: externalAccountComponents,
    response: identityChallengeSchema,
  },
  async ({ deps, principal }) => {
    const key = await issueExternalAccountKey(
      deps.db,
      principal,
      deps.config.now(),
      deps.config.externalAccountKeyTtl,
    );
    return { object: "identity_challenge" as const, status: "verified" as const, key };
  },
);

defineRoute(
  embeddedApp,
  {
    method: "post",
    path: endpoints.embeddedAuthenticationLinks,
    summary: "A one-time link that signs the account's user in on the dashboard host",
    tags: ["Embedded"],
    auth: ["account_session"],
    response: embeddedAuthenticationLinkSchema,
  },
  async ({ deps, principal }) => {
    const now = deps.config.now();
    const token = randomToken(43);
    const id = newId("eal");
    const expiresAt = now + deps.config.authenticationLinkTtl;
    await deps.db
      .insertInto("embedded_authentication_links")
      .values({
        id,
        token_hash: sha256(token),
        platform_id: principal.platformId,
        account_id: principal.accountId,
        account_session_id: principal.accountSessionId,
        created: now,
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    const url = new URL("/embedded/authenticate", deps.config.hosts.dashboard);
    url.searchParams.set("token", token);
    return {
      object: "embedded_authentication_link" as const,
      id,
      url: url.toString(),
      expires_at: expiresAt,
    };
  },
);

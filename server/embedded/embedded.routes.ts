/**
 * The session and auth calls of SPEC.md §7 that the data layer makes with an account-session
 * key (and the flags call with an API key): risk signals, the three external-account
 * verification calls whose answer carries the external_account `key`, embedded
 * authentication links, and the embedded flags of the override path.
 *
 * The external_account key comes only from a real sandbox challenge (`challenge.ts`): the
 * verification call starts one and sends its code (shown on the dashboard host and by the
 * platform's test helper), the challenge call answers it (at most 5 attempts) and mints
 * the key, bound to the session, the account and the user the code went to, good for one
 * external-account change. The identity challenge reports the challenge's state; no key.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import { z } from "zod";
import { endpoints } from "../../protocol/endpoints.ts";
import {
  embeddedAuthenticationLinkSchema,
  embeddedFlagsSchema,
  externalAccountChallengeCodeSchema,
  externalAccountChallengeSchema,
  externalAccountVerificationSchema,
  identityChallengeSchema,
  riskSignalSchema,
} from "../../protocol/objects/embedded.schema.ts";
import { defaultEmbeddedFlags } from "../account-sessions/flags.ts";
import { externalAccountComponents, requireExternalAccountCollection } from "../accounts/access.ts";
import type { Database } from "../db/schema.ts";
import { issuedKeyPrefixes } from "../http/auth.ts";
import type { AppEnv, Principal } from "../http/context.ts";
import { permissionError, resourceMissing } from "../http/errors.ts";
import { defineRoute } from "../http/route.ts";
import { newId, newKey, randomToken, sha256 } from "../http/secrets.ts";
import {
  answerChallenge,
  challengeLimits,
  openChallenge,
  openCodes,
  startChallenge,
} from "./challenge.ts";

export const embeddedApp = new OpenAPIHono<AppEnv>();

type SessionPrincipal = Extract<Principal, { kind: "account_session" }>;

async function issueExternalAccountKey(
  db: Kysely<Database>,
  principal: SessionPrincipal,
  userId: string | null,
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
      user_id: userId,
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
    summary:
      "Changing the payout account needs verification: starts a challenge and sends its code to the account's user",
    tags: ["Embedded"],
    auth: ["account_session"],
    components: externalAccountComponents,
    response: externalAccountVerificationSchema,
  },
  async ({ deps, principal }) => {
    requireExternalAccountCollection(principal);
    const started = await startChallenge(deps.db, principal, deps.config.now());
    return {
      object: "external_account_verification" as const,
      requires_verification: true as const,
      challenge: started.id,
      expires_at: started.expiresAt,
    };
  },
);

defineRoute(
  embeddedApp,
  {
    method: "post",
    path: endpoints.externalAccountChallenge,
    summary: "Answer the external-account challenge with its code; answers the key",
    tags: ["Embedded"],
    auth: ["account_session"],
    components: externalAccountComponents,
    body: z.strictObject({ code: z.string().min(1).max(32) }),
    response: externalAccountChallengeSchema,
  },
  async ({ deps, principal, body }) => {
    const now = deps.config.now();
    const { userId } = await answerChallenge(deps.db, principal, body.code, now);
    const key = await issueExternalAccountKey(
      deps.db,
      principal,
      userId,
      now,
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
    summary: "The state of the account session's external-account challenge",
    tags: ["Embedded"],
    auth: ["account_session"],
    components: externalAccountComponents,
    response: identityChallengeSchema,
  },
  async ({ deps, principal }) => {
    const open = await openChallenge(deps.db, principal.accountSessionId, deps.config.now());
    return {
      object: "identity_challenge" as const,
      status: open ? ("pending" as const) : ("none" as const),
      attempts_remaining: open ? Math.max(0, challengeLimits.attempts - open.attempts) : 0,
      expires_at: open?.expires_at ?? null,
    };
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

defineRoute(
  embeddedApp,
  {
    method: "get",
    path: endpoints.externalAccountChallengeCode,
    summary:
      "Sandbox: the code of an account's open external-account challenge, as its user receives it",
    tags: ["Test helpers"],
    auth: ["secret"],
    query: z.strictObject({ account: z.string().min(1).max(255) }),
    response: externalAccountChallengeCodeSchema,
  },
  async ({ deps, principal, query }) => {
    const row = await deps.db
      .selectFrom("external_account_challenges")
      .selectAll()
      .where("platform_id", "=", principal.platformId)
      .where("account_id", "=", query.account)
      .$call((codes) => openCodes(codes, deps.config.now()))
      .executeTakeFirst();
    if (!row)
      throw resourceMissing(
        "open external-account challenge for account",
        query.account,
        "account",
      );
    return {
      object: "external_account_challenge_code" as const,
      challenge: row.id,
      account: row.account_id,
      code: row.code,
      attempts: row.attempts,
      expires_at: row.expires_at,
    };
  },
);

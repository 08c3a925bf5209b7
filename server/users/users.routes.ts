/**
 * Provider-user calls of SPEC.md §7: exchange the popup's key for an embedded user session
 * (`POST /v1/embedded/user_authed_key`), read the current user (`GET /v1/connect/user`) and
 * log out (`DELETE /v1/connect/session`), and revoke a refresh token's family when logging out
 * without a user key (`POST /v1/connect/refresh_token/revoke`, ours).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { endpoints } from "../../protocol/endpoints.ts";
import {
  deletedConnectSessionSchema,
  embeddedUserSessionSchema,
  refreshTokenRevocationSchema,
} from "../../protocol/objects/embedded.schema.ts";
import { userSchema } from "../../protocol/objects/user.schema.ts";
import type { AppEnv } from "../http/context.ts";
import { invalidRequest, resourceMissing } from "../http/errors.ts";
import { formBoolean } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { sha256 } from "../http/secrets.ts";
import { findUser, issueRefreshToken, issueUserKey, revokeRefreshFamily } from "./users.ts";

export const usersApp = new OpenAPIHono<AppEnv>();

defineRoute(
  usersApp,
  {
    method: "post",
    path: endpoints.userAuthedKey,
    summary: "Exchange the sign-in popup's key for an embedded user session",
    tags: ["Users"],
    auth: ["account_session"],
    body: z.strictObject({
      embedded_api_key: z.string().min(1).max(1024),
      session_created_from_embedded: formBoolean.optional(),
    }),
    response: embeddedUserSessionSchema,
  },
  async ({ deps, principal, body }) => {
    const now = deps.config.now();
    // Single use, and any exchange that presents it spends it: the popup key is revoked
    // first, whichever account's session presents it, and only then checked (so a failed
    // exchange — another account's session, an expired key — leaves it revoked too).
    const popupKey = await deps.db
      .updateTable("session_keys")
      .set({ revoked_at: now })
      .where("key_hash", "=", sha256(body.embedded_api_key))
      .where("kind", "=", "popup")
      .where("revoked_at", "is", null)
      .returning(["user_id", "account_id", "expires_at"])
      .executeTakeFirst();
    if (
      !popupKey?.user_id ||
      popupKey.account_id !== principal.accountId ||
      popupKey.expires_at <= now
    ) {
      throw invalidRequest("The provided user key is invalid or expired.", {
        code: "user_key_invalid",
        param: "embedded_api_key",
      });
    }
    const user = await findUser(deps.db, popupKey.user_id, principal.accountId);
    if (!user) throw resourceMissing("user", popupKey.user_id, "embedded_api_key");
    const owner = {
      userId: user.id,
      accountId: principal.accountId,
      platformId: principal.platformId,
      livemode: principal.livemode,
    };
    const key = await issueUserKey(
      deps.db,
      { ...owner, accountSessionId: principal.accountSessionId },
      now,
      deps.config.userKeyTtl,
    );
    const refresh = await issueRefreshToken(deps.db, owner, now, deps.config.refreshTokenTtl);
    return {
      object: "embedded_user_session" as const,
      embedded_session_api_key: key.apiKey,
      embedded_session_api_key_expiry: key.expiresAt,
      embedded_user_session_refresh_token: refresh,
      user,
    };
  },
);

defineRoute(
  usersApp,
  {
    method: "get",
    path: endpoints.connectUser,
    summary: "The signed-in provider user",
    tags: ["Users"],
    auth: ["user"],
    response: userSchema,
  },
  async ({ deps, principal }) => {
    const user = await findUser(deps.db, principal.userId, principal.accountId);
    if (!user) throw resourceMissing("user", principal.userId);
    return user;
  },
);

defineRoute(
  usersApp,
  {
    method: "delete",
    path: endpoints.connectSession,
    summary:
      "Log out: with a user key, revoke the user's keys and refresh tokens; with an account-session key, revoke every key of that account session",
    tags: ["Users"],
    auth: ["user", "account_session"],
    response: deletedConnectSessionSchema,
  },
  async ({ deps, principal }) => {
    const now = deps.config.now();
    if (principal.kind === "account_session") {
      // A full logout (docs/protocol.md): the session's key and the keys issued under it.
      await deps.db
        .updateTable("session_keys")
        .set({ revoked_at: now })
        .where("account_session_id", "=", principal.accountSessionId)
        .where("revoked_at", "is", null)
        .execute();
      return { object: "connect_session" as const, deleted: true as const };
    }
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("session_keys")
        .set({ revoked_at: now })
        .where("kind", "=", "user")
        .where("user_id", "=", principal.userId)
        .where("account_id", "=", principal.accountId)
        .where("revoked_at", "is", null)
        .execute();
      await trx
        .updateTable("user_refresh_tokens")
        .set({ revoked_at: now })
        .where("user_id", "=", principal.userId)
        .where("account_id", "=", principal.accountId)
        .where("revoked_at", "is", null)
        .execute();
    });
    return { object: "connect_session" as const, deleted: true as const };
  },
);

defineRoute(
  usersApp,
  {
    method: "post",
    path: endpoints.revokeRefreshToken,
    summary:
      "Revoke a provider user's refresh token, and every token rotated from the same sign-in (logout without a user key)",
    tags: ["Users"],
    auth: ["user", "account_session"],
    body: z.strictObject({ refresh_token: z.string().min(1).max(1024) }),
    response: refreshTokenRevocationSchema,
  },
  async ({ deps, principal, body }) => {
    const now = deps.config.now();
    const row = await deps.db
      .selectFrom("user_refresh_tokens")
      .select("family_id")
      .where("token_hash", "=", sha256(body.refresh_token))
      .where("account_id", "=", principal.accountId)
      .executeTakeFirst();
    const revoked = row ? (await revokeRefreshFamily(deps.db, row.family_id, now)) > 0 : false;
    return { object: "refresh_token_revocation" as const, revoked };
  },
);

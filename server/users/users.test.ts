import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { claimedAccountSessionSchema } from "../../protocol/objects/claimed-account-session.schema.ts";
import {
  DEFAULT_SCRYPT_LOG2N,
  hashPassword,
  passwordCost,
  sha256,
  verifyPassword,
} from "../http/secrets.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { createUser, issueUserKey, signIn } from "./users.ts";

const t = setupTestDatabase();
const api = testApi(t);

/** A platform, an account with its primary user, a claimed session key and the popup's key. */
async function signedIn(email = "Anna@Example.com") {
  const p = await api.platform();
  const account = await api.post("/v1/accounts", {
    key: p.secretKey,
    params: { type: "standard" },
  });
  const accountId = account.body.id as string;
  const user = await createUser(
    t.db,
    {
      email,
      name: "Anna",
      password: "correct horse",
      accountId,
      isPrimary: true,
    },
    api.clock.now,
  );
  const newSession = async () => {
    const session = await api.post("/v1/account_sessions", {
      key: p.secretKey,
      params: { account: accountId, components: { account_management: { enabled: true } } },
    });
    return session.body.client_secret as string;
  };
  const claim = async (refreshToken?: string) =>
    api.post(endpoints.claim, {
      params: {
        client_secret: await newSession(),
        key: p.publishableKey,
        ...(refreshToken ? { user_session_refresh_token: refreshToken } : {}),
      },
    });
  const sessionKey = (await claim()).body.api_key as string;
  const popup = await signIn(
    t.db,
    { email: email.toLowerCase(), password: "correct horse", accountId },
    api.clock.now,
    3600,
  );
  return { ...p, accountId, userId: user.id, sessionKey, popupKey: popup!.apiKey, claim };
}

describe("passwords", () => {
  it("issue 14 item 13: hash at scrypt N = 2^17 by default, keep the cost in the hash, and still verify older hashes", async () => {
    expect(DEFAULT_SCRYPT_LOG2N).toBe(17);
    expect(passwordCost("")).toBe(17);
    expect(passwordCost("9")).toBe(17);
    expect(passwordCost("12")).toBe(12);
    const strong = await hashPassword("s3cret", 17);
    expect(strong).toMatch(/^scrypt\$ln=17,r=8,p=1\$/);
    expect(await verifyPassword("s3cret", strong)).toBe(true);
    expect(await verifyPassword("other", strong)).toBe(false);
    // A hash made before the cost was stored (N = 2^14, Node's default).
    const { scryptSync } = await import("node:crypto");
    const salt = Buffer.from("0123456789abcdef");
    const legacy = `scrypt$${salt.toString("base64")}$${scryptSync("old", salt, 32).toString("base64")}`;
    expect(await verifyPassword("old", legacy)).toBe(true);
  });

  it("are stored with scrypt and salted, and only the right one verifies", async () => {
    const a = await hashPassword("s3cret");
    const b = await hashPassword("s3cret");
    expect(a).toMatch(/^scrypt\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("s3cret", a)).toBe(true);
    expect(await verifyPassword("S3cret", a)).toBe(false);
  });

  it("sign-in needs the right password and access to the account", async () => {
    const s = await signedIn();
    expect(
      await signIn(
        t.db,
        { email: "anna@example.com", password: "wrong", accountId: s.accountId },
        1,
        60,
      ),
    ).toBeUndefined();
    const other = await api.post("/v1/accounts", { key: s.secretKey, params: { type: "custom" } });
    expect(
      await signIn(
        t.db,
        { email: "anna@example.com", password: "correct horse", accountId: other.body.id },
        1,
        60,
      ),
    ).toBeUndefined();
  });
});

describe("POST /v1/embedded/user_authed_key", () => {
  it("exchanges the popup's key for an embedded user key and a refresh token", async () => {
    const s = await signedIn();
    const r = await api.post(endpoints.userAuthedKey, {
      key: s.sessionKey,
      params: { embedded_api_key: s.popupKey, session_created_from_embedded: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.embedded_session_api_key).toMatch(/^uk_test_/);
    expect(r.body.embedded_session_api_key).not.toBe(s.popupKey);
    expect(r.body.embedded_user_session_refresh_token).toMatch(/^urt_/);
    expect(r.body.user).toMatchObject({
      id: s.userId,
      email: "anna@example.com",
      is_primary_user: true,
    });
  });

  it("refuses an unknown key, another account's key, and a call without the session key", async () => {
    const s = await signedIn();
    const other = await signedIn("bo@example.com");
    const unknown = await api.post(endpoints.userAuthedKey, {
      key: s.sessionKey,
      params: { embedded_api_key: "uk_test_nope" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.param).toBe("embedded_api_key");
    const foreign = await api.post(endpoints.userAuthedKey, {
      key: s.sessionKey,
      params: { embedded_api_key: other.popupKey },
    });
    expect(foreign.status).toBe(400);
    const noSession = await api.post(endpoints.userAuthedKey, {
      params: { embedded_api_key: s.popupKey },
    });
    expect(noSession.status).toBe(401);
  });
});

describe("a signed-in user's key acts for the account session it belongs to", () => {
  const exchange = async (s: Awaited<ReturnType<typeof signedIn>>) =>
    (
      await api.post(endpoints.userAuthedKey, {
        key: s.sessionKey,
        params: { embedded_api_key: s.popupKey },
      })
    ).body as { embedded_session_api_key: string; embedded_user_session_refresh_token: string };

  it("reads what the session's components read, starts the session's challenge, and is still the user", async () => {
    const s = await signedIn();
    const { embedded_session_api_key: userKey } = await exchange(s);
    const list = await api.get(`/v1/accounts/${s.accountId}/external_accounts`, { key: userKey });
    expect(list.status).toBe(200);
    const started = await api.post(endpoints.requiresExternalAccountVerification, {
      key: userKey,
    });
    expect(started.status).toBe(200);
    const [challenge] = await t.db
      .selectFrom("external_account_challenges")
      .selectAll()
      .where("account_id", "=", s.accountId)
      .execute();
    expect(challenge?.id).toBe(started.body.challenge);
    const me = await api.get(endpoints.connectUser, { key: userKey });
    expect(me.body.id).toBe(s.userId);
    // A component the session does not enable stays refused.
    expect((await api.get("/v1/balance", { key: userKey })).status).toBe(403);
  });

  it("a renewed key acts for the new session; a key of no session reaches no session route", async () => {
    const s = await signedIn();
    const { embedded_user_session_refresh_token: token } = await exchange(s);
    const renewed = await s.claim(token);
    const userKey = renewed.body.user_session_api_key as string;
    expect(userKey).toMatch(/^uk_test_/);
    expect(
      (await api.post(endpoints.requiresExternalAccountVerification, { key: userKey })).status,
    ).toBe(200);
    const loose = await issueUserKey(
      t.db,
      { userId: s.userId, accountId: s.accountId, platformId: s.platform.id, livemode: false },
      api.clock.now,
      3600,
    );
    const refused = await api.post(endpoints.requiresExternalAccountVerification, {
      key: loose.apiKey,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("key_kind_not_allowed");
  });

  it("acts for its session only while the session's own key lives: past it, 401 api_key_expired on a session-only route, while it still reads its user", async () => {
    const s = await signedIn();
    // Minted later than the session's key, the user's key outlives it.
    api.clock.now += 60;
    const { embedded_session_api_key: userKey } = await exchange(s);
    const sessionKey = await t.db
      .selectFrom("session_keys")
      .select("expires_at")
      .where("key_hash", "=", sha256(s.sessionKey))
      .executeTakeFirstOrThrow();
    const before = api.clock.now;
    try {
      api.clock.now = sessionKey.expires_at + 1;
      const bySession = await api.get(`/v1/accounts/${s.accountId}/external_accounts`, {
        key: s.sessionKey,
      });
      expect(bySession.body.error?.code).toBe("api_key_expired");
      const refused = await api.post(endpoints.requiresExternalAccountVerification, {
        key: userKey,
      });
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe("api_key_expired");
      expect((await api.get(endpoints.connectUser, { key: userKey })).body.id).toBe(s.userId);
    } finally {
      api.clock.now = before;
    }
  });

  it("logging the session out revokes the user's key exchanged in it", async () => {
    const s = await signedIn();
    const { embedded_session_api_key: userKey } = await exchange(s);
    expect((await api.del(endpoints.connectSession, { key: s.sessionKey })).status).toBe(200);
    expect((await api.get(endpoints.connectUser, { key: userKey })).status).toBe(401);
  });
});

describe("GET /v1/connect/user and DELETE /v1/connect/session", () => {
  it("the user key reads the user; logout revokes it and the refresh token", async () => {
    const s = await signedIn();
    const exchanged = await api.post(endpoints.userAuthedKey, {
      key: s.sessionKey,
      params: { embedded_api_key: s.popupKey },
    });
    const userKey = exchanged.body.embedded_session_api_key as string;
    const refresh = exchanged.body.embedded_user_session_refresh_token as string;
    const me = await api.get(endpoints.connectUser, { key: userKey });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: s.userId,
      object: "user",
      email: "anna@example.com",
      name: "Anna",
      is_primary_user: true,
    });
    // The account-session key is not a user key.
    expect((await api.get(endpoints.connectUser, { key: s.sessionKey })).status).toBe(403);

    // A claim with the refresh token answers a signed-in user.
    const withUser = claimedAccountSessionSchema.parse((await s.claim(refresh)).body);
    expect(withUser.user?.id).toBe(s.userId);
    expect(withUser.user_session_api_key).toMatch(/^uk_test_/);
    expect(withUser.user_session_expires_at).toBe(api.clock.now + 3600);

    const logout = await api.del(endpoints.connectSession, { key: userKey });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ object: "connect_session", deleted: true });
    const after = await api.get(endpoints.connectUser, { key: userKey });
    expect(after.status).toBe(401);
    // The refresh token is gone too (the one the claim rotated to): a new claim answers no
    // user, and does not fail.
    const noUser = await s.claim(withUser.user_session_refresh_token as string);
    expect(noUser.status).toBe(200);
    expect(noUser.body.user).toBeNull();
    expect(noUser.body.user_session_api_key).toBeNull();
  });

  it("logout without a key is a 401", async () => {
    expect((await api.del(endpoints.connectSession)).status).toBe(401);
  });
});

describe("issue 14 item 5: refresh tokens rotate; a reused one revokes its family", () => {
  async function exchanged() {
    const s = await signedIn();
    const r = await api.post(endpoints.userAuthedKey, {
      key: s.sessionKey,
      params: { embedded_api_key: s.popupKey },
    });
    return { ...s, refresh: r.body.embedded_user_session_refresh_token as string };
  }
  const liveTokens = async (userId: string) =>
    t.db
      .selectFrom("user_refresh_tokens")
      .select(["family_id", "revoked_at", "used_at"])
      .where("user_id", "=", userId)
      .execute();

  it("every claim with a refresh token answers its successor, and the used token no longer signs in", async () => {
    const s = await exchanged();
    const first = claimedAccountSessionSchema.parse((await s.claim(s.refresh)).body);
    expect(first.user?.id).toBe(s.userId);
    const next = first.user_session_refresh_token as string;
    expect(next).toMatch(/^urt_/);
    expect(next).not.toBe(s.refresh);
    const second = claimedAccountSessionSchema.parse((await s.claim(next)).body);
    expect(second.user?.id).toBe(s.userId);
    expect(second.user_session_refresh_token).not.toBe(next);
    // One family, each token used once, the newest unused.
    const rows = await liveTokens(s.userId);
    expect(new Set(rows.map((r) => r.family_id)).size).toBe(1);
    expect(rows.filter((r) => r.used_at === null)).toHaveLength(1);
  });

  it("a reused old refresh token revokes every token of its family, the newest included", async () => {
    const s = await exchanged();
    const rotated = claimedAccountSessionSchema.parse((await s.claim(s.refresh)).body);
    const newest = rotated.user_session_refresh_token as string;
    // A copy of the first token is presented again (a thief, or a stale tab).
    const replay = await s.claim(s.refresh);
    expect(replay.status).toBe(200);
    expect(replay.body.user).toBeNull();
    expect(replay.body.user_session_refresh_token).toBeNull();
    const rows = await liveTokens(s.userId);
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.revoked_at !== null)).toBe(true);
    // The legitimate holder's newest token is dead too.
    expect((await s.claim(newest)).body.user).toBeNull();
  });

  it("another sign-in's family is untouched by a reuse", async () => {
    const s = await exchanged();
    const again = await signIn(
      t.db,
      { email: "anna@example.com", password: "correct horse", accountId: s.accountId },
      api.clock.now,
      3600,
    );
    const other = await api.post(endpoints.userAuthedKey, {
      key: s.sessionKey,
      params: { embedded_api_key: again!.apiKey },
    });
    await s.claim(s.refresh);
    await s.claim(s.refresh); // reuse: this family is revoked
    const kept = claimedAccountSessionSchema.parse(
      (await s.claim(other.body.embedded_user_session_refresh_token)).body,
    );
    expect(kept.user?.id).toBe(s.userId);
  });

  it("POST /v1/connect/refresh_token/revoke revokes the token's family with the account-session key; another account's key cannot", async () => {
    const s = await exchanged();
    const other = await signedIn("bo@example.com");
    const foreign = await api.post(endpoints.revokeRefreshToken, {
      key: other.sessionKey,
      params: { refresh_token: s.refresh },
    });
    expect(foreign.body).toEqual({ object: "refresh_token_revocation", revoked: false });
    const r = await api.post(endpoints.revokeRefreshToken, {
      key: s.sessionKey,
      params: { refresh_token: s.refresh },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ object: "refresh_token_revocation", revoked: true });
    expect((await s.claim(s.refresh)).body.user).toBeNull();
  });
});

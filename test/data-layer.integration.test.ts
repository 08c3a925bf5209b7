/**
 * The real data layer against the real reference provider: `createDataLayer` over the fake
 * window and Node's MessageChannel, whose fetch is the real app (`createApp` over the test
 * database, PGlite or PostgreSQL). The platform, the account and its sessions are created
 * through the API with the platform's secret key; every step checks what the server stored
 * or answered, not only what the data layer replied.
 */
import { describe, expect, it } from "vitest";
import { createDataLayer } from "../actors/data-layer/data-layer.ts";
import {
  env,
  FakeClient,
  FakeWindow,
  hosts,
  ManualClock,
  ManualTimers,
  MemoryStorage,
  marker,
  recordingLog,
  settle,
  until,
} from "../actors/data-layer/fakes.ts";
import type { FetchLike } from "../actors/data-layer/types.ts";
import { endpoints } from "../protocol/endpoints.ts";
import { createApp } from "../server/app.ts";
import type { SessionKeyKind } from "../server/db/schema.ts";
import { sha256 } from "../server/http/secrets.ts";
import { createPlatform } from "../server/platforms/platforms.ts";
import { setupTestDatabase } from "../server/test/db.ts";
import { createUser, signIn } from "../server/users/users.ts";

const t = setupTestDatabase();

/** Every secret the server handed out, as it travelled (keys, tokens, client secrets). */
const secretPattern = /\b(?:ek_test_|uk_test_|eak_test_|urt_|acs_secret_)[A-Za-z0-9_-]+/g;

interface Exchange {
  method: string;
  path: string;
  authorization: string | undefined;
  status: number;
}

async function world() {
  const clock = new ManualClock();
  const timers = new ManualTimers(clock);
  const serverNow = () => Math.floor(clock.now() / 1000);
  const app = createApp({ db: t.db, config: { now: serverNow } });
  const exchanges: Exchange[] = [];
  const secrets = new Set<string>();

  // Calls still running (telemetry is fire-and-forget): the next test's TRUNCATE waits for them.
  const inFlight = new Set<Promise<unknown>>();

  /** The data layer's absolute URLs, routed to the app on the API origin only. */
  const fetch: FetchLike = (url, init) => {
    const call = route(url, init);
    inFlight.add(call);
    void call.then(
      () => inFlight.delete(call),
      () => inFlight.delete(call),
    );
    return call;
  };

  const route: FetchLike = async (url, init) => {
    const target = new URL(url);
    if (target.origin !== hosts.api) throw new TypeError(`no route to ${target.origin}`);
    const response = await app.request(`${target.pathname}${target.search}`, init);
    const text = await response.clone().text();
    for (const secret of text.match(secretPattern) ?? []) secrets.add(secret);
    const authorization = new Headers(init.headers).get("authorization") ?? undefined;
    exchanges.push({
      method: init.method ?? "GET",
      path: target.pathname,
      authorization,
      status: response.status,
    });
    return response;
  };

  /** The platform's backend: direct API calls with the secret key. */
  const api = async (
    method: string,
    path: string,
    key: string,
    form?: Record<string, string>,
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  ): Promise<{ status: number; body: any }> => {
    const response = await app.request(path, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    return { status: response.status, body: await response.json() };
  };

  const platform = await createPlatform(t.db, { business_name: "Rocket Rides" }, serverNow());
  const account = await api("POST", "/v1/accounts", platform.secretKey, {
    type: "express",
    country: "FR",
  });
  expect(account.status).toBe(200);
  const accountId: string = account.body.id;
  const newClientSecret = async () => {
    const session = await api("POST", endpoints.accountSessions, platform.secretKey, {
      account: accountId,
      "components[payouts][enabled]": "true",
    });
    expect(session.status).toBe(200);
    secrets.add(session.body.client_secret);
    return session.body.client_secret as string;
  };

  const window = new FakeWindow();
  const logs = recordingLog();
  const layer = createDataLayer({
    window,
    fetch,
    storage: new MemoryStorage(),
    clock,
    timers,
    hosts,
    environment: "local",
    selfOrigin: env.connect,
    platformOrigin: env.platform,
    platformPagePath: "/dashboard/payouts",
    log: logs.log,
    // The person allowed analytics (functional): this test follows them to the intake.
    consent: { allows: () => true },
  });
  const page = FakeClient.platform(window, platform.publishableKey);
  const frame = FakeClient.frame(window, "payouts");
  await until(
    () => page.ofType("initresponse").length === 1 && frame.ofType("initresponse").length === 1,
    "both initresponses",
  );

  const claim = (clientSecret: string) =>
    page.request({ requestType: "claimAccountSessionRequest", clientSecret });

  /** A GET through the proxy, as the payouts frame makes it. */
  const proxied = (path: string) =>
    frame.request({
      requestType: "authedProxy",
      componentName: "payouts",
      url: `${hosts.api}${path}`,
      method: "GET",
      headers: {},
    });

  /** A POST through the proxy, as the payouts frame makes it. */
  const posted = (path: string, body?: Record<string, string>) =>
    frame.request({
      requestType: "authedProxy",
      componentName: "payouts",
      url: `${hosts.api}${path}`,
      method: "POST",
      headers: {},
      ...(body ? { body } : {}),
    });

  const sessionKeys = (kind: SessionKeyKind) =>
    t.db
      .selectFrom("session_keys")
      .selectAll()
      .where("kind", "=", kind)
      .where("account_id", "=", accountId)
      .orderBy("created")
      .execute();

  /** The bearer key of the last exchange with `path`. */
  const keyOfLast = (path: string) =>
    exchanges
      .filter((e) => e.path === path)
      .at(-1)
      ?.authorization?.replace(/^Bearer /, "");

  return {
    clock,
    timers,
    app,
    api,
    exchanges,
    secrets,
    platform,
    accountId,
    newClientSecret,
    window,
    logs,
    layer,
    page,
    frame,
    claim,
    proxied,
    posted,
    sessionKeys,
    keyOfLast,
    /** Whatever reached the platform page and the UI frame, as one string. */
    everythingReceived: () => JSON.stringify([page.received, frame.received]),
    /** Closes the ports and the data layer (which flushes telemetry), then waits for every call. */
    async dispose() {
      page.close();
      frame.close();
      layer.dispose();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      expect([...page.invalid, ...frame.invalid]).toEqual([]);
    },
  };
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the data layer against the reference provider", () => {
  it("claim: the server marks the session claimed, the sanitized session reaches the frames, no key does", async () => {
    const w = await world();
    try {
      const reply = await w.claim(await w.newClientSecret());
      expect(reply).toMatchObject({ requestType: "response", ok: true });

      const [session] = await t.db.selectFrom("account_sessions").selectAll().execute();
      expect(session?.claimed_at).toBe(Math.floor(w.clock.now() / 1000));
      const [key] = await w.sessionKeys("account_session");
      expect(key?.account_session_id).toBe(session?.id);

      // The frames learn the session (ids, components), never a key.
      await until(() => w.frame.ofType("sessionChanged").length > 0, "sessionChanged");
      const shared = w.frame.ofType("sessionChanged").at(-1)!.session as Record<string, unknown>;
      expect(shared).toMatchObject({
        account_id: w.accountId,
        platform_id: w.platform.platform.id,
      });
      for (const field of ["api_key", "user_session_api_key", "client_secret", "user"])
        expect(shared).not.toHaveProperty(field);
      expect(w.secrets.size).toBeGreaterThanOrEqual(2);
      for (const secret of w.secrets) expect(w.everythingReceived()).not.toContain(secret);
      // Exactly one claim went to the server.
      expect(w.exchanges.filter((e) => e.path === endpoints.claim)).toHaveLength(1);
    } finally {
      await w.dispose();
    }
  });

  it("a proxied call goes out with the account-session key; the intercepted key is kept and redacted", async () => {
    const w = await world();
    try {
      await w.claim(await w.newClientSecret());
      // The sandbox challenge (issue 14 item 3): start it, read the code the user receives,
      // answer it through the proxy; the answer's key is kept and redacted.
      const started = await w.posted(endpoints.requiresExternalAccountVerification);
      expect(started).toMatchObject({
        requestType: "response",
        ok: true,
        body: { object: "external_account_verification", requires_verification: true },
      });
      const { code } = await t.db
        .selectFrom("external_account_challenges")
        .select("code")
        .executeTakeFirstOrThrow();
      const reply = await w.posted(endpoints.externalAccountChallenge, { code });
      expect(reply).toMatchObject({
        requestType: "response",
        ok: true,
        status: 200,
        body: { object: "external_account_challenge", status: "succeeded" },
      });
      expect(reply.body).not.toHaveProperty("key");

      // The server saw the very key it issued at the claim, and issued an external_account key.
      const [accountSessionKey] = await w.sessionKeys("account_session");
      expect(sha256(w.keyOfLast(endpoints.externalAccountChallenge)!)).toBe(
        accountSessionKey!.key_hash,
      );
      const issued = await w.sessionKeys("external_account");
      expect(issued).toHaveLength(1);
      expect(w.layer.keys.read("external_account")).toBeDefined();
      expect(sha256(w.layer.keys.read("external_account")!.apiKey)).toBe(issued[0]!.key_hash);

      // Risk signals: the server keeps a row for this account session.
      const risk = await w.frame.request({ requestType: "collectRiskSignalsRequest" });
      expect(risk).toMatchObject({ requestType: "response", body: { status: "completed" } });
      const signals = await t.db.selectFrom("risk_signals").selectAll().execute();
      expect(signals.map((s) => s.account_id)).toEqual([w.accountId]);
      for (const secret of w.secrets) expect(w.everythingReceived()).not.toContain(secret);
    } finally {
      await w.dispose();
    }
  });

  it("key expiry: past the key's expiry the platform gets clientSecretNeeded and the server refuses the old key; the call waits and goes out with the key of the new client secret", async () => {
    const w = await world();
    try {
      await w.claim(await w.newClientSecret());
      await w.proxied(endpoints.identityChallenge);
      const oldKey = w.keyOfLast(endpoints.identityChallenge)!;
      const [stored] = await w.sessionKeys("account_session");

      w.clock.advance((stored!.expires_at - stored!.created) * 1000);
      // The key read after its expiry is dropped: the call waits for the next session.
      const waiting = w.proxied(endpoints.identityChallenge);
      await until(() => w.page.ofType("clientSecretNeeded").length === 1, "clientSecretNeeded");
      expect(w.frame.ofType("clientSecretNeeded")).toHaveLength(0);
      expect(w.exchanges.filter((e) => e.path === endpoints.identityChallenge)).toHaveLength(1);
      // The server agrees: the old key has expired.
      const direct = await w.api("GET", endpoints.identityChallenge, oldKey);
      expect(direct.status).toBe(401);
      expect(direct.body.error.code).toBe("api_key_expired");

      // Refresh through a NEW client secret, created by the platform's backend.
      const again = await w.claim(await w.newClientSecret());
      expect(again).toMatchObject({ requestType: "response", ok: true });
      expect(await waiting).toMatchObject({ requestType: "response", ok: true, status: 200 });
      const newKey = w.keyOfLast(endpoints.identityChallenge)!;
      expect(newKey).not.toBe(oldKey);
      const keys = await w.sessionKeys("account_session");
      expect(keys).toHaveLength(2);
      expect(sha256(newKey)).toBe(keys[1]!.key_hash);
      const sessions = await t.db.selectFrom("account_sessions").selectAll().execute();
      expect(sessions.every((s) => s.claimed_at !== null)).toBe(true);
    } finally {
      await w.dispose();
    }
  });

  it("telemetry reaches the intake: the claim event, metrics and an error report are kept and listed for the platform", async () => {
    const w = await world();
    try {
      await w.claim(await w.newClientSecret());
      w.frame.post({
        requestType: "metricsEvent",
        metrics: [
          { name: "component.load", kind: "timing", value: 120, tags: { component: "payouts" } },
        ],
      });
      w.frame.post({ requestType: "errorReportingTags", tags: { release: "1.2.3" } });
      w.frame.post({
        requestType: "errorReport",
        error: { name: "TypeError", message: "payouts list failed" },
        tags: { view: "list" },
      });
      await settle();
      w.timers.advance(3000); // the analytics batch flushes after 3 s

      const rows = await eventually(
        () => t.db.selectFrom("telemetry_records").selectAll().orderBy("kind").execute(),
        (r) => r.length >= 3,
        "three telemetry rows",
      );
      expect(rows.map((r) => [r.kind, r.name])).toEqual([
        ["analytics", "submerchant_surfaces_account_session_claim"],
        ["error", "TypeError"],
        ["metric", "component.load"],
      ]);
      expect(rows[0]!.data).toMatchObject({
        page_path: "/dashboard/payouts",
        created: w.clock.now() - 3000,
      });
      const error = rows[1]!;
      expect(error.data).toMatchObject({
        owner: "accounts_ui",
        tags: { release: "1.2.3", view: "list" },
        component: "payouts",
      });
      // The data layer sends telemetry with the account-session key it holds: every record
      // is tied to the account by that key.
      expect(error).toMatchObject({ account_id: w.accountId, attribution: "key", host_env: "qa" });
      expect(rows[0]).toMatchObject({ account_id: w.accountId, attribution: "key" });
      expect(w.exchanges.filter((e) => e.path.startsWith("/v1/telemetry/"))).toSatisfy(
        (sent: Exchange[]) => sent.length === 3 && sent.every((e) => e.status === 202),
      );

      const listed = await w.api("GET", endpoints.metricsIntake, w.platform.secretKey);
      expect(listed.body.data).toHaveLength(1);
      expect(listed.body.data[0]).toMatchObject({ account: w.accountId, name: "component.load" });
      for (const secret of w.secrets)
        expect(JSON.stringify(rows.map((r) => [r.data, r.session_metadata]))).not.toContain(secret);
    } finally {
      await w.dispose();
    }
  });

  it("popup sign-in then logout: the user key works through the proxy, and after logout the server refuses it too", async () => {
    const w = await world();
    try {
      await w.claim(await w.newClientSecret());
      const now = Math.floor(w.clock.now() / 1000);
      await createUser(
        t.db,
        {
          email: "anna@example.com",
          password: "correct horse",
          accountId: w.accountId,
          isPrimary: true,
        },
        now,
      );
      // What the sign-in popup does on the connect origin, then hands to the data layer.
      const popupKey = await signIn(
        t.db,
        { email: "anna@example.com", password: "correct horse", accountId: w.accountId },
        now,
        3600,
      );
      expect(popupKey).toBeDefined();
      const waitId = w.frame.send({
        requestType: "openPopupAndWaitForAuth",
        componentName: "payouts",
      });
      await settle();
      w.window.post(env.connect, {
        type: marker,
        requestType: "popupAuthenticationComplete",
        apiKey: popupKey!.apiKey,
      });
      await until(() => w.frame.replyTo(waitId) !== undefined, "the popup wait's reply");
      expect(w.frame.replyTo(waitId)).toMatchObject({
        requestType: "response",
        body: { authState: { status: "user_authenticated" } },
      });

      const user = await w.proxied(endpoints.connectUser);
      expect(user).toMatchObject({
        requestType: "response",
        status: 200,
        body: { object: "user", email: "anna@example.com", is_primary_user: true },
      });
      const userKey = w.keyOfLast(endpoints.connectUser)!;
      expect(userKey.startsWith("uk_test_")).toBe(true);
      expect(userKey).not.toBe(popupKey!.apiKey);
      for (const secret of [...w.secrets, popupKey!.apiKey])
        expect(w.everythingReceived()).not.toContain(secret);

      const out = await w.frame.request({ requestType: "logout", clearUserSessionOnly: false });
      expect(out).toMatchObject({
        requestType: "response",
        body: { authState: { status: "unauthenticated" } },
      });
      // A full logout: the user session, then the account session, each revoked on the server.
      const [sessionKey] = await w.sessionKeys("account_session");
      expect(w.exchanges.slice(-2)).toMatchObject([
        {
          method: "DELETE",
          path: endpoints.connectSession,
          authorization: `Bearer ${userKey}`,
          status: 200,
        },
        { method: "DELETE", path: endpoints.connectSession, status: 200 },
      ]);
      expect(sessionKey?.revoked_at).not.toBeNull();
      // The server revoked the user's keys and refresh tokens...
      const userKeys = [...(await w.sessionKeys("popup")), ...(await w.sessionKeys("user"))];
      expect(userKeys.length).toBeGreaterThanOrEqual(2);
      expect(userKeys.every((k) => k.revoked_at !== null)).toBe(true);
      const tokens = await t.db.selectFrom("user_refresh_tokens").selectAll().execute();
      expect(tokens.every((r) => r.revoked_at !== null)).toBe(true);
      // ...so the old key is refused by the server, and the data layer no longer sends any.
      const direct = await w.api("GET", endpoints.connectUser, userKey);
      expect(direct.status).toBe(401);
      const calls = w.exchanges.length;
      const after = await w.proxied(endpoints.connectUser);
      expect(after).toMatchObject({
        requestType: "errorResponse",
        error: { message: "User has not stored a key of type: account_session" },
      });
      expect(w.exchanges).toHaveLength(calls);
      expect(w.layer.keys.authState()).toMatchObject({ status: "unauthenticated" });
    } finally {
      await w.dispose();
    }
  });
});

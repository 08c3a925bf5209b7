import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { clientAddress } from "./sign-in.routes.ts";
import {
  limitedSignIn,
  popupKeyTtl,
  signInFailedMessage,
  signInLimits,
  signInRateLimited,
} from "./sign-in.ts";
import { createUser } from "./users.ts";

const t = setupTestDatabase();
const api = testApi(t);

async function world(options: { advancePlatformClock?: number } = {}) {
  const p = await api.platform();
  if (options.advancePlatformClock) {
    const moved = await api.post("/v1/test_helpers/clock/advance", {
      key: p.secretKey,
      params: { seconds: options.advancePlatformClock },
    });
    expect(moved.status).toBe(200);
  }
  const account = await api.post("/v1/accounts", { key: p.secretKey, params: { type: "custom" } });
  const accountId = account.body.id as string;
  await createUser(
    t.db,
    { email: "anna@example.com", password: "correct horse", accountId, isPrimary: true },
    api.clock.now,
  );
  const session = await api.post("/v1/account_sessions", {
    key: p.secretKey,
    params: { account: accountId, components: { payouts: { enabled: true } } },
  });
  const claimed = await api.post(endpoints.claim, {
    params: { client_secret: session.body.client_secret, key: p.publishableKey },
  });
  const signIn = (email: string, password: string, account = accountId) =>
    api.post(endpoints.connectSignIn, { params: { email, password, account } });
  return { ...p, accountId, sessionKey: claimed.body.api_key as string, signIn };
}

describe("POST /v1/connect/sign_in (the sign-in popup)", () => {
  it("the right email and password give a short-lived key the data layer exchanges once", async () => {
    const w = await world();
    const r = await w.signIn(" Anna@Example.com", "correct horse");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: "connect_sign_in",
      expires_at: api.clock.now + popupKeyTtl,
      session_created_for_embedded: true,
    });
    expect(r.body.api_key).toMatch(/^upk_test_/);
    const exchange = () =>
      api.post(endpoints.userAuthedKey, {
        key: w.sessionKey,
        params: { embedded_api_key: r.body.api_key, session_created_from_embedded: true },
      });
    expect((await exchange()).status).toBe(200);
    const again = await exchange();
    expect(again.status).toBe(400);
    expect(again.body.error.param).toBe("embedded_api_key");
  });

  it("a wrong password, an unknown email and an account the user cannot reach get the same generic error", async () => {
    const w = await world();
    const other = await api.post("/v1/accounts", { key: w.secretKey, params: { type: "custom" } });
    const answers = [
      await w.signIn("anna@example.com", "wrong"),
      await w.signIn("nobody@example.com", "correct horse"),
      await w.signIn("anna@example.com", "correct horse", other.body.id),
    ];
    for (const a of answers) {
      expect(a.status).toBe(400);
      expect(a.body.error).toMatchObject({
        type: "invalid_request_error",
        code: "sign_in_failed",
        message: signInFailedMessage,
      });
      expect(a.body.error.param).toBeUndefined();
    }
    expect(await t.db.selectFrom("session_keys").where("kind", "=", "user").execute()).toEqual([]);
  });

  it(`after ${signInLimits.accountAndClient} failures for one email and client, even the right password is refused until the window passes`, async () => {
    const w = await world();
    for (let i = 0; i < signInLimits.accountAndClient; i++)
      expect((await w.signIn("anna@example.com", `wrong ${i}`)).status).toBe(400);
    const limited = await w.signIn("anna@example.com", "correct horse");
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({
      type: "rate_limit_error",
      code: "sign_in_rate_limited",
    });
    // Another email from the same client is not limited.
    expect((await w.signIn("bo@example.com", "x")).status).toBe(400);
    api.clock.now += signInLimits.windowSeconds + 1;
    expect((await w.signIn("anna@example.com", "correct horse")).status).toBe(200);
    // Attempts are kept as hashes, never the email, the address or the password.
    const rows = JSON.stringify(await t.db.selectFrom("rate_limits").selectAll().execute());
    for (const clear of ["anna@", "wrong", "correct horse"]) expect(rows).not.toContain(clear);
  });

  it("bad input is a 400 naming the parameter, and nothing is written", async () => {
    const w = await world();
    const r = await api.post(endpoints.connectSignIn, {
      params: { email: "anna@example.com", password: "x", account: "not an account" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.param).toBe("account");
    const extra = await api.post(endpoints.connectSignIn, {
      params: { email: "a@b.c", password: "x", account: w.accountId, admin: "true" },
    });
    expect(extra.status).toBe(400);
    expect(await t.db.selectFrom("rate_limits").selectAll().execute()).toEqual([]);
  });

  it("answers CORS only to the connect origin", async () => {
    const preflight = (origin: string) =>
      api.app.request(endpoints.connectSignIn, {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST" },
      });
    const ok = await preflight("http://127.0.0.1:4100");
    expect(ok.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:4100");
    const evil = await preflight("http://localhost:4000");
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("issue 14 item 4: sign-in brute force (docs/security.md)", () => {
  /** A password check that counts how often it ran, and always fails. */
  const countingCheck = () => {
    const counter = { checks: 0 };
    const check = async () => {
      counter.checks++;
      await new Promise((resolve) => setTimeout(resolve, 1));
      return undefined;
    };
    return { counter, check };
  };
  const attempt = (email: string, client: string, password = "wrong") => ({
    email,
    client,
    password,
  });
  const refusals = (results: PromiseSettledResult<unknown>[]) =>
    results.filter(
      (r) => r.status === "rejected" && (r.reason as Error).message === signInRateLimited().message,
    ).length;

  it(`200 concurrent wrong passwords for one account from one address check the password at most ${signInLimits.accountAndClient} times`, async () => {
    const { counter, check } = countingCheck();
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        limitedSignIn(t.db, attempt("anna@example.com", "10.0.0.9", `guess ${i}`), 1_000, check),
      ),
    );
    // At most the limit (one of the allowed attempts may fail on its own under a loaded
    // database, and then checks nothing): never more, and every other attempt is refused.
    expect(counter.checks).toBeLessThanOrEqual(signInLimits.accountAndClient);
    expect(counter.checks).toBeGreaterThan(0);
    expect(refusals(results)).toBeGreaterThanOrEqual(200 - signInLimits.accountAndClient);
  });

  it(`200 concurrent wrong passwords for one account from 200 addresses check it at most ${signInLimits.account} times`, async () => {
    const { counter, check } = countingCheck();
    await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        limitedSignIn(t.db, attempt("anna@example.com", `10.0.1.${i}`, `guess ${i}`), 1_000, check),
      ),
    );
    expect(counter.checks).toBeLessThanOrEqual(signInLimits.account);
    expect(counter.checks).toBeGreaterThan(0);
  });

  it(`one password tried across many accounts is checked at most ${signInLimits.password} times`, async () => {
    const { counter, check } = countingCheck();
    for (let i = 0; i < 30; i++)
      await limitedSignIn(
        t.db,
        attempt(`user${i}@example.com`, `10.0.2.${i}`, "Summer2026!"),
        1_000,
        check,
      ).catch(() => undefined);
    expect(counter.checks).toBe(signInLimits.password);
  });

  it(`one address is checked at most ${signInLimits.client} times across accounts; a new window starts afresh`, async () => {
    const { counter, check } = countingCheck();
    for (let i = 0; i < 60; i++)
      await limitedSignIn(
        t.db,
        attempt(`user${i}@example.com`, "10.0.3.1", `pw ${i}`),
        1_000,
        check,
      ).catch(() => undefined);
    expect(counter.checks).toBe(signInLimits.client);
    await limitedSignIn(
      t.db,
      attempt("late@example.com", "10.0.3.1"),
      1_000 + signInLimits.windowSeconds,
      check,
    );
    expect(counter.checks).toBe(signInLimits.client + 1);
  });

  it("a success gives its slots back: a user who signs in often is never limited", async () => {
    let checks = 0;
    for (let i = 0; i < 3 * signInLimits.accountAndClient; i++)
      expect(
        await limitedSignIn(
          t.db,
          attempt("anna@example.com", "10.0.4.1", "right"),
          1_000,
          async () => {
            checks++;
            return "usr_1";
          },
        ),
      ).toBe("usr_1");
    expect(checks).toBe(3 * signInLimits.accountAndClient);
  });

  it("the client address comes from X-Forwarded-For only through a configured trusted proxy", async () => {
    const app = new Hono();
    let proxies: string[] = [];
    let peer = "10.9.9.9";
    app.get("/", (c) => c.text(clientAddress(c, proxies, peer)));
    const ask = async (forwarded: string) =>
      (await app.request("/", { headers: { "X-Forwarded-For": forwarded } })).text();
    // No trusted proxy: the header is ignored, whatever it says.
    expect(await ask("1.2.3.4")).toBe("10.9.9.9");
    proxies = ["10.9.9.9", "10.9.9.8"];
    // The rightmost entry that is not a trusted proxy; a client's own entries on the left lose.
    expect(await ask("6.6.6.6, 1.2.3.4")).toBe("1.2.3.4");
    expect(await ask("6.6.6.6, 1.2.3.4, 10.9.9.8")).toBe("1.2.3.4");
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    peer = "5.5.5.5";
    expect(await ask("1.2.3.4")).toBe("5.5.5.5");
  });
});

describe("issue 14 item 6: the popup's key is its own kind, spent by any exchange", () => {
  it("is issued on its platform's clock: after that platform's sandbox clock moved on two hours, it still exchanges", async () => {
    const w = await world({ advancePlatformClock: 7200 });
    const popup = await w.signIn("anna@example.com", "correct horse");
    expect(popup.status).toBe(200);
    expect(popup.body.expires_at).toBe(api.clock.now + 7200 + popupKeyTtl);
    const exchanged = await api.post(endpoints.userAuthedKey, {
      key: w.sessionKey,
      params: { embedded_api_key: popup.body.api_key },
    });
    expect(exchanged.status).toBe(200);
  });

  it("authenticates no API call: only the exchange accepts it", async () => {
    const w = await world();
    const key = (await w.signIn("anna@example.com", "correct horse")).body.api_key as string;
    for (const path of [endpoints.connectUser, "/v1/balance", "/v1/payouts"]) {
      const r = await api.get(path, { key });
      expect(r.status).toBe(401);
    }
    const exchanged = await api.post(endpoints.userAuthedKey, {
      key: w.sessionKey,
      params: { embedded_api_key: key },
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.embedded_session_api_key).toMatch(/^uk_test_/);
  });

  it("a user key is not a popup key: the exchange refuses it", async () => {
    const w = await world();
    const key = (await w.signIn("anna@example.com", "correct horse")).body.api_key as string;
    const userKey = (
      await api.post(endpoints.userAuthedKey, {
        key: w.sessionKey,
        params: { embedded_api_key: key },
      })
    ).body.embedded_session_api_key as string;
    const again = await api.post(endpoints.userAuthedKey, {
      key: w.sessionKey,
      params: { embedded_api_key: userKey },
    });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("user_key_invalid");
  });

  it("a failed exchange (another account's session presents it) revokes it: its own session cannot exchange it after", async () => {
    const w = await world();
    // A session of another account of the same platform.
    const account = await api.post("/v1/accounts", {
      key: w.secretKey,
      params: { type: "custom" },
    });
    const session = await api.post("/v1/account_sessions", {
      key: w.secretKey,
      params: { account: account.body.id, components: { payouts: { enabled: true } } },
    });
    const otherKey = (
      await api.post(endpoints.claim, {
        params: { client_secret: session.body.client_secret, key: w.publishableKey },
      })
    ).body.api_key as string;
    const key = (await w.signIn("anna@example.com", "correct horse")).body.api_key as string;
    const foreign = await api.post(endpoints.userAuthedKey, {
      key: otherKey,
      params: { embedded_api_key: key },
    });
    expect(foreign.status).toBe(400);
    const own = await api.post(endpoints.userAuthedKey, {
      key: w.sessionKey,
      params: { embedded_api_key: key },
    });
    expect(own.status).toBe(400);
    expect(own.body.error.code).toBe("user_key_invalid");
  });
});

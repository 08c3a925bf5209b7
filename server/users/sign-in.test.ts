import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { popupKeyTtl, signInFailedMessage, signInLimit } from "./sign-in.ts";
import { createUser } from "./users.ts";

const t = setupTestDatabase();
const api = testApi(t);

async function world() {
  const p = await api.platform();
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
    expect(r.body.api_key).toMatch(/^uk_test_/);
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

  it(`after ${signInLimit.failures} failures for one email and client, even the right password is refused until the window passes`, async () => {
    const w = await world();
    for (let i = 0; i < signInLimit.failures; i++)
      expect((await w.signIn("anna@example.com", `wrong ${i}`)).status).toBe(400);
    const limited = await w.signIn("anna@example.com", "correct horse");
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({
      type: "rate_limit_error",
      code: "sign_in_rate_limited",
    });
    // Another email from the same client is not limited.
    expect((await w.signIn("bo@example.com", "x")).status).toBe(400);
    api.clock.now += signInLimit.windowSeconds + 1;
    expect((await w.signIn("anna@example.com", "correct horse")).status).toBe(200);
    // Attempts are kept as hashes, never the email itself.
    const rows = await t.db.selectFrom("sign_in_attempts").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain("anna@");
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
    expect(await t.db.selectFrom("sign_in_attempts").selectAll().execute()).toEqual([]);
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

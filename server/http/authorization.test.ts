/**
 * Authorization across the API (issue 3, acceptance "authorization"): who may read and write
 * what, whatever path or header they try. Each refusal is an error object, and nothing is
 * written. And after a full logout, none of the session's old keys works.
 */
import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { connectedAccount } from "../money/money-test.ts";
import { testApi } from "../test/api.ts";
import { passExternalAccountChallenge } from "../test/challenge.ts";
import { setupTestDatabase } from "../test/db.ts";
import { createUser } from "../users/users.ts";

const t = setupTestDatabase();
const api = testApi(t);

const count = async (table: "charges" | "payouts" | "accounts" | "account_sessions") =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A second connected account B of the same platform as `a`. */
async function sibling(a: Awaited<ReturnType<typeof connectedAccount>>) {
  const b = await api.post("/v1/accounts", { key: a.secretKey, params: { type: "custom" } });
  const accountId = b.body.id as string;
  const as = { key: a.secretKey, headers: { [api.headers.account]: accountId } };
  return { accountId, as };
}

describe("a claimed key for account A cannot read account B", () => {
  it("naming B in the account header is refused with a permission error", async () => {
    const a = await connectedAccount(api);
    const b = await sibling(a);
    const key = await a.sessionKey({ payouts: { enabled: true }, payments: { enabled: true } });
    for (const path of ["/v1/balance", "/v1/payouts", "/v1/charges"]) {
      const r = await api.get(path, { key, headers: { [api.headers.account]: b.accountId } });
      expect(r.status, path).toBe(403);
      expect(r.body.error).toMatchObject({ type: "permission_error", code: "account_invalid" });
    }
  });

  it("B's objects by id are not found with A's key, as if they did not exist", async () => {
    const a = await connectedAccount(api);
    const b = await sibling(a);
    const charge = await api.post("/v1/charges", {
      ...b.as,
      params: { amount: 1000, currency: "usd", payment_method: "pm_card_visa" },
    });
    expect(charge.status).toBe(200);
    const key = await a.sessionKey({ payments: { enabled: true } });
    const read = await api.get(`/v1/charges/${charge.body.id}`, { key });
    expect(read.status).toBe(404);
    expect(read.body.error.code).toBe("resource_missing");
    const list = await api.get("/v1/charges", { key });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    const refund = await api.post("/v1/refunds", { key, params: { charge: charge.body.id } });
    expect(refund.status).toBeGreaterThanOrEqual(400);
    expect(refund.status).toBeLessThan(500);
  });

  it("B's external accounts are out of reach of A's key", async () => {
    const a = await connectedAccount(api);
    const b = await sibling(a);
    const key = await a.sessionKey({ account_management: { enabled: true } });
    const r = await api.get(`/v1/accounts/${b.accountId}/external_accounts`, { key });
    expect([403, 404]).toContain(r.status);
    expect(r.body.error).toBeDefined();
  });
});

describe("a claimed key cannot reach the endpoints of a component its session did not enable", () => {
  it("a session with only account onboarding reads no balance, payouts or payments", async () => {
    const a = await connectedAccount(api);
    const key = await a.sessionKey({ account_onboarding: { enabled: true } });
    for (const path of ["/v1/balance", "/v1/payouts", "/v1/charges", "/v1/disputes"]) {
      const r = await api.get(path, { key });
      expect(r.status, path).toBe(403);
      expect(r.body.error.type).toBe("permission_error");
    }
    const payouts = await count("payouts");
    const create = await api.post("/v1/payouts", { key, params: { amount: 100, currency: "usd" } });
    expect(create.status).toBe(403);
    expect(await count("payouts")).toBe(payouts);
  });

  it("a component listed but disabled counts as not enabled", async () => {
    const a = await connectedAccount(api);
    const key = await a.sessionKey({ payouts: { enabled: false }, payments: { enabled: true } });
    expect((await api.get("/v1/balance", { key })).status).toBe(403);
    expect((await api.get("/v1/charges", { key })).status).toBe(200);
  });
});

describe("a publishable key cannot write", () => {
  it("creating accounts, sessions, charges, refunds or payouts with it is refused; nothing is written", async () => {
    const a = await connectedAccount(api);
    const pk = { key: a.publishableKey, headers: { [api.headers.account]: a.accountId } };
    const before = await Promise.all(
      (["charges", "payouts", "accounts", "account_sessions"] as const).map(count),
    );
    const writes = [
      api.post("/v1/accounts", { key: a.publishableKey, params: { type: "custom" } }),
      api.post(endpoints.accountSessions, {
        key: a.publishableKey,
        params: { account: a.accountId, components: { payouts: { enabled: true } } },
      }),
      api.post("/v1/charges", {
        ...pk,
        params: { amount: 500, currency: "usd", payment_method: "pm_card_visa" },
      }),
      api.post("/v1/payouts", { ...pk, params: { amount: 100, currency: "usd" } }),
      api.post(`/v1/accounts/${a.accountId}`, {
        key: a.publishableKey,
        params: { metadata: { x: "y" } },
      }),
    ];
    for (const r of await Promise.all(writes)) {
      expect(r.status).toBe(403);
      expect(r.body.error).toMatchObject({
        type: "permission_error",
        code: "key_kind_not_allowed",
      });
    }
    const after = await Promise.all(
      (["charges", "payouts", "accounts", "account_sessions"] as const).map(count),
    );
    expect(after).toEqual(before);
  });

  it("nor read an account's money", async () => {
    const a = await connectedAccount(api);
    const r = await api.get("/v1/balance", {
      key: a.publishableKey,
      headers: { [api.headers.account]: a.accountId },
    });
    expect(r.status).toBe(403);
  });
});

describe("a secret key of platform P cannot act for an account of platform Q", () => {
  it("the account header naming Q's account is refused on reads and writes, and nothing is written", async () => {
    const p = await connectedAccount(api);
    const q = await connectedAccount(api);
    const asQ = { key: p.secretKey, headers: { [api.headers.account]: q.accountId } };
    const before = await Promise.all((["charges", "payouts"] as const).map(count));
    const answers = [
      await api.get("/v1/balance", asQ),
      await api.get("/v1/charges", asQ),
      await api.post("/v1/charges", {
        ...asQ,
        params: { amount: 500, currency: "usd", payment_method: "pm_card_visa" },
      }),
      await api.post("/v1/payouts", { ...asQ, params: { amount: 100, currency: "usd" } }),
    ];
    for (const r of answers) {
      expect(r.status).toBe(403);
      expect(r.body.error).toMatchObject({ type: "permission_error", code: "account_invalid" });
    }
    expect(await Promise.all((["charges", "payouts"] as const).map(count))).toEqual(before);
  });

  it("Q's account by id is not found for P, and P cannot open a session for it", async () => {
    const p = await connectedAccount(api);
    const q = await connectedAccount(api);
    expect((await api.get(`/v1/accounts/${q.accountId}`, { key: p.secretKey })).status).toBe(404);
    const update = await api.post(`/v1/accounts/${q.accountId}`, {
      key: p.secretKey,
      params: { metadata: { owner: "p" } },
    });
    expect(update.status).toBe(404);
    const sessions = await count("account_sessions");
    const session = await api.post(endpoints.accountSessions, {
      key: p.secretKey,
      params: { account: q.accountId, components: { payouts: { enabled: true } } },
    });
    expect(session.status).toBeGreaterThanOrEqual(400);
    expect(session.status).toBeLessThan(500);
    expect(await count("account_sessions")).toBe(sessions);
    // A claim with Q's client secret and P's publishable key is refused too.
    const qSession = await api.post(endpoints.accountSessions, {
      key: q.secretKey,
      params: { account: q.accountId, components: { payouts: { enabled: true } } },
    });
    const claim = await api.post(endpoints.claim, {
      params: { client_secret: qSession.body.client_secret, key: p.publishableKey },
    });
    expect(claim.status).toBeGreaterThanOrEqual(400);
    expect(claim.status).toBeLessThan(500);
  });

  it("Q's session key cannot be pointed at P's account either", async () => {
    const p = await connectedAccount(api);
    const q = await connectedAccount(api);
    const key = await q.sessionKey({ payouts: { enabled: true } });
    const r = await api.get("/v1/balance", {
      key,
      headers: { [api.headers.account]: p.accountId },
    });
    expect(r.status).toBe(403);
  });
});

describe("a full logout (docs/protocol.md): no call succeeds with the old keys", () => {
  it("after DELETE /v1/connect/session with the user key and then with the account-session key, every key of that session is refused", async () => {
    const a = await connectedAccount(api);
    await createUser(
      t.db,
      {
        email: "anna@example.com",
        password: "correct horse",
        accountId: a.accountId,
        isPrimary: true,
      },
      api.clock.now,
    );
    const sessionKey = await a.sessionKey({
      account_management: { enabled: true },
      payouts: { enabled: true },
    });
    const signedIn = await api.post(endpoints.connectSignIn, {
      params: { email: "anna@example.com", password: "correct horse", account: a.accountId },
    });
    const exchanged = await api.post(endpoints.userAuthedKey, {
      key: sessionKey,
      params: { embedded_api_key: signedIn.body.api_key },
    });
    const userKey = exchanged.body.embedded_session_api_key as string;
    const externalAccountKey = (
      await passExternalAccountChallenge(api, {
        sessionKey,
        secretKey: a.secretKey,
        accountId: a.accountId,
      })
    ).body.key as string;
    // All three work before.
    expect((await api.get(endpoints.connectUser, { key: userKey })).status).toBe(200);
    expect((await api.get("/v1/balance", { key: sessionKey })).status).toBe(200);
    expect((await api.get("/v1/balance", { key: externalAccountKey })).status).toBe(200);

    expect((await api.del(endpoints.connectSession, { key: userKey })).status).toBe(200);
    const full = await api.del(endpoints.connectSession, { key: sessionKey });
    expect(full.status).toBe(200);
    expect(full.body).toEqual({ object: "connect_session", deleted: true });

    for (const [key, path] of [
      [userKey, endpoints.connectUser],
      [sessionKey, "/v1/balance"],
      [sessionKey, "/v1/payouts"],
      [externalAccountKey, "/v1/balance"],
    ] as const) {
      const r = await api.get(path, { key });
      expect(r.status, `${key.slice(0, 8)} ${path}`).toBe(401);
      expect(r.body.error.type).toBe("authentication_error");
    }
    expect((await api.post(endpoints.riskSignals, { key: sessionKey })).status).toBe(401);
    // A second logout with the revoked key is a 401, which the data layer counts as done.
    expect((await api.del(endpoints.connectSession, { key: sessionKey })).status).toBe(401);
  });

  it("an account-session logout revokes only its own session's keys", async () => {
    const a = await connectedAccount(api);
    const first = await a.sessionKey({ payouts: { enabled: true } });
    const second = await a.sessionKey({ payouts: { enabled: true } });
    expect((await api.del(endpoints.connectSession, { key: first })).status).toBe(200);
    expect((await api.get("/v1/balance", { key: first })).status).toBe(401);
    expect((await api.get("/v1/balance", { key: second })).status).toBe(200);
  });
});

import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { sha256 } from "../http/secrets.ts";
import { testApi } from "../test/api.ts";
import { claimedSession, passExternalAccountChallenge } from "../test/challenge.ts";
import { setupTestDatabase } from "../test/db.ts";
import { createUser } from "../users/users.ts";
import { challengeLimits } from "./challenge.ts";

const t = setupTestDatabase();
const api = testApi(t);

const claimedKey = (components: Record<string, unknown> = { payouts: { enabled: true } }) =>
  claimedSession(api, components);

describe("GET /v1/retrieve_embedded_flags (override path, API key)", () => {
  it("answers the platform's flags for its own secret key", async () => {
    const p = await api.platform();
    const r = await api.get(endpoints.retrieveEmbeddedFlags, {
      key: p.secretKey,
      params: { platform_id: p.platform.id },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "embedded_flags", platform_id: p.platform.id });
    expect(r.body.flags.enable_payouts_component).toBe(false);
    expect(typeof r.body.flags.enable_topups).toBe("boolean");
  });

  it("refuses another platform's id, a missing id, and an account-session key", async () => {
    const p = await api.platform();
    const q = await api.platform();
    const foreign = await api.get(endpoints.retrieveEmbeddedFlags, {
      key: p.secretKey,
      params: { platform_id: q.platform.id },
    });
    expect(foreign.status).toBe(403);
    const missing = await api.get(endpoints.retrieveEmbeddedFlags, { key: p.secretKey });
    expect(missing.status).toBe(400);
    expect(missing.body.error.param).toBe("platform_id");
    const s = await claimedKey();
    const sessionKey = await api.get(endpoints.retrieveEmbeddedFlags, {
      key: s.apiKey,
      params: { platform_id: s.platform.id },
    });
    expect(sessionKey.status).toBe(403);
  });
});

describe("POST /v1/risk_signals (account-session key, empty body)", () => {
  it("records the collection and answers completed", async () => {
    const s = await claimedKey();
    const r = await api.post(endpoints.riskSignals, { key: s.apiKey });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "risk_signal", status: "completed" });
    const rows = await t.db.selectFrom("risk_signals").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.account_id).toBe(s.accountId);
  });

  it("refuses a body, a missing key and a platform key", async () => {
    const s = await claimedKey();
    expect((await api.post(endpoints.riskSignals, { key: s.apiKey, body: "x=1" })).status).toBe(
      400,
    );
    expect((await api.post(endpoints.riskSignals)).status).toBe(401);
    expect((await api.post(endpoints.riskSignals, { key: s.secretKey })).status).toBe(403);
    expect(await t.db.selectFrom("risk_signals").selectAll().execute()).toEqual([]);
  });
});

describe("issue 14 item 3: the external_account key comes only from a real challenge", () => {
  const start = (s: { apiKey: string }) =>
    api.post(endpoints.requiresExternalAccountVerification, { key: s.apiKey });
  const code = async (s: { secretKey: string; accountId: string }) =>
    (
      await api.get(endpoints.externalAccountChallengeCode, {
        key: s.secretKey,
        params: { account: s.accountId },
      })
    ).body.code as string;
  const answer = (s: { apiKey: string }, value: string) =>
    api.post(endpoints.externalAccountChallenge, { key: s.apiKey, params: { code: value } });
  const externalKeys = () =>
    t.db.selectFrom("session_keys").selectAll().where("kind", "=", "external_account").execute();

  it("the verification and identity calls start and report a challenge, and mint no key", async () => {
    const s = await claimedKey({ account_onboarding: { enabled: true } });
    const verification = await start(s);
    expect(verification.status).toBe(200);
    expect(verification.body).toMatchObject({
      object: "external_account_verification",
      requires_verification: true,
    });
    const identity = await api.get(endpoints.identityChallenge, { key: s.apiKey });
    expect(identity.body).toMatchObject({
      object: "identity_challenge",
      status: "pending",
      attempts_remaining: challengeLimits.attempts,
    });
    for (const r of [verification, identity]) expect(r.body.key).toBeUndefined();
    expect(await externalKeys()).toEqual([]);
    expect(await code(s)).toMatch(/^\d{6}$/);
  });

  it("the right code mints one key bound to the session, the account and the user the code went to", async () => {
    const s = await claimedKey({ payouts: { enabled: true } });
    const user = await createUser(
      t.db,
      { email: "anna@example.com", password: "pw", accountId: s.accountId, isPrimary: true },
      api.clock.now,
    );
    const r = await passExternalAccountChallenge(api, {
      sessionKey: s.apiKey,
      secretKey: s.secretKey,
      accountId: s.accountId,
    });
    expect(r.status).toBe(200);
    expect(r.body.key).toMatch(/^eak_test_/);
    const [stored] = await externalKeys();
    expect(stored).toMatchObject({
      key_hash: sha256(r.body.key),
      account_id: s.accountId,
      user_id: user.id,
      expires_at: api.clock.now + 15 * 60,
    });
    // One success: the same code again finds no challenge.
    const again = await answer(s, "000000");
    expect(again.body.error.code).toBe("challenge_missing");
  });

  it(`at most ${challengeLimits.attempts} attempts, even in parallel; then the right code is refused too`, async () => {
    const s = await claimedKey({ payouts: { enabled: true } });
    await start(s);
    const right = await code(s);
    const wrong = right === "000000" ? "111111" : "000000";
    const answers = await Promise.all(Array.from({ length: 12 }, () => answer(s, wrong)));
    expect(answers.filter((a) => a.body.error?.code === "challenge_failed")).toHaveLength(
      challengeLimits.attempts,
    );
    expect(answers.filter((a) => a.body.error?.code === "challenge_locked")).toHaveLength(
      12 - challengeLimits.attempts,
    );
    const late = await answer(s, right);
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe("challenge_locked");
    expect(await externalKeys()).toEqual([]);
  });

  it("a new challenge ends the old one; an expired challenge cannot be answered", async () => {
    const s = await claimedKey({ payouts: { enabled: true } });
    await start(s);
    const first = await code(s);
    await start(s);
    const second = await code(s);
    if (first !== second) expect((await answer(s, first)).status).toBe(400);
    api.clock.now += challengeLimits.ttlSeconds + 1;
    expect((await answer(s, second)).body.error.code).toBe("challenge_missing");
  });

  it("the key allows one external-account change", async () => {
    const s = await claimedKey({ payouts: { enabled: true } });
    const key = (
      await passExternalAccountChallenge(api, {
        sessionKey: s.apiKey,
        secretKey: s.secretKey,
        accountId: s.accountId,
      })
    ).body.key as string;
    const add = (number: string) =>
      api.post(`/v1/accounts/${s.accountId}/external_accounts`, {
        key,
        params: {
          external_account: {
            object: "bank_account",
            country: "US",
            currency: "usd",
            routing_number: "110000000",
            account_number: number,
          },
        },
      });
    expect((await add("000123456789")).status).toBe(200);
    // Spent: the key is revoked by the change it allowed.
    const second = await add("000999999999");
    expect(second.status).toBe(401);
    expect(second.body.error.code).toBe("api_key_invalid");
  });

  it("another platform's test helper cannot read the code", async () => {
    const s = await claimedKey({ payouts: { enabled: true } });
    await start(s);
    const other = await api.platform();
    const r = await api.get(endpoints.externalAccountChallengeCode, {
      key: other.secretKey,
      params: { account: s.accountId },
    });
    expect(r.status).toBe(404);
  });

  it("a session enabling no component that edits payout accounts cannot start one", async () => {
    const s = await claimedKey({ payments: { enabled: true } });
    const r = await start(s);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("component_not_enabled");
  });

  it("a session whose payout component turns external_account_collection off cannot start one", async () => {
    const s = await claimedKey({
      balances: { enabled: true, features: { external_account_collection: false } },
    });
    const r = await start(s);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("component_not_enabled");
    expect(await t.db.selectFrom("external_account_challenges").selectAll().execute()).toEqual([]);
  });
});

describe("POST /v1/embedded_authentication_links (account-session key)", () => {
  it("answers a one-time dashboard link whose token is stored only hashed", async () => {
    const s = await claimedKey();
    const r = await api.post(endpoints.embeddedAuthenticationLinks, { key: s.apiKey });
    expect(r.status).toBe(200);
    const url = new URL(r.body.url);
    expect(url.origin).toBe("http://127.0.0.1:4400");
    const token = url.searchParams.get("token")!;
    const row = await t.db
      .selectFrom("embedded_authentication_links")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(token));
    expect(row.expires_at).toBe(r.body.expires_at);
  });

  it("needs the account-session key", async () => {
    const s = await claimedKey();
    const r = await api.post(endpoints.embeddedAuthenticationLinks, { key: s.secretKey });
    expect(r.status).toBe(403);
  });
});

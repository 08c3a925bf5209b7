import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { sha256 } from "../http/secrets.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { sandboxChallengeCode } from "./embedded.routes.ts";

const t = setupTestDatabase();
const api = testApi(t);

async function claimedKey(components: Record<string, unknown> = { payouts: { enabled: true } }) {
  const p = await api.platform();
  const account = await api.post("/v1/accounts", { key: p.secretKey, params: { type: "custom" } });
  const session = await api.post("/v1/account_sessions", {
    key: p.secretKey,
    params: { account: account.body.id, components },
  });
  const claimed = await api.post(endpoints.claim, {
    params: { client_secret: session.body.client_secret, key: p.publishableKey },
  });
  return { ...p, accountId: account.body.id as string, apiKey: claimed.body.api_key as string };
}

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

describe("the external-account calls answer the external_account key", () => {
  it("requires_external_account_verification, the challenge and the identity challenge each issue a stored key", async () => {
    const s = await claimedKey({ account_onboarding: { enabled: true } });
    const verification = await api.post(endpoints.requiresExternalAccountVerification, {
      key: s.apiKey,
    });
    const challenge = await api.post(endpoints.externalAccountChallenge, {
      key: s.apiKey,
      params: { code: sandboxChallengeCode },
    });
    const identity = await api.get(endpoints.identityChallenge, { key: s.apiKey });
    for (const r of [verification, challenge, identity]) {
      expect(r.status).toBe(200);
      expect(r.body.key).toMatch(/^eak_test_/);
    }
    const stored = await t.db
      .selectFrom("session_keys")
      .select(["key_hash", "account_id", "expires_at"])
      .where("kind", "=", "external_account")
      .execute();
    expect(stored.map((k) => k.key_hash).sort()).toEqual(
      [verification, challenge, identity].map((r) => sha256(r.body.key)).sort(),
    );
    expect(stored.every((k) => k.account_id === s.accountId)).toBe(true);
    expect(stored.every((k) => k.expires_at === api.clock.now + 15 * 60)).toBe(true);
  });

  it("a wrong challenge code fails without a key", async () => {
    const s = await claimedKey({ payouts: { enabled: true } });
    const r = await api.post(endpoints.externalAccountChallenge, {
      key: s.apiKey,
      params: { code: "123456" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "challenge_failed", param: "code" });
    expect(r.body.key).toBeUndefined();
  });

  it("a session enabling no component that edits payout accounts cannot get the key", async () => {
    const s = await claimedKey({ payments: { enabled: true } });
    const r = await api.post(endpoints.requiresExternalAccountVerification, { key: s.apiKey });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("component_not_enabled");
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

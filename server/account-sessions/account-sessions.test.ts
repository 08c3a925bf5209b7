import { describe, expect, it } from "vitest";
import { claimedAccountSessionSchema } from "../../protocol/objects/claimed-account-session.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { sha256 } from "../http/secrets.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { sessionComponentNames } from "./components.ts";

const t = setupTestDatabase();
const api = testApi(t);

async function setup(accountParams: Record<string, unknown> = { type: "express" }) {
  const p = await api.platform({
    nickname: "Rides",
    support_email: "help@rides.example",
    brand_accent_color: "#635bff",
  });
  const account = await api.post("/v1/accounts", {
    key: p.secretKey,
    params: { country: "FR", business_profile: { name: "Chez Anna" }, ...accountParams },
  });
  const createSession = (components: Record<string, unknown> = { payouts: { enabled: true } }) =>
    api.post("/v1/account_sessions", {
      key: p.secretKey,
      params: { account: account.body.id, components },
    });
  const claim = (clientSecret: string, key = p.publishableKey) =>
    api.post("/v1/account_sessions/claim", {
      params: { client_secret: clientSecret, key, [provider.claimVersionParam]: "2020-08-27" },
    });
  return { ...p, account: account.body, createSession, claim };
}

describe("POST /v1/account_sessions", () => {
  it("returns a client_secret stored only as a hash, and every component resolved with defaults", async () => {
    const s = await setup();
    const r = await s.createSession({
      payouts: { enabled: true, features: { instant_payouts: false } },
      account_onboarding: { enabled: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.client_secret).toMatch(new RegExp(`^${provider.keyPrefixes.clientSecret}`));
    expect(r.body.expires_at).toBe(api.clock.now + 30 * 60);
    expect(Object.keys(r.body.components).sort()).toEqual([...sessionComponentNames]);
    expect(r.body.components.payouts).toEqual({
      enabled: true,
      features: {
        instant_payouts: false,
        instant_payouts_rtp_disabled: false,
        instant_payouts_to_debit_cards_disabled: false,
        standard_payouts: true,
        edit_payout_schedule: true,
        external_account_collection: true,
        disable_bank_connections: false,
        [provider.flags.disableUserAuthentication]: false,
      },
    });
    expect(r.body.components.account_onboarding.features).toEqual({
      external_account_collection: true,
      [provider.flags.disableUserAuthentication]: false,
    });
    expect(r.body.components.payments.enabled).toBe(false);
    const row = await t.db.selectFrom("account_sessions").selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(r.body.client_secret);
    expect(row.client_secret_hash).toBe(sha256(r.body.client_secret));
  });

  it("accepts and stores the catalogue's features of the payments views, and the claim's flags carry the feature flags the session turned on", async () => {
    const s = await setup();
    const r = await s.createSession({
      payments: {
        enabled: true,
        features: { export: true, enable_embedded_email_filter_in_payments_list: true },
      },
      disputes_list: { enabled: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.components.payments.features).toMatchObject({
      refund_management: true,
      export: true,
      enable_embedded_email_filter_in_payments_list: true,
      enable_embedded_metadata_filter_in_payments_list: false,
    });
    expect(r.body.components.disputes_list.features.export).toBe(false);
    const claimed = await s.claim(r.body.client_secret);
    expect(claimed.body.components.payments.features.export).toBe(true);
    expect(claimed.body.flags.enable_embedded_email_filter_in_payments_list).toBe(true);
    expect(claimed.body.flags.enable_embedded_metadata_filter_in_payments_list).toBe(false);
    expect(claimed.body.flags.enable_metadata_in_payment_details).toBe(false);
  });

  it("refuses an unknown component or feature, naming it, and writes nothing", async () => {
    const s = await setup();
    const unknown = await s.createSession({ spaceship: { enabled: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.param).toBe("components[spaceship]");
    const feature = await s.createSession({ payouts: { enabled: true, features: { warp: true } } });
    expect(feature.body.error.param).toBe("components[payouts][features][warp]");
    const notBool = await s.createSession({ payouts: { enabled: "yes" } });
    expect(notBool.body.error.param).toBe("components[payouts][enabled]");
    expect(await t.db.selectFrom("account_sessions").selectAll().execute()).toEqual([]);
  });

  it("needs the secret key of the account's own platform", async () => {
    const s = await setup();
    const other = await api.platform();
    const foreign = await api.post("/v1/account_sessions", {
      key: other.secretKey,
      params: { account: s.account.id, components: { payouts: { enabled: true } } },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.param).toBe("account");
    const publishable = await api.post("/v1/account_sessions", {
      key: s.publishableKey,
      params: { account: s.account.id, components: { payouts: { enabled: true } } },
    });
    expect(publishable.status).toBe(403);
  });
});

describe("POST /v1/account_sessions/claim (SPEC.md §7)", () => {
  // With the publishable key in Authorization too, the claim reuses the key's lookup
  // (platform and sandbox clock) instead of looking the body's key up again.
  it("with the publishable key in Authorization or not, runs on the platform's sandbox clock; another platform's key in Authorization, or a revoked body key, is refused", async () => {
    const s = await setup();
    const other = await setup();
    const advanced = await api.post("/v1/test_helpers/clock/advance", {
      key: s.secretKey,
      params: { seconds: 5 * 86_400 },
    });
    expect(advanced.status).toBe(200);
    const now = advanced.body.now as number;
    expect(now).toBe(api.clock.now + 5 * 86_400);
    const claimWith = async (authorization: string | undefined, key = s.publishableKey) => {
      const session = await s.createSession();
      return api.post("/v1/account_sessions/claim", {
        ...(authorization ? { key: authorization } : {}),
        params: { client_secret: session.body.client_secret, key },
      });
    };
    for (const authorization of [s.publishableKey, undefined]) {
      const claimed = await claimWith(authorization);
      expect(claimed.status).toBe(200);
      expect(claimed.body.api_key_expiry).toBe(now + 60 * 60);
      const row = await t.db
        .selectFrom("account_sessions")
        .select("claimed_at")
        .where("id", "=", claimed.body.id)
        .executeTakeFirstOrThrow();
      expect(row.claimed_at).toBe(now);
    }
    const mixed = await claimWith(other.publishableKey);
    expect(mixed.status).toBe(401);
    expect(mixed.body.error.code).toBe("publishable_key_invalid");
    await t.db
      .updateTable("api_keys")
      .set({ revoked_at: api.clock.now })
      .where("key_hash", "=", sha256(s.publishableKey))
      .execute();
    for (const authorization of [s.publishableKey, undefined]) {
      const refused = await claimWith(authorization);
      expect(refused.status).toBe(401);
    }
  });

  it("answers the claimed account session of SPEC.md §3", async () => {
    const s = await setup();
    const session = await s.createSession({ account_onboarding: { enabled: true } });
    const r = await s.claim(session.body.client_secret);
    expect(r.status).toBe(200);
    const claimed = claimedAccountSessionSchema.parse(r.body);
    expect(claimed).toMatchObject({
      id: session.body.id,
      account_session_id: session.body.id,
      account_id: s.account.id,
      platform_id: s.platform.id,
      livemode: false,
      is_v2_account_session: false,
      api_key_expiry: api.clock.now + 60 * 60,
      client_secret: session.body.client_secret,
      platform_nickname: "Rides",
      platform_business_name: "Rocket Rides",
      platform_country: "US",
      platform_support_email: "help@rides.example",
      connect_brand_accent_color: "#635bff",
      user: null,
      user_session_api_key: null,
      read_only: false,
    });
    expect(claimed.api_key).toMatch(/^ek_test_/);
    expect(claimed.components.account_onboarding?.enabled).toBe(true);
    expect(claimed.components.payouts?.enabled).toBe(false);
    expect(claimed.merchant_data).toEqual({
      business_name: "Chez Anna",
      country: "FR",
      default_currency: "eur",
      connected_account_details_submitted: false,
      has_express_dashboard_access: true,
      has_standard_dashboard_access: false,
      has_rft_in_livemode: false,
      [provider.flags.ownsLossLiability]: false,
      [provider.flags.ownsOnboarding]: false,
      [provider.flags.ownsPricing]: false,
      is_controlled_by_single_platform: true,
    });
    expect(claimed.flags.enable_payouts_component).toBe(false);
    // Only the key's hash is kept.
    const key = await t.db.selectFrom("session_keys").selectAll().executeTakeFirstOrThrow();
    expect(key.key_hash).toBe(sha256(claimed.api_key));
    expect(JSON.stringify(key)).not.toContain(claimed.api_key);
  });

  it("a reused client secret is a 4xx error object", async () => {
    const s = await setup();
    const session = await s.createSession();
    expect((await s.claim(session.body.client_secret)).status).toBe(200);
    const again = await s.claim(session.body.client_secret);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      type: "invalid_request_error",
      code: "account_session_already_claimed",
      param: "client_secret",
    });
  });

  it("an expired client secret is a 4xx error object", async () => {
    const s = await setup();
    const session = await s.createSession();
    api.clock.now += 30 * 60;
    const r = await s.claim(session.body.client_secret);
    api.clock.now -= 30 * 60;
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("account_session_expired");
  });

  it("an unknown client secret is a 4xx error object", async () => {
    const s = await setup();
    const r = await s.claim(`${provider.keyPrefixes.clientSecret}nope`);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("account_session_client_secret_invalid");
  });

  it("a wrong publishable key is a 4xx error object and does not burn the session", async () => {
    const s = await setup();
    const other = await api.platform();
    const session = await s.createSession();
    const unknownKey = await s.claim(session.body.client_secret, "pk_test_unknown");
    expect(unknownKey.status).toBe(401);
    expect(unknownKey.body.error.type).toBe("authentication_error");
    const otherPlatform = await s.claim(session.body.client_secret, other.publishableKey);
    expect(otherPlatform.status).toBe(400);
    expect(otherPlatform.body.error.code).toBe("account_session_client_secret_invalid");
    const secretAsKey = await s.claim(session.body.client_secret, s.secretKey);
    expect(secretAsKey.status).toBe(401);
    expect((await s.claim(session.body.client_secret)).status).toBe(200);
  });

  it("unknown body parameters are refused, naming them", async () => {
    const s = await setup();
    const session = await s.createSession();
    const r = await api.post("/v1/account_sessions/claim", {
      params: { client_secret: session.body.client_secret, key: s.publishableKey, extra: "1" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.param).toBe("extra");
    expect((await s.claim(session.body.client_secret)).status).toBe(200);
  });

  it("five racing claims of one secret: exactly one wins", async () => {
    const s = await setup();
    const session = await s.createSession();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => s.claim(session.body.client_secret)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await t.db.selectFrom("session_keys").selectAll().execute()).toHaveLength(1);
  });

  it("a claimed key for account A cannot act for account B, and expires", async () => {
    const s = await setup();
    const b = await api.post("/v1/accounts", { key: s.secretKey, params: { type: "custom" } });
    const session = await s.createSession();
    const { api_key } = (await s.claim(session.body.client_secret)).body;
    const asB = await api.get("/v1/accounts", {
      key: api_key,
      headers: { [provider.headers.account]: b.body.id },
    });
    expect(asB.status).toBe(403);
    expect(asB.body.error.code).toBe("account_invalid");
    // It is not a platform key either: platform endpoints refuse it.
    const platformCall = await api.get("/v1/accounts", { key: api_key });
    expect(platformCall.status).toBe(403);
    api.clock.now += 60 * 60;
    const expired = await api.get("/v1/accounts", { key: api_key });
    api.clock.now -= 60 * 60;
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe("api_key_expired");
  });
});

describe("issue 14 item 13: a key's mode must match the account's", () => {
  it("a test key can neither create an account session for a live account nor act on it through the account header", async () => {
    const s = await setup();
    await t.db
      .updateTable("accounts")
      .set({ livemode: true })
      .where("id", "=", s.account.id)
      .execute();
    const session = await s.createSession();
    expect(session.status).toBe(403);
    expect(session.body.error).toMatchObject({
      type: "permission_error",
      code: "livemode_mismatch",
    });
    expect(await t.db.selectFrom("account_sessions").selectAll().execute()).toEqual([]);
    const read = await api.get("/v1/balance", {
      key: s.secretKey,
      headers: { [provider.headers.account]: s.account.id },
    });
    expect(read.status).toBe(403);
    expect(read.body.error.code).toBe("livemode_mismatch");
  });
});

describe("issue 14 item 11: allowed embedding origins", () => {
  it("the platform's backend names the origins allowed to embed the session; the claim answers them", async () => {
    const s = await setup();
    const r = await api.post("/v1/account_sessions", {
      key: s.secretKey,
      params: {
        account: s.account.id,
        components: { payouts: { enabled: true } },
        allowed_origins: ["https://shop.example", "http://localhost:4000"],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.allowed_origins).toEqual(["https://shop.example", "http://localhost:4000"]);
    const claimed = await s.claim(r.body.client_secret);
    expect(claimed.body.allowed_origins).toEqual(["https://shop.example", "http://localhost:4000"]);
    // Without the parameter, any origin (an empty list in the claim).
    const any = await s.createSession();
    expect(any.body.allowed_origins).toBeNull();
    expect((await s.claim(any.body.client_secret)).body.allowed_origins).toEqual([]);
  });

  it("refuses an entry that is not an origin, and writes nothing", async () => {
    const s = await setup();
    for (const bad of ["https://shop.example/path", "shop.example", "javascript:alert(1)"]) {
      const r = await api.post("/v1/account_sessions", {
        key: s.secretKey,
        params: {
          account: s.account.id,
          components: { payouts: { enabled: true } },
          allowed_origins: [bad],
        },
      });
      expect(r.status).toBe(400);
      expect(r.body.error.param).toContain("allowed_origins");
    }
    expect(await t.db.selectFrom("account_sessions").selectAll().execute()).toEqual([]);
  });
});

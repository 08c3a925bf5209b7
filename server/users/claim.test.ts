import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import {
  accountClaimCodeSchema,
  accountClaimSchema,
  passwordProblem,
} from "../../protocol/objects/account-claim.schema.ts";
import { localEnvironment, provider } from "../../protocol/provider.ts";
import { createDashboardHostApp } from "../hosts/dashboard.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { claimLimits } from "./claim.ts";
import { createUser } from "./users.ts";

const t = setupTestDatabase();
const api = testApi(t);

const password = "blue kettle 42";

/** A platform, a new account (no provider user) and an onboarding session's key. */
async function unclaimed(features: Record<string, unknown> = {}) {
  const p = await api.platform();
  const account = await api.post("/v1/accounts", {
    key: p.secretKey,
    params: { type: "express" },
  });
  const accountId = account.body.id as string;
  const sessionKeyFor = async (components: Record<string, unknown>) => {
    const session = await api.post("/v1/account_sessions", {
      key: p.secretKey,
      params: { account: accountId, components },
    });
    const claimed = await api.post(endpoints.claim, {
      params: { client_secret: session.body.client_secret, key: p.publishableKey },
    });
    return claimed.body.api_key as string;
  };
  const sessionKey = await sessionKeyFor({ account_onboarding: { enabled: true, features } });
  const start = (params: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api.post(endpoints.accountClaim, { key: sessionKey, params, headers });
  const verify = (code: string, headers: Record<string, string> = {}) =>
    api.post(endpoints.accountClaimVerify, { key: sessionKey, params: { code }, headers });
  const sentCode = async () => {
    const r = await api.get(`${endpoints.accountClaimCode}?account=${accountId}`, {
      key: p.secretKey,
    });
    expect(r.status).toBe(200);
    return accountClaimCodeSchema.parse(r.body);
  };
  const state = async () => {
    const r = await api.get(endpoints.accountClaim, { key: sessionKey });
    expect(r.status).toBe(200);
    return accountClaimSchema.parse(r.body);
  };
  return { ...p, accountId, sessionKey, sessionKeyFor, start, verify, sentCode, state };
}

const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("the account claim", () => {
  it("a new account is unclaimed; email + password send a code; the code makes the primary user, who signs in with them", async () => {
    const s = await unclaimed();
    expect((await s.state()).status).toBe("unclaimed");

    const started = await s.start({ email: "Noor@Example.com", password });
    expect(started.status).toBe(200);
    expect(accountClaimSchema.parse(started.body)).toMatchObject({
      status: "verification_pending",
      email: "noor@example.com",
      attempts_remaining: claimLimits.attempts,
      expires_at: api.clock.now + claimLimits.ttlSeconds,
    });
    // Not a user yet: nobody can sign in with it before the code is answered.
    const early = await api.post(endpoints.connectSignIn, {
      params: { email: "noor@example.com", password, account: s.accountId },
    });
    expect(early.status).toBe(400);

    const sent = await s.sentCode();
    expect(sent).toMatchObject({ account: s.accountId, email: "noor@example.com", attempts: 0 });
    expect(sent.code).toMatch(/^\d{6}$/);
    const verified = await s.verify(sent.code);
    expect(verified.status).toBe(200);
    const claim = accountClaimSchema.parse(verified.body);
    expect(claim).toMatchObject({
      status: "claimed",
      email: null,
      user: { email: "noor@example.com", is_primary_user: true },
    });
    expect((await s.state()).status).toBe("claimed");

    // The new user signs in from the popup, and the exchange answers them as primary user.
    const popup = await api.post(endpoints.connectSignIn, {
      params: { email: "noor@example.com", password, account: s.accountId },
    });
    expect(popup.status).toBe(200);
    const exchanged = await api.post(endpoints.userAuthedKey, {
      key: s.sessionKey,
      params: { embedded_api_key: popup.body.api_key },
    });
    expect(exchanged.status).toBe(200);
    const user = await api.get(endpoints.connectUser, {
      key: exchanged.body.embedded_session_api_key,
    });
    expect(user.body).toMatchObject({
      id: claim.user?.id,
      email: "noor@example.com",
      is_primary_user: true,
    });

    // And on the dashboard host, where the account is theirs.
    const dashboard = createDashboardHostApp({
      db: t.db,
      config: { hosts: localEnvironment(), now: () => api.clock.now },
    });
    const signedIn = await dashboard.request("/sign-in", {
      method: "POST",
      body: new URLSearchParams({ email: "noor@example.com", password }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(signedIn.status).toBe(303);
    const cookie = /^([^=]+=[^;]*)/.exec(signedIn.headers.get("set-cookie") ?? "")?.[1] ?? "";
    const home = await dashboard.request("/", { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(s.accountId);
  });

  it("a weak, short or email-bearing password is refused on password; a taken email on email; nothing is kept", async () => {
    const s = await unclaimed();
    for (const [pw, code] of [
      ["short1", "password_too_short"],
      ["onlyletterslong", "password_too_weak"],
      ["12345678901", "password_too_weak"],
      ["noor-secret-9", "password_contains_email"],
    ] as const) {
      const r = await s.start({ email: "noor@example.com", password: pw });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code, param: "password" });
      expect(passwordProblem(pw, "noor@example.com")).toBe(code);
    }
    const bad = await s.start({ email: "not an email", password });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("email");

    await createUser(
      t.db,
      {
        email: "taken@example.com",
        password,
        accountId: (await unclaimed()).accountId,
        isPrimary: true,
      },
      api.clock.now,
    );
    const taken = await s.start({ email: "TAKEN@example.com", password });
    expect(taken.status).toBe(400);
    expect(taken.body.error).toMatchObject({ code: "email_taken", param: "email" });
    expect((await s.state()).status).toBe("unclaimed");
  });

  it("an account that has its user already cannot be claimed", async () => {
    const s = await unclaimed();
    await createUser(
      t.db,
      { email: "owner@example.com", password, accountId: s.accountId, isPrimary: true },
      api.clock.now,
    );
    expect((await s.state()).status).toBe("claimed");
    const r = await s.start({ email: "second@example.com", password });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("account_already_claimed");
  });

  it("a wrong code is counted and refused on code; after 5 the claim is locked; a new start sends a new code", async () => {
    const s = await unclaimed();
    await s.start({ email: "noor@example.com", password });
    const { code } = await s.sentCode();
    for (let left = claimLimits.attempts - 1; left >= 0; left--) {
      const r = await s.verify(wrongCodeOf(code));
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: "claim_code_incorrect", param: "code" });
      expect((await s.state()).attempts_remaining).toBe(left);
    }
    const locked = await s.verify(code);
    expect(locked.body.error).toMatchObject({ code: "claim_locked", param: "code" });
    expect((await s.state()).status).toBe("verification_pending");

    await s.start({ email: "noor@example.com", password });
    const fresh = await s.sentCode();
    expect(fresh.attempts).toBe(0);
    expect((await s.verify(fresh.code)).status).toBe(200);
  });

  it("sends at most 5 codes an hour for an account (429), then again after the hour", async () => {
    const s = await unclaimed();
    for (let i = 0; i < claimLimits.codesPerWindow; i++)
      expect((await s.start({ email: "noor@example.com", password })).status).toBe(200);
    const { code } = await s.sentCode();
    const over = await s.start({ email: "noor@example.com", password });
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ type: "rate_limit_error", code: "claim_rate_limited" });
    // The refused send changed nothing: the last code still stands.
    expect((await s.sentCode()).code).toBe(code);
    api.clock.now += claimLimits.windowSeconds;
    // (In a new session: the first one's key has expired by then.)
    const later = await s.sessionKeyFor({ account_onboarding: { enabled: true } });
    const again = await api.post(endpoints.accountClaim, {
      key: later,
      params: { email: "noor@example.com", password },
    });
    expect(again.status).toBe(200);
  });

  it("a code expires after 30 minutes, and a newer claim ends the older one's code", async () => {
    const s = await unclaimed();
    await s.start({ email: "noor@example.com", password });
    const first = await s.sentCode();
    await s.start({ email: "other@example.com", password });
    const second = await s.sentCode();
    expect(second.email).toBe("other@example.com");
    if (first.code !== second.code) {
      const old = await s.verify(first.code);
      expect(old.body.error.code).toBe("claim_code_incorrect");
    }
    api.clock.now += claimLimits.ttlSeconds;
    const late = await s.verify(second.code);
    expect(late.body.error).toMatchObject({ code: "claim_missing", param: "code" });
    expect((await s.state()).status).toBe("unclaimed");
  });

  it("honours the Idempotency-Key: a retried start sends one code, a retried verify answers once", async () => {
    const s = await unclaimed();
    const key = { [provider.headers.idempotencyKey]: "claim-start-1" };
    const a = await s.start({ email: "noor@example.com", password }, key);
    const { code } = await s.sentCode();
    const b = await s.start({ email: "noor@example.com", password }, key);
    expect(b.headers.get("Idempotent-Replayed")).toBe("true");
    expect(b.body).toEqual(a.body);
    expect((await s.sentCode()).code).toBe(code);

    const vkey = { [provider.headers.idempotencyKey]: "claim-verify-1" };
    const first = await s.verify(code, vkey);
    const again = await s.verify(code, vkey);
    expect(first.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("is refused to a session without account-onboarding, and when it disables user authentication", async () => {
    const s = await unclaimed({ [provider.flags.disableUserAuthentication]: true });
    const disabled = await s.start({ email: "noor@example.com", password });
    expect(disabled.status).toBe(403);
    expect(disabled.body.error.code).toBe("user_authentication_disabled");

    const other = await s.sessionKeyFor({ payments: { enabled: true } });
    const read = await api.get(endpoints.accountClaim, { key: other });
    expect(read.status).toBe(403);
    const start = await api.post(endpoints.accountClaim, {
      key: other,
      params: { email: "noor@example.com", password },
    });
    expect(start.status).toBe(403);
    // The test helper shows only the platform's own accounts' codes.
    const foreign = await api.platform();
    const peek = await api.get(`${endpoints.accountClaimCode}?account=${s.accountId}`, {
      key: foreign.secretKey,
    });
    expect(peek.status).toBe(404);
  });
});

import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { checkDelay } from "./requirements.ts";

// account-onboarding's steps as the provider takes them (`POST /v1/account` with the
// session's key): each updates the account, which recomputes its requirements; the rules the
// frames check before sending (protocol/objects/onboarding.schema.ts) are the provider's
// too, refused on the same param with nothing written.

const t = setupTestDatabase();
const api = testApi(t);

async function onboardingSession() {
  const p = await api.platform();
  const account = await api.post("/v1/accounts", {
    key: p.secretKey,
    params: { type: "custom", country: "US", business_type: "individual" },
  });
  const session = await api.post("/v1/account_sessions", {
    key: p.secretKey,
    params: { account: account.body.id, components: { account_onboarding: { enabled: "true" } } },
  });
  const claimed = await api.post(endpoints.claim, {
    params: { client_secret: session.body.client_secret, key: p.publishableKey },
  });
  return { ...p, accountId: account.body.id as string, key: claimed.body.api_key as string };
}

const individual = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  phone: "+14155550123",
  dob: { day: 1, month: 1, year: 1901 },
  address: {
    line1: "1 Market St",
    city: "San Francisco",
    state: "CA",
    postal_code: "94103",
    country: "US",
  },
  ssn_last_4: "0000",
};

describe("onboarding steps through the session's key", () => {
  it("details, profile and terms each update the account; once verified nothing is due but the bank account", async () => {
    const s = await onboardingSession();
    const before = await api.get("/v1/account", { key: s.key });
    expect(before.body.requirements.currently_due).toEqual(
      expect.arrayContaining(["individual.first_name", "tos_acceptance.date", "external_account"]),
    );
    const details = await api.post("/v1/account", { key: s.key, params: { individual } });
    expect(details.status).toBe(200);
    expect(
      details.body.requirements.currently_due.filter((r: string) => r.startsWith("individual.")),
    ).toEqual([]);
    const profile = await api.post("/v1/account", {
      key: s.key,
      params: { business_profile: { mcc: "5734", url: "https://ada.example" } },
    });
    expect(profile.status).toBe(200);
    const terms = await api.post("/v1/account", {
      key: s.key,
      params: { tos_acceptance: { date: 1_750_000_000, service_agreement: "full" } },
      headers: { "User-Agent": "Onboarding test" },
    });
    expect(terms.status).toBe(200);
    // Where the acceptance came from is the request's, recorded by the provider.
    expect(terms.body.tos_acceptance).toMatchObject({
      date: 1_750_000_000,
      user_agent: "Onboarding test",
    });
    expect(terms.body.tos_acceptance.ip).toEqual(expect.any(String));
    expect(terms.body.requirements.currently_due).toEqual(["external_account"]);
    await api.post("/v1/test_helpers/clock/advance", {
      key: s.secretKey,
      params: { seconds: checkDelay + 1 },
    });
    // (the session's key has expired by then: the platform reads the account)
    const later = await api.get(`/v1/accounts/${s.accountId}`, { key: s.secretKey });
    expect(later.body.requirements.pending_verification).toEqual([]);
    expect(later.body.charges_enabled).toBe(true);
  });

  it("a future date of birth, one of someone under 13, or a postal code of another country is refused on its param, and nothing is written", async () => {
    const s = await onboardingSession();
    const nextYear = new Date().getUTCFullYear() + 1;
    const future = await api.post("/v1/account", {
      key: s.key,
      params: { individual: { ...individual, dob: { day: 1, month: 1, year: nextYear } } },
    });
    expect(future.status).toBe(400);
    expect(future.body.error.param).toMatch(/^individual\[dob\]/);
    // Twelve years old today: too young to be on an account.
    const now = new Date();
    const twelve = await api.post("/v1/account", {
      key: s.key,
      params: {
        individual: {
          ...individual,
          dob: { day: 1, month: 1, year: now.getUTCFullYear() - 12 },
        },
      },
    });
    expect(twelve.status).toBe(400);
    expect(twelve.body.error.param).toMatch(/^individual\[dob\]/);
    expect(twelve.body.error.message).toContain("at least 13 years old");
    const postal = await api.post("/v1/account", {
      key: s.key,
      params: {
        individual: { ...individual, address: { ...individual.address, postal_code: "SW1A 1AA" } },
      },
    });
    expect(postal.status).toBe(400);
    expect(postal.body.error).toMatchObject({
      code: "postal_code_invalid",
      param: "individual[address][postal_code]",
    });
    // The account's own country applies when the address names none.
    const { country: _c, ...noCountry } = individual.address;
    const implied = await api.post(`/v1/accounts/${s.accountId}`, {
      key: s.secretKey,
      params: { individual: { address: { ...noCountry, postal_code: "75008x" } } },
    });
    expect(implied.status).toBe(400);
    expect(implied.body.error.param).toBe("individual[address][postal_code]");
    const after = await api.get("/v1/account", { key: s.key });
    expect(after.body.individual ?? null).toBeNull();
    expect(after.body.requirements.currently_due).toContain("individual.first_name");
  });

  it("a malformed SSN is refused on individual[id_number]; a valid one is kept normalised", async () => {
    const s = await onboardingSession();
    const { ssn_last_4: _l, ...details } = individual;
    const refused = await api.post("/v1/account", {
      key: s.key,
      params: { individual: { ...details, id_number: "666-12-3456" } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: "id_number_invalid",
      param: "individual[id_number]",
    });
    expect((await api.get("/v1/account", { key: s.key })).body.individual ?? null).toBeNull();
    const taken = await api.post("/v1/account", {
      key: s.key,
      params: { individual: { ...details, id_number: "123-45-6789" } },
    });
    expect(taken.status).toBe(200);
    expect(taken.body.individual).toMatchObject({ id_number_provided: true });
    expect(taken.body.requirements.currently_due).not.toContain("individual.ssn_last_4");
  });
});

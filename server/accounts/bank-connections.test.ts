import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import {
  payoutBankCountries,
  payoutBankCountryCodes,
} from "../../protocol/objects/external-account.schema.ts";
import { sandboxBankAccount } from "../money/money-test.ts";
import { testApi } from "../test/api.ts";
import { claimedSession, passExternalAccountChallenge } from "../test/challenge.ts";
import { setupTestDatabase } from "../test/db.ts";
import { ibanOf, sandboxInstitutions } from "./bank-connections.ts";
import { checkBankAccount } from "./external-accounts.ts";

const t = setupTestDatabase();
const api = testApi(t);

const claimedKey = (components: Record<string, unknown> = { balances: { enabled: true } }) =>
  claimedSession(api, components, { country: "US", business_profile: { name: "Ada's Bakery" } });

type Session = Awaited<ReturnType<typeof claimedKey>>;

const externalAccountKey = async (s: Session) =>
  (
    await passExternalAccountChallenge(api, {
      sessionKey: s.apiKey,
      secretKey: s.secretKey,
      accountId: s.accountId,
    })
  ).body.key as string;

const link = (s: Session, key: string, bankConnection: Record<string, string>) =>
  api.post(`/v1/accounts/${s.accountId}/external_accounts`, {
    key,
    params: { bank_connection: bankConnection, default_for_currency: true },
  });

describe("the sandbox's institutions", () => {
  it("every payout bank country has one, and every account passes the flow's own checks", () => {
    for (const country of payoutBankCountryCodes) {
      expect(
        sandboxInstitutions.some((i) => i.country === country),
        country,
      ).toBe(true);
    }
    for (const institution of sandboxInstitutions) {
      expect(institution.accounts.length).toBeGreaterThan(0);
      for (const account of institution.accounts) {
        // The provider's own check of a typed account (it throws a typed 400 when refused).
        const check = () =>
          checkBankAccount(
            {
              object: "bank_account",
              country: institution.country,
              currency: payoutBankCountries[institution.country].currency,
              account_number: account.number,
              ...(institution.routing ? { routing_number: institution.routing } : {}),
            },
            "external_account",
          );
        expect(check, `${institution.id} ${account.number}`).not.toThrow();
      }
    }
  });

  it("ibanOf computes the mod-97 check digits of a BBAN", () => {
    expect(ibanOf("DE", "370400440532013000")).toBe("DE89370400440532013000");
    expect(ibanOf("GB", "NWBK60161331926819")).toBe("GB29NWBK60161331926819");
  });
});

describe(`GET ${endpoints.bankConnectionInstitutions} (account-session key)`, () => {
  it("lists a country's institutions in its currency with accounts by kind and last four only", async () => {
    const s = await claimedKey();
    const r = await api.get(endpoints.bankConnectionInstitutions, {
      key: s.apiKey,
      params: { country: "US", currency: "usd" },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.map((i: { name: string }) => i.name)).toEqual([
      "Sandbox Bank",
      "Test Credit Union",
    ]);
    expect(r.body.data[0].accounts[0]).toEqual({
      id: "bcacct_us_sandbox_bank_checking",
      object: "bank_connection_account",
      kind: "checking",
      last4: "6789",
    });
    expect(JSON.stringify(r.body)).not.toContain("000123456789");
    const gb = await api.get(endpoints.bankConnectionInstitutions, {
      key: s.apiKey,
      params: { country: "GB", currency: "gbp" },
    });
    expect(gb.body.data).toHaveLength(2);
    const mismatch = await api.get(endpoints.bankConnectionInstitutions, {
      key: s.apiKey,
      params: { country: "DE", currency: "usd" },
    });
    expect(mismatch.body.data).toEqual([]);
  });

  it("refuses a country the flow does not support with a typed 400", async () => {
    const s = await claimedKey();
    const r = await api.get(endpoints.bankConnectionInstitutions, {
      key: s.apiKey,
      params: { country: "CH", currency: "chf" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.param).toBe("country");
  });

  it("refuses a session that turns bank connections off, or collects no external accounts", async () => {
    const off = await claimedKey({
      balances: { enabled: true, features: { disable_bank_connections: true } },
    });
    const r = await api.get(endpoints.bankConnectionInstitutions, {
      key: off.apiKey,
      params: { country: "US", currency: "usd" },
    });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("bank_connections_disabled");
    const none = await claimedKey({
      balances: { enabled: true, features: { external_account_collection: false } },
    });
    const n = await api.get(endpoints.bankConnectionInstitutions, {
      key: none.apiKey,
      params: { country: "US", currency: "usd" },
    });
    expect(n.status).toBe(403);
    expect(n.body.error.code).toBe("component_not_enabled");
  });
});

describe("POST /v1/accounts/:id/external_accounts with bank_connection", () => {
  it("creates the default bank account from the institution's data, verified at once", async () => {
    const s = await claimedKey();
    const key = await externalAccountKey(s);
    const r = await link(s, key, {
      institution: "bcinst_us_test_credit_union",
      account: "bcacct_us_test_credit_union_savings",
      currency: "usd",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      object: "bank_account",
      country: "US",
      currency: "usd",
      last4: "7800",
      routing_number: "011000015",
      bank_name: "Test Credit Union",
      account_holder_name: "Ada's Bakery",
      default_for_currency: true,
      status: "verified",
    });
    const list = await api.get(`/v1/accounts/${s.accountId}/external_accounts`, {
      key: s.secretKey,
    });
    const defaults = list.body.data.filter(
      (e: { currency: string; default_for_currency: boolean }) =>
        e.currency === "usd" && e.default_for_currency,
    );
    expect(defaults.map((e: { id: string }) => e.id)).toEqual([r.body.id]);
  });

  it("refuses an unknown institution, an unknown account and another currency, keeping the key", async () => {
    const s = await claimedKey();
    const key = await externalAccountKey(s);
    const cases = [
      [
        { institution: "bcinst_nope", account: "x", currency: "usd" },
        "bank_connection[institution]",
      ],
      [
        { institution: "bcinst_us_sandbox_bank", account: "bcacct_nope", currency: "usd" },
        "bank_connection[account]",
      ],
      [
        {
          institution: "bcinst_de_testbank",
          account: "bcacct_de_testbank_checking",
          currency: "usd",
        },
        "bank_connection[currency]",
      ],
    ] as const;
    for (const [bankConnection, param] of cases) {
      const r = await link(s, key, bankConnection);
      expect(r.status).toBe(400);
      expect(r.body.error.param).toBe(param);
    }
    const both = await api.post(`/v1/accounts/${s.accountId}/external_accounts`, {
      key,
      params: {
        external_account: "tok_visa_debit",
        bank_connection: { institution: "bcinst_us_sandbox_bank", account: "x", currency: "usd" },
      },
    });
    expect(both.status).toBe(400);
    expect(both.body.error.code).toBe("parameter_unknown");
    const none = await api.post(`/v1/accounts/${s.accountId}/external_accounts`, { key });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe("parameter_missing");
    // Nothing was created, and the key still allows its one change.
    const after = await api.get(`/v1/accounts/${s.accountId}/external_accounts`, {
      key: s.secretKey,
    });
    expect(after.body.data).toEqual([]);
    const ok = await link(s, key, {
      institution: "bcinst_us_sandbox_bank",
      account: "bcacct_us_sandbox_bank_checking",
      currency: "usd",
    });
    expect(ok.status).toBe(200);
  });

  it("needs the external_account key, and is refused where the session turns bank connections off", async () => {
    const s = await claimedKey();
    const own = await link(s, s.apiKey, {
      institution: "bcinst_us_sandbox_bank",
      account: "bcacct_us_sandbox_bank_checking",
      currency: "usd",
    });
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe("external_account_key_required");
    const off = await claimedKey({
      balances: { enabled: true, features: { disable_bank_connections: true } },
    });
    const key = await externalAccountKey(off);
    const r = await link(off, key, {
      institution: "bcinst_us_sandbox_bank",
      account: "bcacct_us_sandbox_bank_checking",
      currency: "usd",
    });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("bank_connections_disabled");
    // The typed numbers still work there.
    const typed = await api.post(`/v1/accounts/${off.accountId}/external_accounts`, {
      key,
      params: {
        external_account: sandboxBankAccount,
        default_for_currency: true,
      },
    });
    expect(typed.status).toBe(200);
  });
});

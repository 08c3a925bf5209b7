import { describe, expect, it } from "vitest";
import { safeParseMessage } from "../parse.ts";
import { provider } from "../provider.ts";
import { claimedSessionFixture } from "./claimed-account-session.fixture.ts";
import {
  claimedAccountSessionSchema,
  isComponentEnabled,
} from "./claimed-account-session.schema.ts";

const minimal = {
  api_key: "ek_test_1",
  api_key_expiry: 1_900_000_000,
  account_id: "acct_1",
  platform_id: "acct_p",
};

describe("claimed account session (SPEC.md §3)", () => {
  it("reads every field the claim call returns", () => {
    const session = claimedAccountSessionSchema.parse(claimedSessionFixture);
    expect(session.account_id).toBe("acct_connected");
    expect(session.user?.is_primary_user).toBe(true);
    expect(session.components.account_onboarding?.features.external_account_collection).toBe(false);
    expect(
      session.components.account_onboarding?.features[provider.flags.disableUserAuthentication],
    ).toBe(true);
    expect(session.components.payouts?.features).toEqual({
      instant_payouts: true,
      standard_payouts: true,
    });
    expect(session.merchant_data[provider.flags.ownsLossLiability]).toBe(true);
    expect(session.merchant_data.default_currency).toBe("eur");
  });

  it("applies the reader's defaults to fields the server left out", () => {
    const session = claimedAccountSessionSchema.parse(minimal);
    expect(session.livemode).toBe(false);
    expect(session.read_only).toBe(false);
    expect(session.is_v2_account_session).toBe(false);
    expect(session.treatments).toEqual([]);
    expect(session.flags).toEqual({});
    expect(session.components).toEqual({});
    expect(session.user).toBeNull();
    expect(session.user_session_api_key).toBeNull();
    expect(session.account_session_id).toBe(provider.placeholders.accountSessionId);
    expect(session.merchant_data.has_express_dashboard_access).toBe(false);
    expect(session.merchant_data[provider.flags.ownsPricing]).toBe(false);
    expect(session.merchant_data.country).toBeNull();
  });

  it("defaults account_onboarding features when only enabled is given", () => {
    const session = claimedAccountSessionSchema.parse({
      ...minimal,
      components: { account_onboarding: { enabled: true }, payouts: { enabled: true } },
    });
    expect(session.components.account_onboarding?.features).toEqual({
      external_account_collection: true,
      [provider.flags.disableUserAuthentication]: false,
    });
    expect(session.components.payouts).toEqual({ enabled: true, features: {} });
  });

  it("requires the key, its expiry and the two account ids", () => {
    for (const field of ["api_key", "api_key_expiry", "account_id", "platform_id"] as const) {
      const { [field]: _dropped, ...rest } = minimal;
      const result = safeParseMessage(claimedAccountSessionSchema, rest);
      expect(result.ok ? "" : result.error.message).toContain(`${field}: missing`);
    }
  });

  it("rejects a livemode that is not a boolean and a component entry of the wrong shape", () => {
    const result = safeParseMessage(claimedAccountSessionSchema, {
      ...minimal,
      livemode: "true",
      components: { payouts: { enabled: "yes" } },
    });
    expect(result.ok ? "" : result.error.message).toBe(
      "livemode: expected boolean, got string; components.payouts.enabled: expected boolean, got string",
    );
  });

  it("strips fields it does not know", () => {
    const session = claimedAccountSessionSchema.parse({ ...minimal, surprise: 1 });
    expect(session).not.toHaveProperty("surprise");
  });

  it("a component absent from the map is not enabled", () => {
    const session = claimedAccountSessionSchema.parse(claimedSessionFixture);
    expect(isComponentEnabled(session, "payouts")).toBe(true);
    expect(isComponentEnabled(session, "payments")).toBe(false);
    expect(isComponentEnabled(session, "disputes_list")).toBe(false);
    expect(isComponentEnabled(session, "constructor")).toBe(false);
  });
});

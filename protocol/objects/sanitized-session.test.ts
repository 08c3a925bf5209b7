import { describe, expect, it } from "vitest";
import { claimedSessionFixture, secretValues } from "./claimed-account-session.fixture.ts";
import {
  claimedAccountSessionSchema,
  secretSessionFields,
} from "./claimed-account-session.schema.ts";
import { sanitizedSessionSchema, sanitizeSession } from "./sanitized-session.schema.ts";

const claimed = claimedAccountSessionSchema.parse(claimedSessionFixture);

describe("the session handed to UI frames", () => {
  it("carries no key: no secret field and no secret value survives sanitizeSession", () => {
    const sanitized = sanitizeSession(claimed);
    const wire = JSON.stringify(sanitized);
    for (const field of [
      "api_key",
      "api_key_expiry",
      "user_session_api_key",
      "user_session_expires_at",
      "user",
      "client_secret",
      "encoded_api_key_token",
    ]) {
      expect(sanitized).not.toHaveProperty(field);
      expect(wire).not.toContain(`"${field}"`);
    }
    for (const secret of Object.values(secretValues)) expect(wire).not.toContain(secret);
  });

  it("keeps what UI frames need", () => {
    const sanitized = sanitizeSession(claimed);
    expect(sanitized.account_id).toBe("acct_connected");
    expect(sanitized.components.payouts?.enabled).toBe(true);
    expect(sanitized.merchant_data.country).toBe("FR");
    expect(sanitized.flags.enable_payouts_component).toBe(true);
  });

  it("drops a secret smuggled into a nested object", () => {
    const smuggled = {
      ...claimed,
      merchant_data: { ...claimed.merchant_data, api_key: secretValues.api_key },
      components: {
        ...claimed.components,
        payouts: { enabled: true, features: {}, key: secretValues.api_key },
      },
    };
    expect(JSON.stringify(sanitizeSession(smuggled))).not.toContain(secretValues.api_key);
  });

  it("is strict: a session with any secret field fails to parse", () => {
    const clean = sanitizeSession(claimed);
    for (const field of secretSessionFields) {
      const result = sanitizedSessionSchema.safeParse({ ...clean, [field]: claimed[field] });
      expect(result.success, field).toBe(false);
    }
    expect(sanitizedSessionSchema.safeParse({ ...clean, extra_key: "sk_test_x" }).success).toBe(
      false,
    );
    expect(sanitizedSessionSchema.safeParse(clean).success).toBe(true);
  });
});

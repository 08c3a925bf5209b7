import { describe, expect, it } from "vitest";
import { safeParseMessage } from "../parse.ts";
import { provider } from "../provider.ts";
import { analyticsEventSchema } from "./analytics-event.schema.ts";
import { apiErrorResponseSchema } from "./api-error.schema.ts";
import { authStateSchema } from "./auth-state.schema.ts";
import { claimedSessionFixture } from "./claimed-account-session.fixture.ts";
import { claimedAccountSessionSchema } from "./claimed-account-session.schema.ts";
import { consentRecordSchema, enforcementModeResponseSchema } from "./consent-record.schema.ts";
import { metricsPayloadSchema } from "./metrics.schema.ts";
import {
  observabilityMetadataOf,
  observabilityMetadataSchema,
} from "./observability-metadata.schema.ts";
import { dobProblem, latestDateOfBirth } from "./onboarding.schema.ts";
import { riskExperienceContextSchema } from "./risk-experience-context.schema.ts";
import { sanitizeSession } from "./sanitized-session.schema.ts";
import { isKeyLive, storedKeySchema } from "./stored-key.schema.ts";
import { userSchema } from "./user.schema.ts";

const messageOf = (r: ReturnType<typeof safeParseMessage>) => (r.ok ? "" : r.error.message);

describe("user", () => {
  it("has is_primary_user, false by default", () => {
    expect(userSchema.parse({ id: "usr_1", email: "a@b.c" }).is_primary_user).toBe(false);
    expect(userSchema.parse({ id: "usr_1", email: "a@b.c", is_primary_user: true })).toEqual({
      id: "usr_1",
      email: "a@b.c",
      name: null,
      is_primary_user: true,
    });
  });
});

describe("auth state", () => {
  it("accepts the three statuses and rejects another", () => {
    for (const status of [
      "user_authenticated",
      "account_session_authenticated",
      "unauthenticated",
    ]) {
      const state = { status, expires: null, user: null, userSessionExpired: false };
      expect(authStateSchema.safeParse(state).success).toBe(true);
    }
    const bad = { status: "signed_in", expires: 1, user: null, userSessionExpired: true };
    expect(messageOf(safeParseMessage(authStateSchema, bad))).toBe(
      'status: expected "user_authenticated" | "account_session_authenticated" | "unauthenticated"',
    );
  });
});

describe("stored key", () => {
  it("has apiKey, expires and one of the three types", () => {
    const key = { apiKey: "uk_1", expires: 1000, type: "provider_user" };
    expect(storedKeySchema.parse(key)).toEqual(key);
    expect(storedKeySchema.safeParse({ ...key, type: "user" }).success).toBe(false);
    expect(storedKeySchema.safeParse({ ...key, apiKey: "" }).success).toBe(false);
  });

  it("a key read at or after its expiry is not live", () => {
    const key = storedKeySchema.parse({ apiKey: "k", expires: 1000, type: "account_session" });
    expect(isKeyLive(key, 999)).toBe(true);
    expect(isKeyLive(key, 1000)).toBe(false);
  });
});

describe("API error object", () => {
  it("reads the error-response body with type, code, message, message_code, param", () => {
    const body = {
      error: {
        type: "invalid_request_error",
        code: "parameter_missing",
        message: "Missing required param: account.",
        message_code: "parameter_missing",
        param: "account",
      },
    };
    expect(apiErrorResponseSchema.parse(body)).toEqual(body);
  });

  it("rejects an unknown error type and a body without error", () => {
    expect(apiErrorResponseSchema.safeParse({ error: { type: "oops" } }).success).toBe(false);
    expect(messageOf(safeParseMessage(apiErrorResponseSchema, { message: "x" }))).toBe(
      "error: missing, expected object",
    );
  });
});

describe("consent record", () => {
  it("is version 2 with a timestamp and four category flags", () => {
    const record = {
      version: 2,
      timestamp: 1_700_000_000_000,
      authentication: true,
      essential: true,
      functional: false,
      advertising: false,
    };
    expect(consentRecordSchema.parse(record)).toEqual(record);
    expect(consentRecordSchema.safeParse({ ...record, version: 1 }).success).toBe(false);
    expect(consentRecordSchema.safeParse({ ...record, advertising: "no" }).success).toBe(false);
  });

  it("an unknown enforcement mode reads as restricted, the default", () => {
    expect(enforcementModeResponseSchema.parse({ mode: "open" }).mode).toBe("open");
    expect(enforcementModeResponseSchema.parse({ mode: "lax" }).mode).toBe("restricted");
    expect(enforcementModeResponseSchema.parse({}).mode).toBe("restricted");
  });
});

describe("risk-experience context record", () => {
  it("accepts every field name of SPEC.md §3, each optional", () => {
    const full = {
      risk_experience_source: "dashboard",
      risk_experience_surface: "embedded",
      risk_experience_linked_model_token: "tok_1",
      risk_experience_task_name: "verify",
      is_obo: true,
      risk_experience_form_name: "kyc",
      risk_experience_form_question_name: "dob",
      risk_experience_form_source: "remote",
      risk_experience_resolution_path: "form",
      dashboard_form_id: "df_1",
      fetch_remote: true,
      requirement_id: "req_1",
      resolution_path: "form",
      task_name: "verify",
      time: 1_700_000_000_000,
      risk_form_page: "intro",
      is_multi_page_form: true,
      form_contains_ark_lib_powered_text_input: false,
      current_page_index: 0,
      new_page_index: 1,
      start_page_type: "intro",
      end_page_type: "review",
      challenge_type: "document",
      sub_challenge_type: "selfie",
      challenge_version: "2",
      identity_verification_source: "embedded",
    };
    expect(Object.keys(full)).toHaveLength(26);
    expect(riskExperienceContextSchema.parse(full)).toEqual(full);
    expect(riskExperienceContextSchema.parse({})).toEqual({});
  });

  it("rejects a negative page index and an unknown key", () => {
    expect(riskExperienceContextSchema.safeParse({ new_page_index: -1 }).success).toBe(false);
    expect(riskExperienceContextSchema.safeParse({ is_ob: true }).success).toBe(false);
  });
});

describe("observability metadata", () => {
  it("is derived from a session with the fields of SPEC.md §3", () => {
    const claimed = claimedAccountSessionSchema.parse(claimedSessionFixture);
    const metadata = observabilityMetadataOf(claimed);
    expect(metadata).toEqual({
      connected_account_id: "acct_connected",
      merchant_id: "acct_connected",
      platform_id: "acct_platform",
      livemode: false,
      country: "FR",
      hasExpressDashboardAccess: true,
      hasStandardDashboardAccess: false,
      isMerchant: false,
      isV2AccountSession: false,
      [provider.flags.ownsLossLiability]: true,
      [provider.flags.ownsOnboarding]: false,
      [provider.flags.ownsPricing]: true,
    });
    expect(observabilityMetadataSchema.parse(metadata)).toEqual(metadata);
    expect(observabilityMetadataOf(sanitizeSession(claimed))).toEqual(metadata);
  });

  it("an account that is its own platform is a merchant", () => {
    const own = claimedAccountSessionSchema.parse({
      ...claimedSessionFixture,
      account_id: "acct_platform",
    });
    expect(observabilityMetadataOf(own).isMerchant).toBe(true);
  });
});

describe("analytics events (SPEC.md §7)", () => {
  it("accepts the four known events with their fields", () => {
    for (const event of [
      {
        event_name: "submerchant_surfaces_api_request_finished",
        url: "https://api/v1/payouts",
        method: "POST",
        code: 402,
      },
      { event_name: "submerchant_surfaces_user_key_received", method: "popup" },
      { event_name: "submerchant_surfaces_user_key_received", method: "refresh_token" },
      { event_name: "submerchant_surfaces_account_session_claim", duration: 120 },
      { event_name: "connect_js_font_loaded", font_families: ["Inter"] },
    ]) {
      expect(analyticsEventSchema.safeParse(event).success, event.event_name).toBe(true);
    }
  });

  it("rejects a known event without its fields, even as a custom event", () => {
    const r = safeParseMessage(analyticsEventSchema, {
      event_name: "submerchant_surfaces_user_key_received",
      method: "sms",
    });
    expect(r.ok).toBe(false);
    const claim = { event_name: "submerchant_surfaces_account_session_claim", properties: {} };
    expect(analyticsEventSchema.safeParse(claim).success).toBe(false);
  });

  it("accepts a custom snake_case event with flat properties only", () => {
    const ok = { event_name: "payouts_list_viewed", properties: { count: 3, empty: false } };
    expect(analyticsEventSchema.parse(ok)).toEqual(ok);
    const nested = { event_name: "payouts_list_viewed", properties: { a: { b: 1 } } };
    expect(analyticsEventSchema.safeParse(nested).success).toBe(false);
    expect(analyticsEventSchema.safeParse({ event_name: "Bad Name" }).success).toBe(false);
  });
});

describe("metrics payload", () => {
  const metadata = observabilityMetadataOf(
    claimedAccountSessionSchema.parse(claimedSessionFixture),
  );

  it("carries metrics, the session metadata and host_env prod or qa", () => {
    const payload = {
      metrics: [{ name: "proxy.duration", kind: "timing", value: 12.5, tags: { c: "payouts" } }],
      session_metadata: metadata,
      host_env: "qa",
    };
    expect(metricsPayloadSchema.parse(payload)).toEqual(payload);
    expect(metricsPayloadSchema.safeParse({ ...payload, host_env: "devbox" }).success).toBe(false);
    expect(metricsPayloadSchema.safeParse({ ...payload, metrics: [] }).success).toBe(false);
  });

  it("rejects a metric value that is not finite", () => {
    const payload = {
      metrics: [{ name: "x", kind: "gauge", value: Number.POSITIVE_INFINITY }],
      session_metadata: null,
      host_env: "prod",
    };
    expect(messageOf(safeParseMessage(metricsPayloadSchema, payload))).toBe(
      "metrics[0].value: expected number, got Infinity",
    );
  });
});

describe("a person's date of birth", () => {
  const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`) / 1000;

  it("is at least 13 years before today: the latest is that day 13 years back", () => {
    expect(latestDateOfBirth(at("2026-11-29"))).toBe("2013-11-29");
    expect(dobProblem({ day: 29, month: 11, year: 2013 }, at("2026-11-29"))).toBeNull();
    expect(dobProblem({ day: 30, month: 11, year: 2013 }, at("2026-11-29"))).toBe("too_young");
    expect(dobProblem({ day: 1, month: 1, year: 2027 }, at("2026-11-29"))).toBe("future");
    expect(dobProblem({ day: 31, month: 2, year: 1990 }, at("2026-11-29"))).toBe("no_such_day");
  });

  it("on 29 February, 13 years back is the 28th (that year has no 29th)", () => {
    expect(latestDateOfBirth(at("2028-02-29"))).toBe("2015-02-28");
    expect(dobProblem({ day: 1, month: 3, year: 2015 }, at("2028-02-29"))).toBe("too_young");
  });
});

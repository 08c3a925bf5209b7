import { describe, expect, it } from "vitest";
import {
  allowedCategories,
  consentRecordOf,
  formatConsentCookie,
  parseConsentCookie,
  parseEnforcementMode,
  readCookie,
} from "./consent.ts";

describe("consent policy", () => {
  it("restricted allows only authentication and essential until the person allows more", () => {
    expect(allowedCategories("restricted", null)).toEqual({
      authentication: true,
      essential: true,
      functional: false,
      advertising: false,
    });
    expect(
      allowedCategories("restricted", consentRecordOf({ functional: true }, 1)).functional,
    ).toBe(true);
  });

  it("functional allows functional unless refused, advertising only when chosen", () => {
    expect(allowedCategories("functional", null)).toMatchObject({
      functional: true,
      advertising: false,
    });
    expect(allowedCategories("functional", consentRecordOf({}, 1)).functional).toBe(false);
  });

  it("open allows everything unless refused", () => {
    expect(allowedCategories("open", null)).toMatchObject({ functional: true, advertising: true });
    expect(allowedCategories("open", consentRecordOf({ functional: true }, 1)).advertising).toBe(
      false,
    );
  });

  it("reads an unknown mode as restricted", () => {
    expect(parseEnforcementMode("open")).toBe("open");
    expect(parseEnforcementMode("OPEN")).toBe("restricted");
    expect(parseEnforcementMode(undefined)).toBe("restricted");
  });
});

describe("consent cookie, format version 2", () => {
  it("round-trips a record", () => {
    const record = consentRecordOf({ functional: true }, 1_764_000_000_000);
    expect(formatConsentCookie(record)).toBe("2.1764000000000.1110");
    expect(parseConsentCookie(formatConsentCookie(record))).toEqual(record);
  });

  it.each(["", "1.1764000000000.1110", "2.abc.1110", "2.1.111", "2.1.11101", "2.1.1112"])(
    "reads %j as no choice made",
    (value) => expect(parseConsentCookie(value)).toBeNull(),
  );

  it("finds a cookie among others", () => {
    expect(readCookie("a=1; x_cookie_consent=2.5.1100; b=2", "x_cookie_consent")).toBe("2.5.1100");
    expect(readCookie("a=1", "x_cookie_consent")).toBeNull();
  });
});

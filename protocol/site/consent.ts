/**
 * Consent (SPEC.md §1, §3 "Consent record", §9): the policy that says which categories a page
 * may write in, and the consent cookie's format version 2.
 *
 * Our reading of the enforcement modes (issue 16):
 * - `restricted` (the default, and the fallback when the mode cannot be fetched in time):
 *   only authentication and essential until the person allows more;
 * - `functional`: functional is allowed too unless the person refused it;
 * - `open`: everything is allowed unless refused.
 * Authentication and essential are strictly necessary: always allowed. Analytics is functional.
 *
 * The cookie: `2.<timestamp ms>.<a><e><f><d>`, one digit (1 allowed, 0 denied) per category in
 * the order authentication, essential, functional, advertising. Anything else reads as "no
 * choice made" — never as a choice.
 */
import { provider } from "../provider.ts";

// The vocabulary is plain data here (no zod), so a page's bundle carries no schema library;
// `protocol/objects/consent-record.schema.ts` builds the schemas from it.
export const CONSENT_FORMAT_VERSION = 2;
export const consentCategories = [
  "authentication",
  "essential",
  "functional",
  "advertising",
] as const;
export type ConsentCategory = (typeof consentCategories)[number];
export const consentEnforcementModes = ["restricted", "open", "functional"] as const;
export type ConsentEnforcementMode = (typeof consentEnforcementModes)[number];
/** The consent record (SPEC.md §3): version 2, when, and one flag per category. */
export type ConsentRecord = { version: 2; timestamp: number } & Record<ConsentCategory, boolean>;

/** The categories allowed for each category, as a plain record. */
export type ConsentAllowance = Record<ConsentCategory, boolean>;

/** What a page may write in, given the mode and the person's choice (null: none made). */
export function allowedCategories(
  mode: ConsentEnforcementMode,
  record: ConsentRecord | null,
): ConsentAllowance {
  const chosen = (category: "functional" | "advertising", byDefault: boolean) =>
    record ? record[category] : byDefault;
  return {
    authentication: true,
    essential: true,
    functional: chosen("functional", mode !== "restricted"),
    advertising: chosen("advertising", mode === "open"),
  };
}

/** Reads an untrusted mode value: anything unknown is `restricted`. */
export function parseEnforcementMode(value: unknown): ConsentEnforcementMode {
  return (consentEnforcementModes as readonly unknown[]).includes(value)
    ? (value as ConsentEnforcementMode)
    : "restricted";
}

/** Writes a record as the cookie's value (version 2). */
export function formatConsentCookie(record: ConsentRecord): string {
  const bits = consentCategories.map((c) => (record[c] ? "1" : "0")).join("");
  return `${CONSENT_FORMAT_VERSION}.${record.timestamp}.${bits}`;
}

const COOKIE_VALUE = /^2\.(\d{1,15})\.([01]{4})$/;

/** Reads the cookie's value; null for a missing, older or malformed one. */
export function parseConsentCookie(value: string | null | undefined): ConsentRecord | null {
  if (!value) return null;
  const match = COOKIE_VALUE.exec(value.trim());
  if (!match) return null;
  const bits = match[2]!;
  const record = {
    version: CONSENT_FORMAT_VERSION,
    timestamp: Number(match[1]),
  } as ConsentRecord;
  consentCategories.forEach((category, i) => {
    record[category] = bits[i] === "1";
  });
  return record;
}

/** A record from a person's choices; authentication and essential are always allowed. */
export function consentRecordOf(
  choices: Partial<Record<ConsentCategory, boolean>>,
  timestamp: number,
): ConsentRecord {
  return {
    version: CONSENT_FORMAT_VERSION,
    timestamp,
    authentication: true,
    essential: true,
    functional: choices.functional === true,
    advertising: choices.advertising === true,
  };
}

/** The value of cookie `name` in a `document.cookie` string, or null. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * Every cookie and local-storage entry the provider's pages write outside the strictly
 * necessary categories, by category. A page writes only these (through the consent manager's
 * gate), and withdrawing a category removes exactly these. The data layer's refresh token
 * (`user_session_token…`) and the dashboard's session cookie are authentication: not here.
 */
export const siteStorageCatalogue = {
  functional: {
    /** An anonymous, random analytics client id, shared by the provider's hosts. */
    cookies: [`${provider.id}_analytics_client`],
    /** The same id where cookies are not available (a partitioned frame). */
    localStorage: [`${provider.id}.analytics.client_id`],
  },
  advertising: { cookies: [] as string[], localStorage: [] as string[] },
} as const satisfies Partial<
  Record<ConsentCategory, { cookies: readonly string[]; localStorage: readonly string[] }>
>;

export type GatedCategory = keyof typeof siteStorageCatalogue;

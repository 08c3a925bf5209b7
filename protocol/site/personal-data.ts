/**
 * Personal-data redaction for analytics and error reports (issue 16, docs/security.md
 * "Telemetry carries no personal data"). Everything a provider page sends to the event
 * collection or the error intake goes through `redactPersonalData` first, in the page,
 * before it is queued. The rules, in the order they apply to every string value:
 *
 * 1. **Query-string values** — in a URL or a path with `?`, every parameter's value becomes
 *    `[redacted]` (the names stay: they say what was asked, not who asked); a `#fragment` is
 *    dropped.
 * 2. **Email addresses** — `local@domain.tld` → `[email]`.
 * 3. **Bank numbers (IBAN)** — two letters, two check digits, then 11–30 letters or digits
 *    (spaces allowed every four) → `[bank]`.
 * 4. **Numbers** — a run of digits, possibly grouped by single spaces, dots, dashes or
 *    brackets, possibly led by `+`:
 *    - 13–19 digits passing the Luhn check → `[card]`;
 *    - led by `+` (or `00`) with 7–15 digits, or grouped with 9–15 digits → `[phone]`;
 *    - an ungrouped run of 8–19 digits → `[bank]` (account and routing numbers);
 *    shorter runs (amounts, counts), ISO dates (2026-11-25) and digits inside an id
 *    (`acct_123…`) are kept.
 * 5. **Names in known fields** — the value of a field whose name says it holds a person's
 *    name or contact (`personalFieldNames`: `name`, `first_name`, `email`, `phone`, `dob`,
 *    `line1`, …) is replaced whole by `[name]` (names have no shape a pattern could find).
 * 6. **Secrets** — key-shaped strings and secret-named fields, as for API answers
 *    (`redactSecrets`, protocol/redaction.ts).
 *
 * Numbers (not strings), booleans and null are kept. The corpus of
 * `personal-data.test.ts` holds what each rule must catch and what it must leave.
 */
import { redactSecrets } from "../redaction.ts";

/** Field names whose value is personal whatever it looks like. */
export const personalFieldNames: ReadonlySet<string> = new Set([
  "name",
  "first_name",
  "last_name",
  "full_name",
  "maiden_name",
  "first_name_kana",
  "first_name_kanji",
  "last_name_kana",
  "last_name_kanji",
  "cardholder_name",
  "account_holder_name",
  "billing_name",
  "shipping_name",
  "customer_name",
  "email",
  "customer_email",
  "receipt_email",
  "phone",
  "phone_number",
  "dob",
  "date_of_birth",
  "id_number",
  "ssn_last_4",
  "line1",
  "line2",
  "address",
]);

const QUERY = /\?[^\s#"'<>]*/g;
const FRAGMENT = /#[^\s"'<>]*/g;
// A local part is tried from the start of its run only (the lookbehind): tried from every
// character of a long run without an `@`, the scan was quadratic (a 70,000-character value
// took seconds to redact).
const EMAIL =
  /(?<![A-Za-z0-9.!#$%&'*+/=?^_`{|}~-])[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g;
const NUMBER = /(?<![A-Za-z0-9_])\+?\(?\d+(?:(?:[ .-]|\) ?)\(?\d+)*(?![A-Za-z0-9_])/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function redactNumber(run: string): string {
  const digits = run.replace(/\D/g, "");
  if (digits.length < 7 || ISO_DATE.test(run)) return run;
  const grouped = /[ .()-]/.test(run.replace(/^\(/, ""));
  const international = run.startsWith("+") || run.startsWith("00");
  if (digits.length >= 13 && digits.length <= 19 && luhn(digits)) return "[card]";
  if (international && digits.length >= 7 && digits.length <= 15) return "[phone]";
  if (grouped && digits.length >= 9 && digits.length <= 15) return "[phone]";
  if (!grouped && digits.length >= 8 && digits.length <= 19) return "[bank]";
  return run;
}

function redactQuery(query: string): string {
  const parts = query
    .slice(1)
    .split("&")
    .map((pair) => {
      if (pair === "") return pair;
      const eq = pair.indexOf("=");
      return eq < 0 ? pair : `${pair.slice(0, eq)}=[redacted]`;
    });
  return `?${parts.join("&")}`;
}

/** One string with rules 1–4 applied. */
export function redactText(text: string): string {
  return text
    .replace(QUERY, redactQuery)
    .replace(FRAGMENT, "")
    .replace(EMAIL, "[email]")
    .replace(IBAN, "[bank]")
    .replace(NUMBER, redactNumber);
}

const MAX_DEPTH = 32;

function redact(value: unknown, depth: number): unknown {
  if (typeof value === "string") return redactText(value);
  if (typeof value !== "object" || value === null) return value;
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    out[name] =
      personalFieldNames.has(name) && field !== null && field !== "" && typeof field !== "boolean"
        ? "[name]"
        : redact(field, depth + 1);
  }
  return out;
}

/** A copy of `value` with every rule above applied (secrets included). */
export function redactPersonalData<T>(value: T): T {
  return redact(redactSecrets(value), 0) as T;
}

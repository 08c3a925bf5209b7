/**
 * The redaction of what the live inspector records (issue 17, docs/traces.md), apart from
 * the record schemas so that it loads with the recorder only, never in a frame's first
 * JavaScript.
 */
import {
  INSPECTION_MAX_DEPTH,
  type InspectionJson,
  MAX_ITEMS,
  MAX_KEYS,
  MAX_STRING,
} from "./inspection.ts";
import { REDACTED } from "./redaction.ts";
import { redactPersonalData } from "./site/personal-data.ts";

/** Field names that hold a password or a one-time code, in any case or spelling. */
const passwordField = /pass(?:word|code|phrase)|^otp$/i;

function plain(value: unknown, depth: number): InspectionJson | undefined {
  if (value === null) return null;
  switch (typeof value) {
    case "string":
      return value.length > MAX_STRING ? value.slice(0, MAX_STRING) : value;
    case "number":
      return Number.isFinite(value) ? value : null;
    case "boolean":
      return value;
    case "bigint":
      return value.toString();
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
  }
  if (depth >= INSPECTION_MAX_DEPTH) return null;
  if (Array.isArray(value))
    return value.slice(0, MAX_ITEMS).map((item) => plain(item, depth + 1) ?? null);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Error) return { error: value.name, message: value.message };
  if (typeof Blob !== "undefined" && value instanceof Blob)
    return { blob: value.type, size: value.size };
  if (value instanceof Map) return plain(Object.fromEntries(value), depth);
  if (value instanceof Set) return plain([...value], depth);
  const object = value as Record<string, unknown>;
  // An actor reference (a child, a parent) is named, not walked.
  if (typeof object.send === "function" && typeof object.sessionId === "string")
    return { actor: object.id === undefined ? object.sessionId : String(object.id) };
  const out: Record<string, InspectionJson> = {};
  for (const name of Object.keys(object).slice(0, MAX_KEYS)) {
    // A password (the sign-in popup's form) has no shape a pattern could find: its field
    // keeps a placeholder of the same type, so a guard that wants one still passes.
    if (passwordField.test(name) && typeof object[name] === "string") {
      out[name] = REDACTED;
      continue;
    }
    const field = plain(object[name], depth + 1);
    if (field !== undefined) out[name] = field;
  }
  return out;
}

/**
 * A recorded value as JSON with keys and personal data replaced by placeholders of the same
 * shape (`redactPersonalData`, the analytics logger's rules: `[email]`, `[name]`, `[card]`,
 * key-shaped strings `[redacted]`, secret-named fields removed; and a password's field
 * `[redacted]`). Functions are left out,
 * actor references named, errors and files described.
 */
export function redactForInspection(value: unknown): InspectionJson {
  return redactPersonalData(plain(value, 0) ?? null);
}

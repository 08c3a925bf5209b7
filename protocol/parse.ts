/**
 * Readable parse errors for every schema in `protocol/`.
 *
 * A message that fails its schema is dropped and logged, never half-handled. The log line
 * must say what was wrong without echoing the value: a malformed message may carry a key,
 * so an error names paths, expected types and the received *type* only, never a received
 * value. Unions are explained by their closest branch, so a bad `requestType` payload reads
 * "body.amount: expected number, got string" rather than "invalid input".
 */
import type { z } from "zod";
import { safeParse } from "zod/v4/core";

/** One problem of a failed parse: where (`a.b[0]`), what zod called it, and a short text. */
export interface ParseIssue {
  path: string;
  code: string;
  message: string;
}

export interface ParseFailure {
  /** Always `invalid_payload` here; callers with richer rejections add their own codes. */
  code: "invalid_payload";
  /** At most `MAX_ISSUES_IN_MESSAGE` issues joined with "; ", plus a count of the rest. */
  message: string;
  /** Up to `MAX_ISSUES_KEPT` issues, for tests and logs. */
  issues: ParseIssue[];
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: ParseFailure };

export const MAX_ISSUES_IN_MESSAGE = 3;
const MAX_ISSUES_KEPT = 20;
const MAX_KEY_LENGTH = 40;
const MAX_UNION_DEPTH = 4;

type Issue = z.core.$ZodIssue;
type PathSegment = PropertyKey;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Clips a key name taken from untrusted input so a log line stays short. */
function clip(key: string): string {
  return key.length > MAX_KEY_LENGTH ? `${key.slice(0, MAX_KEY_LENGTH)}…` : key;
}

/** `["data", "items", 0, "a b"]` → `data.items[0]["a b"]`; the root is `(root)`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "symbol") out += `[${String(segment)}]`;
    else if (IDENTIFIER.test(segment)) out += out ? `.${clip(segment)}` : clip(segment);
    else out += `[${JSON.stringify(clip(segment))}]`;
  }
  return out || "(root)";
}

/** The type name of a received value, as a reader expects it ("array", "null", "NaN", "Infinity"). */
export function typeNameOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  return typeof value;
}

/** The value at `path` inside `root`, or undefined when the path leaves the value. */
function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let current: unknown = root;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

const quoteAll = (values: readonly unknown[]) =>
  values
    .slice(0, 8)
    .map((v) => (typeof v === "string" ? JSON.stringify(clip(v)) : String(v)))
    .join(" | ") + (values.length > 8 ? " | …" : "");

function sizeText(issue: Issue & { code: "too_small" | "too_big" }): string {
  const atLeast = issue.code === "too_small";
  const bound = String(atLeast ? issue.minimum : issue.maximum);
  const inclusive = issue.inclusive !== false;
  const plural = bound === "1" ? "" : "s";
  switch (issue.origin) {
    case "string":
      return `must have ${atLeast ? "at least" : "at most"} ${bound} character${plural}`;
    case "array":
    case "set":
      return `must have ${atLeast ? "at least" : "at most"} ${bound} item${plural}`;
    default: {
      const op = atLeast ? (inclusive ? ">=" : ">") : inclusive ? "<=" : "<";
      return `must be ${op} ${bound}`;
    }
  }
}

const reach = (branch: readonly Issue[]) => Math.max(...branch.map((i) => i.path.length));

/**
 * Is union branch `a` a closer match than `b`? The branch that got deeper into the value
 * matched more of it (an object branch failing on one field beats a string branch failing
 * on the whole value); between equally deep ones, the branch with fewer issues.
 */
function closer(a: readonly Issue[], b: readonly Issue[]): boolean {
  const ra = reach(a);
  const rb = reach(b);
  return ra !== rb ? ra > rb : a.length < b.length;
}

/**
 * Flattens one zod issue into readable issues. `root` is the parsed value, used only to
 * name the received type. A union issue is replaced by the issues of its closest branch,
 * with the path prefixed.
 */
function flatten(issue: Issue, root: unknown, prefix: readonly PathSegment[], depth = 0) {
  const path = [...prefix, ...issue.path];
  const out: { path: readonly PathSegment[]; code: string; message: string }[] = [];
  switch (issue.code) {
    case "invalid_type": {
      const received = valueAt(root, path);
      const message =
        received === undefined
          ? `missing, expected ${issue.expected}`
          : `expected ${issue.expected}, got ${typeNameOf(received)}`;
      out.push({ path, code: issue.code, message });
      break;
    }
    case "invalid_value": {
      // Name the received type when it is not even the options' type; never the value.
      const received = valueAt(root, path);
      const sameType = issue.values.some((v) => typeNameOf(v) === typeNameOf(received));
      const got = sameType
        ? ""
        : `, got ${received === undefined ? "nothing" : typeNameOf(received)}`;
      out.push({ path, code: issue.code, message: `expected ${quoteAll(issue.values)}${got}` });
      break;
    }
    case "too_small":
    case "too_big":
      out.push({ path, code: issue.code, message: sizeText(issue) });
      break;
    case "invalid_format":
      out.push({
        path,
        code: issue.code,
        message:
          issue.format === "regex"
            ? "does not match the expected pattern"
            : `expected ${issue.format}`,
      });
      break;
    case "unrecognized_keys":
      out.push({
        path,
        code: issue.code,
        message: `unexpected key${issue.keys.length > 1 ? "s" : ""} ${quoteAll(issue.keys)}`,
      });
      break;
    case "invalid_union": {
      const branches = issue.errors.filter((b) => b.length > 0);
      if (branches.length > 0 && depth < MAX_UNION_DEPTH) {
        const closest = branches.reduce((a, b) => (closer(b, a) ? b : a));
        for (const inner of closest) out.push(...flatten(inner, root, path, depth + 1));
      } else {
        const options = (issue as { options?: unknown[] }).options;
        const discriminator = (issue as { discriminator?: string }).discriminator;
        out.push({
          path,
          code: issue.code,
          message:
            discriminator && options
              ? `expected ${quoteAll(options)}`
              : "matches none of the allowed shapes",
        });
      }
      break;
    }
    default:
      out.push({ path, code: issue.code, message: issue.message });
  }
  return out;
}

const toReadable = (i: ReturnType<typeof flatten>[number]): ParseIssue => ({
  path: formatPath(i.path),
  code: i.code,
  message: i.message,
});

/** Turns a zod error into at most `MAX_ISSUES_KEPT` readable issues. */
export function readableIssues(error: z.core.$ZodError, input: unknown): ParseIssue[] {
  return describeParseError(error, input).issues;
}

/** `"requestType: expected string, got number; url: missing, expected string"`. */
export function formatIssues(issues: readonly ParseIssue[], total = issues.length): string {
  const shown = issues.slice(0, MAX_ISSUES_IN_MESSAGE).map((i) => `${i.path}: ${i.message}`);
  const more = total - shown.length;
  return more > 0 ? `${shown.join("; ")} (+${more} more)` : shown.join("; ");
}

/** The one helper: a failed zod parse as a short readable error. */
export function describeParseError(error: z.core.$ZodError, input: unknown): ParseFailure {
  // One issue per path: an empty id is "too short", not also "does not match".
  const seen = new Set<string>();
  const all = error.issues
    .flatMap((issue) => flatten(issue, input, []))
    .map(toReadable)
    .filter((i) => !seen.has(i.path) && seen.add(i.path));
  const issues = all.slice(0, MAX_ISSUES_KEPT);
  return { code: "invalid_payload", message: formatIssues(issues, all.length), issues };
}

/** Parses untrusted input with `schema` (classic or mini zod); never throws. */
export function safeParseMessage<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
): ParseResult<z.output<S>> {
  const result = safeParse(schema, value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, error: describeParseError(result.error, value) };
}

/**
 * What counts as a secret in an API answer, and its redaction (docs/security.md "Nothing
 * leaks"). The data layer redacts every proxied answer with `redactSecrets` before it
 * leaves the frame; the browser tests check every message with `findKeyShaped`.
 *
 * Two rules, each enough on its own:
 * - a value that carries one of the provider's secret prefixes (`secretKeyPrefixes`) —
 *   the key part is replaced, wherever it sits in a string;
 * - a field whose name says it holds a secret (`secretFieldNames`: `api_key`, `secret`,
 *   `refresh_token`, an account session's `client_secret`, and the claim's and the key
 *   exchange's key fields) — removed. Other names with "token" in them (`next_page_token`)
 *   are not secrets.
 */
import { provider } from "./provider.ts";

/**
 * The prefixes of every secret the provider issues: everything but the publishable keys.
 * A value carrying one of these never leaves the data layer (docs/security.md). It lives
 * here, not in provider.ts: a chunk that shares provider.ts with the platform script (the
 * loader's lazily loaded inspection recorder) would otherwise put it in the script.
 */
export const secretKeyPrefixes: readonly string[] = Object.entries(provider.keyPrefixes)
  .filter(([name]) => !name.startsWith("publishable"))
  .map(([, prefix]) => prefix);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A secret prefix not preceded by a letter or digit, then at least 8 key characters. */
export const keyShapedPattern = new RegExp(
  `(?<![A-Za-z0-9])(?:${[...secretKeyPrefixes]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|")})[A-Za-z0-9]{8,}`,
  "g",
);

/** Field names that hold a secret whatever their value looks like. */
export const secretFieldNames: ReadonlySet<string> = new Set([
  "api_key",
  "secret",
  "client_secret",
  "refresh_token",
  "encoded_api_key_token",
  "user_session_api_key",
  "user_session_refresh_token",
  "embedded_session_api_key",
  "embedded_user_session_refresh_token",
]);
const isSecretField = (name: string) => secretFieldNames.has(name);

export const REDACTED = "[redacted]";

export const isKeyShaped = (text: string): boolean => {
  keyShapedPattern.lastIndex = 0;
  const found = keyShapedPattern.test(text);
  keyShapedPattern.lastIndex = 0;
  return found;
};

const MAX_DEPTH = 64;

/** A copy of `value` without secret-named fields and with every key-shaped string part replaced. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === "string")
    return isKeyShaped(value) ? value.replace(keyShapedPattern, REDACTED) : value;
  if (typeof value !== "object" || value === null) return value;
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if (isSecretField(name)) continue;
    out[isKeyShaped(name) ? name.replace(keyShapedPattern, REDACTED) : name] = redactSecrets(
      field,
      depth + 1,
    );
  }
  return out;
}

/**
 * Where `value` carries a secret: the paths of key-shaped strings and of secret-named fields
 * with a non-empty value (`body.data[0].api_key`). Empty when there is none.
 */
export function findKeyShaped(value: unknown, path = "$", depth = 0): string[] {
  if (typeof value === "string") return isKeyShaped(value) ? [path] : [];
  if (typeof value !== "object" || value === null || depth > MAX_DEPTH) return [];
  if (Array.isArray(value))
    return value.flatMap((item, i) => findKeyShaped(item, `${path}[${i}]`, depth + 1));
  return Object.entries(value).flatMap(([name, field]) => {
    const at = `${path}.${name}`;
    const named =
      isSecretField(name) && field !== null && field !== undefined && field !== "" ? [at] : [];
    return [...named, ...(isKeyShaped(name) ? [at] : []), ...findKeyShaped(field, at, depth + 1)];
  });
}

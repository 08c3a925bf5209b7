/**
 * Does an answer carry a key or a secret? The idempotency store never keeps such an answer
 * (a stored copy would be a second place a key lives, in plain text, for 24 hours): it keeps
 * only that the request ran, and a retry with the same key is told so instead of replayed.
 *
 * An answer carries a key when any value in it, at any depth, starts with one of the prefixes
 * of the keys and secrets the provider issues, or sits in a field whose name says it holds
 * one (`api_key`, `secret`, `client_secret`, `refresh_token`, and names ending in them).
 * Publishable keys are public and do not count.
 */
import { provider } from "../../protocol/provider.ts";
import { issuedKeyPrefixes } from "./auth.ts";

const secretPrefixes: readonly string[] = [
  provider.keyPrefixes.secretTest,
  provider.keyPrefixes.secretLive,
  provider.keyPrefixes.clientSecret,
  ...new Set(Object.values(issuedKeyPrefixes)),
];

const secretField = /(?:^|_)(?:api_key|secret|refresh_token|password)$/;

export function carriesKey(value: unknown, field = ""): boolean {
  if (typeof value === "string") {
    if (value.length > 0 && secretField.test(field)) return true;
    return secretPrefixes.some((prefix) => value.startsWith(prefix));
  }
  if (Array.isArray(value)) return value.some((item) => carriesKey(item, field));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).some(([name, item]) => carriesKey(item, name));
  }
  return false;
}

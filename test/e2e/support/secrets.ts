import { expect } from "vitest";
import { findKeyShaped } from "../../../protocol/redaction.ts";

/**
 * The browser tests' shared leak check (docs/security.md "How each defence is tested"):
 * nothing a platform page, a UI frame or a stranger received carries a key-shaped value
 * (one of the provider's secret prefixes) or a non-empty secret-named field. `extra` are
 * exact values that must not appear either (a client secret, a password).
 */
export function expectNoSecrets(received: unknown, extra: readonly string[] = []): void {
  expect(findKeyShaped(received)).toEqual([]);
  const text = JSON.stringify(received);
  for (const value of extra) expect(text).not.toContain(value);
}

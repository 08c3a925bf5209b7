import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeParseError, formatPath, safeParseMessage } from "./parse.ts";

const envelope = z.object({
  type: z.literal("oriel-connect"),
  requestType: z.string(),
  body: z.object({ items: z.array(z.object({ amount: z.number() })) }).optional(),
});

describe("safeParseMessage", () => {
  it("returns the typed value of a valid message", () => {
    const result = safeParseMessage(envelope, { type: "oriel-connect", requestType: "init" });
    expect(result).toEqual({ ok: true, value: { type: "oriel-connect", requestType: "init" } });
  });

  it('reads "requestType: expected string, got number" for a non-string requestType', () => {
    const result = safeParseMessage(envelope, { type: "oriel-connect", requestType: 7 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("invalid_payload");
    expect(result.error.message).toBe("requestType: expected string, got number");
    expect(result.error.issues).toEqual([
      { path: "requestType", code: "invalid_type", message: "expected string, got number" },
    ]);
  });

  it("joins nested paths with dots and brackets", () => {
    const result = safeParseMessage(envelope, {
      type: "oriel-connect",
      requestType: "proxy",
      body: { items: [{ amount: 1 }, { amount: "2" }] },
    });
    expect(result.ok ? "" : result.error.message).toBe(
      "body.items[1].amount: expected number, got string",
    );
  });

  it("says a missing field is missing", () => {
    const result = safeParseMessage(envelope, { type: "oriel-connect" });
    expect(result.ok ? "" : result.error.message).toBe("requestType: missing, expected string");
  });

  it("names the expected literal without echoing the received value", () => {
    const result = safeParseMessage(envelope, { type: "sk_test_secret", requestType: "x" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toBe('type: expected "oriel-connect"');
    expect(JSON.stringify(result.error)).not.toContain("sk_test_secret");
  });

  it("shows at most three issues and counts the rest", () => {
    const wide = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string() });
    const result = safeParseMessage(wide, {});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toBe(
      "a: missing, expected string; b: missing, expected string; c: missing, expected string (+1 more)",
    );
    expect(result.error.issues).toHaveLength(4);
  });

  it("names the root when the whole value has the wrong type", () => {
    const result = safeParseMessage(envelope, null);
    expect(result.ok ? "" : result.error.message).toBe("(root): expected object, got null");
  });

  it("explains a union by its closest branch", () => {
    const shape = z.union([
      z.object({ kind: z.literal("a"), size: z.number() }),
      z.object({ kind: z.literal("b"), name: z.string(), tag: z.string() }),
    ]);
    const result = safeParseMessage(shape, { kind: "a", size: "big" });
    expect(result.ok ? "" : result.error.message).toBe("size: expected number, got string");
  });

  it("lists the allowed discriminators of a discriminated union", () => {
    const shape = z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("a") }),
      z.object({ kind: z.literal("b") }),
    ]);
    const result = safeParseMessage(shape, { kind: "c" });
    expect(result.ok ? "" : result.error.message).toBe('kind: expected "a" | "b"');
  });

  it("reports unexpected keys of a strict object and size bounds", () => {
    const strict = z.strictObject({ id: z.string().max(3), list: z.array(z.number()).min(1) });
    const result = safeParseMessage(strict, { id: "abcd", list: [], extra: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      "id: must have at most 3 characters",
      "list: must have at least 1 item",
      '(root): unexpected key "extra"',
    ]);
  });
});

describe("formatPath", () => {
  it("quotes keys that are not identifiers and clips long ones", () => {
    expect(formatPath(["headers", "Content-Type"])).toBe('headers["Content-Type"]');
    expect(formatPath(["a", 0, "b"])).toBe("a[0].b");
    expect(formatPath([])).toBe("(root)");
    expect(formatPath(["x".repeat(100)]).length).toBeLessThan(50);
  });
});

describe("describeParseError", () => {
  it("never throws on values that are not plain objects", () => {
    const result = z.object({ a: z.string() }).safeParse(["not", "an", "object"]);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(describeParseError(result.error, ["x"]).message).toBe(
      "(root): expected object, got array",
    );
  });
});

import { describe, expect, it } from "vitest";
import { MAX_CALL_ARGS, parseCallMessage } from "./call.schema.ts";

const errorOf = (data: unknown) => {
  const parsed = parseCallMessage(data);
  return parsed.ok ? undefined : parsed.error.message;
};

describe("call protocol messages (SPEC.md §7)", () => {
  it("accepts each of the six message types", () => {
    for (const message of [
      { type: "CALL", id: "1", method: "authedProxy", args: [{ url: "https://x/v1/a" }] },
      { type: "CALL_RESPONSE", id: "1", result: { ok: true } },
      { type: "CALL_RESPONSE", id: "2" },
      {
        type: "CALL_ERROR",
        id: "1",
        error: { name: "TimeoutError", message: "no answer", code: "timeout", data: { ms: 1 } },
      },
      { type: "ADD_SUBSCRIPTION", id: "s1", name: "authState" },
      { type: "ADD_SUBSCRIPTION", id: "s2", name: "component.size", args: ["payouts"] },
      { type: "REMOVE_SUBSCRIPTION", id: "s1" },
      { type: "SUBSCRIPTION_RESULT", id: "s1", value: { status: "unauthenticated" } },
    ]) {
      const parsed = parseCallMessage(message);
      expect(parsed.ok, `${message.type}: ${errorOf(message)}`).toBe(true);
      if (parsed.ok) expect(parsed.value).toEqual(message);
    }
  });

  it("rejects an unknown type", () => {
    expect(errorOf({ type: "CAST", id: "1" })).toBe(
      'type: expected "CALL" | "CALL_RESPONSE" | "CALL_ERROR" | "ADD_SUBSCRIPTION" | "REMOVE_SUBSCRIPTION" | "SUBSCRIPTION_RESULT"',
    );
  });

  it("rejects a CALL without args, with args that are not a list, or with too many", () => {
    expect(errorOf({ type: "CALL", id: "1", method: "logout" })).toBe(
      "args: missing, expected array",
    );
    expect(errorOf({ type: "CALL", id: "1", method: "logout", args: { 0: 1 } })).toBe(
      "args: expected array, got object",
    );
    const many = Array.from({ length: MAX_CALL_ARGS + 1 }, () => 0);
    expect(errorOf({ type: "CALL", id: "1", method: "logout", args: many })).toBe(
      `args: must have at most ${MAX_CALL_ARGS} items`,
    );
  });

  it("rejects a bad id or method name", () => {
    expect(errorOf({ type: "CALL", id: 1, method: "logout", args: [] })).toBe(
      "id: expected string, got number",
    );
    expect(errorOf({ type: "CALL", id: "", method: "logout", args: [] })).toBe(
      "id: must have at least 1 character",
    );
    expect(errorOf({ type: "CALL", id: "1", method: "log out()", args: [] })).toBe(
      "method: does not match the expected pattern",
    );
  });

  it("rejects a CALL_ERROR whose error lacks name or message", () => {
    expect(errorOf({ type: "CALL_ERROR", id: "1", error: { message: "x" } })).toBe(
      "error.name: missing, expected string",
    );
    expect(errorOf({ type: "CALL_ERROR", id: "1", error: "boom" })).toBe(
      "error: expected object, got string",
    );
  });

  it("rejects a SUBSCRIPTION_RESULT without value and an ADD_SUBSCRIPTION without name", () => {
    expect(errorOf({ type: "SUBSCRIPTION_RESULT", id: "s1" })).toBeDefined();
    expect(errorOf({ type: "ADD_SUBSCRIPTION", id: "s1" })).toBe("name: missing, expected string");
  });

  it("rejects unknown fields: every message is exact", () => {
    expect(errorOf({ type: "REMOVE_SUBSCRIPTION", id: "s1", name: "authState" })).toBe(
      '(root): unexpected key "name"',
    );
  });
});

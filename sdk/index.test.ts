import { describe, expect, it } from "vitest";

describe("the SDK entry", () => {
  it("importing the SDK has no side effects", async () => {
    const before = Object.keys(globalThis).sort();
    const sdk = await import("./index.ts");
    expect(typeof sdk.loadConnectAndInitialize).toBe("function");
    expect(Object.keys(globalThis).sort()).toEqual(before);
  });
});

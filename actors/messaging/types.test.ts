import { afterEach, describe, expect, it, vi } from "vitest";
import { randomId } from "./types.ts";

afterEach(() => vi.unstubAllGlobals());

describe("randomId", () => {
  it("works where crypto.randomUUID is missing (a page over plain HTTP on another host than localhost)", () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    expect("randomUUID" in globalThis.crypto).toBe(false);
    const ids = new Set(Array.from({ length: 100 }, () => randomId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});

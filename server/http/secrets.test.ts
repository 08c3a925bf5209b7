import { describe, expect, it } from "vitest";
import { newId } from "./secrets.ts";

describe("newId", () => {
  it("makes ids of the prefix and 24 characters that sort in the order they were made, however many in one millisecond", () => {
    const ids = Array.from({ length: 5_000 }, () => newId("ch"));
    for (const id of ids) expect(id).toMatch(/^ch_[0-9a-z]{12}[0-9A-Za-z]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Byte order and a natural-language collation (the database's may be either) agree.
    expect([...ids].sort()).toEqual(ids);
    const collator = new Intl.Collator("en-US");
    expect([...ids].sort((a, b) => collator.compare(a.slice(0, 15), b.slice(0, 15)))).toEqual(ids);
  });
});

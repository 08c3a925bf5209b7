import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bracketPath, FormError, parseBracketed } from "./form.ts";

const parse = (query: string) => parseBracketed(new URLSearchParams(query));

function refusal(query: string, limits?: Parameters<typeof parseBracketed>[1]): FormError {
  try {
    parseBracketed(new URLSearchParams(query), limits);
  } catch (error) {
    if (error instanceof FormError) return error;
    throw error;
  }
  throw new Error(`accepted: ${query}`);
}

describe("form-encoded bodies with bracket nesting", () => {
  it("nests a[b][c]=1 into hashes", () => {
    expect(parse("a[b][c]=1&a[b][d]=2&e=3")).toEqual({ a: { b: { c: "1", d: "2" } }, e: "3" });
  });

  it("appends a[]=x in order and indexes a[0]=x", () => {
    expect(parse("a[]=x&a[]=y")).toEqual({ a: ["x", "y"] });
    expect(parse("a[1]=y&a[0]=x")).toEqual({ a: ["x", "y"] });
    expect(parse("items[0][price]=p1&items[1][price]=p2&items[0][qty]=2")).toEqual({
      items: [{ price: "p1", qty: "2" }, { price: "p2" }],
    });
  });

  it("keeps an empty value as the empty string (it unsets a field)", () => {
    expect(parse("metadata[k]=")).toEqual({ metadata: { k: "" } });
  });

  it("refuses nesting deeper than the limit, naming the parameter", () => {
    const e = refusal("a[b][c][d][e][f][g]=1");
    expect(e.param).toBe("a[b][c][d][e][f][g]");
    expect(e.code).toBe("parameter_too_deep");
    expect(parse("a[b][c][d][e][f]=1")).toBeTruthy();
  });

  it("refuses arrays longer than the limit, naming the array", () => {
    const many = Array.from({ length: 101 }, (_, i) => `tags[]=${i}`).join("&");
    expect(refusal(many).param).toBe("tags");
    expect(refusal("tags[100]=x").code).toBe("parameter_array_too_long");
    expect((parse(Array.from({ length: 100 }, () => "t[]=x").join("&")).t as string[]).length).toBe(
      100,
    );
  });

  it("refuses too many parameters", () => {
    const e = refusal("a=1&b=2&c=3", { maxDepth: 5, maxArrayLength: 10, maxParameters: 2 });
    expect(e.param).toBe("c");
    expect(e.code).toBe("parameter_too_many");
  });

  it("refuses a name that is both a value and a hash, or both an array and a hash", () => {
    expect(refusal("a=1&a[b]=2").param).toBe("a");
    expect(refusal("a[b]=1&a[]=2").param).toBe("a");
    expect(refusal("a[]=1&a[b]=2").param).toBe("a");
    expect(refusal("a=1&a=2").param).toBe("a");
  });

  it("refuses malformed names", () => {
    expect(refusal("a[b=1").param).toBe("a[b");
    expect(refusal("[x]=1").param).toBe("[x]");
    expect(refusal("a[][b]=1").param).toBe("a[]");
  });

  it("does not let __proto__ reach the prototype", () => {
    const parsed = parse("__proto__[polluted]=yes&constructor[prototype][x]=1");
    expect(Object.hasOwn(parsed, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("round-trips any bounded nested hash of strings written in bracket form", () => {
    const key = fc.stringMatching(/^[a-z_]{1,6}$/);
    const tree: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => ({
      node: fc.dictionary(key, fc.oneof({ depthSize: "small" }, fc.string(), tie("node")), {
        minKeys: 1,
        maxKeys: 4,
      }),
    })).node as fc.Arbitrary<Record<string, unknown>>;
    fc.assert(
      fc.property(tree, (value) => {
        const pairs: [string, string][] = [];
        const walk = (v: unknown, path: string[]) => {
          if (typeof v === "string") pairs.push([bracketPath(path), v]);
          else for (const [k, child] of Object.entries(v as object)) walk(child, [...path, k]);
        };
        walk(value, []);
        const limits = { maxDepth: 50, maxArrayLength: 100, maxParameters: 10_000 };
        expect(parseBracketed(pairs, limits)).toEqual(value);
      }),
    );
  });
});

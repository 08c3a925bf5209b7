import { describe, expect, it } from "vitest";
import { catalogue, componentNames } from "./index.ts";
import { catalogueManifest, manifestEntry } from "./manifest.ts";

describe("the catalogue manifest (plain data for small bundles)", () => {
  it("has every component, with the catalogue's enablement key, release state and error text", () => {
    expect(Object.keys(catalogueManifest).sort()).toEqual([...componentNames].sort());
    for (const name of componentNames) {
      const entry = catalogueManifest[name];
      expect(entry.enabledKey).toBe(catalogue[name].enabledKey);
      expect(entry.releaseState).toBe(catalogue[name].releaseState);
      expect(entry.errorText).toBe(catalogue[name].errorText);
    }
  });

  it("finds an entry by tag form or API form, and nothing else", () => {
    expect(manifestEntry("payouts-list")?.enabledKey).toBe("payouts_list");
    expect(manifestEntry("payouts_list")?.enabledKey).toBe("payouts_list");
    expect(manifestEntry("constructor")).toBeUndefined();
    expect(manifestEntry("no-such-component")).toBeUndefined();
  });
});

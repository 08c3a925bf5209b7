import { describe, expect, it } from "vitest";
import { componentAccessOf } from "./access.ts";
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

  it("the data layer's access table: every component's enablement key and internal flag, by tag or API form", () => {
    for (const name of componentNames) {
      const want = {
        enabledKey: catalogue[name].enabledKey,
        internal: catalogue[name].releaseState === "internal",
      };
      expect(componentAccessOf(name)).toEqual(want);
      expect(componentAccessOf(name.replace(/-/g, "_"))).toEqual(want);
    }
    expect(componentAccessOf("app-onboarding").enabledKey).toBe("app_install");
    expect(componentAccessOf("constructor")).toEqual({
      enabledKey: "constructor",
      internal: false,
    });
    expect(componentAccessOf("no-such-thing")).toEqual({
      enabledKey: "no_such_thing",
      internal: false,
    });
  });
});

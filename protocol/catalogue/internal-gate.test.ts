import { describe, expect, it } from "vitest";
import { internalComponentRefused, isInternalComponent } from "./internal-gate.ts";
import { catalogueManifest } from "./manifest.ts";

const names = Object.keys(catalogueManifest);
const internal = names.filter((n) => {
  const state = catalogueManifest[n as keyof typeof catalogueManifest].releaseState;
  return state === "internal" || state === "entry_point";
});
const platformFacing = names.filter((n) => !internal.includes(n));

const production = { hostname: "shop.example.com", overrideFlagSet: false };

describe("the gate of internal catalogue entries (SPEC.md §6, issue 17)", () => {
  it("knows the internal entries: the debug tools, the internal reports, the entry points", () => {
    for (const tool of ["debug-utils", "debug-components-list", "debug-ui-library"])
      expect(internal).toContain(tool);
    expect(isInternalComponent("transactions-list")).toBe(true);
    expect(isInternalComponent("debug_components_list")).toBe(true);
    expect(isInternalComponent("payments")).toBe(false);
    expect(platformFacing.length).toBeGreaterThan(0);
  });

  it.each(internal)("refuses %s on a production host and where the host is unknown", (name) => {
    expect(internalComponentRefused(name, production)).toBe(true);
    expect(internalComponentRefused(name, { hostname: null, overrideFlagSet: false })).toBe(true);
  });

  it.each(internal)(
    "lets %s load in development, on internal and demo hosts, or with the flag",
    (name) => {
      for (const hostname of ["localhost", "127.0.0.1", "x.qa.oriel.com", "sandbox.demo.oriel.com"])
        expect(internalComponentRefused(name, { hostname, overrideFlagSet: false })).toBe(false);
      expect(internalComponentRefused(name, { ...production, overrideFlagSet: true })).toBe(false);
      expect(internalComponentRefused(name, { hostname: null, overrideFlagSet: true })).toBe(false);
    },
  );

  it("never refuses a component for platforms, on any host", () => {
    for (const name of platformFacing)
      expect(internalComponentRefused(name, production)).toBe(false);
  });

  it("lets the entry points, and only them, load on the connect host's mobile entry page", () => {
    const entryPage = { ...production, entryPage: true };
    const entryPoints = internal.filter((n) => n.startsWith("entry-point-"));
    expect(entryPoints).toHaveLength(4);
    for (const name of entryPoints) expect(internalComponentRefused(name, entryPage)).toBe(false);
    for (const name of internal.filter((n) => !entryPoints.includes(n)))
      expect(internalComponentRefused(name, entryPage)).toBe(true);
  });
});

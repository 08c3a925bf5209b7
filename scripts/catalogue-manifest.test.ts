import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { accessPath, manifestPath, renderAccess, renderManifest } from "./catalogue-manifest.ts";

describe("the catalogue manifest (plain data for small bundles)", () => {
  it("is the catalogue as committed: regenerate with npx tsx scripts/catalogue-manifest.ts", () => {
    expect(readFileSync(manifestPath, "utf8")).toBe(renderManifest());
  });

  it("the data layer's access table is the catalogue as committed (same command)", () => {
    expect(readFileSync(accessPath, "utf8")).toBe(renderAccess());
  });
});

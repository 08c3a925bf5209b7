import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { provider } from "./provider.ts";

// READING.md: "The provider's name, prefix and hosts live in ONE provider configuration
// module that every other part reads. Nothing else in the code spells the name by hand."
// Tests may quote literal tags (they read like the spec), and package.json names the package.

const root = new URL("..", import.meta.url).pathname;
const skipDirs = new Set(["node_modules", "dist", ".git", ".oriel", "docs", "coverage"]);
const sourceFile = /\.(ts|tsx|mts|mjs|js|html|css|json)$/;
const exempt = (path: string) =>
  path === "protocol/provider.ts" ||
  // Generated from the catalogue, whose texts name tags through the provider's prefix.
  path.endsWith(".generated.ts") ||
  // The custom-elements manifest, generated from the catalogue and the provider configuration.
  path === "custom-elements.json" ||
  /(^|\/)package(-lock)?\.json$/.test(path) ||
  /\.(test|model\.test|e2e)\.tsx?$/.test(path) ||
  path.startsWith("test/") ||
  path.includes("/test/") ||
  path.includes("/fixtures/");

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (skipDirs.has(name)) continue;
    const abs = join(dir, name);
    if (statSync(abs).isDirectory()) yield* walk(abs);
    else if (sourceFile.test(name)) yield relative(root, abs);
  }
}

describe("white label", () => {
  it("spells the provider's name only in protocol/provider.ts", () => {
    const pattern = new RegExp(provider.id, "i");
    const offenders: string[] = [];
    for (const path of walk(root)) {
      if (exempt(path)) continue;
      readFileSync(join(root, path), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (pattern.test(line)) offenders.push(`${path}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});

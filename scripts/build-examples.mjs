// The framework examples (examples/<name>/vite.config.ts: Vue, Svelte, HTMX, the hydrated
// half of the server-rendered React page), each built by Vite into dist/examples/<name>, all
// four at once in this one process (`npm run build` runs this after the example platform).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { root } from "./lib/setup.mjs";

/** Every example under examples/ with its own Vite config, but the platform (built before). */
export function exampleConfigs() {
  const dir = join(root, "examples");
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "platform")
    .map((entry) => join(dir, entry.name, "vite.config.ts"))
    .filter((config) => existsSync(config));
}

/** Builds them all; resolves to 0, or 1 after printing what failed. */
export async function buildExamples() {
  const results = await Promise.allSettled(
    exampleConfigs().map((configFile) => build({ configFile, logLevel: "warn" })),
  );
  const failed = results.filter((result) => result.status === "rejected");
  for (const failure of failed) console.error(failure.reason);
  return failed.length === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await buildExamples());

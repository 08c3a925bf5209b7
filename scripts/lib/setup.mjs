// What the two README commands need before they can run, installed by themselves: npm
// dependencies (when node_modules is missing or older than package-lock.json) and, for the
// browser tests, Debian's Chromium. Plain Node, no dependencies: it runs before `npm ci`.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const root = new URL("../..", import.meta.url).pathname;
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function heading(text) {
  console.log(`\n━━ ${text} ${"━".repeat(Math.max(0, 78 - text.length))}`);
}

/** Runs `npm ci` when node_modules does not match package-lock.json. */
export function ensureDependencies() {
  const lock = join(root, "package-lock.json");
  const stamp = join(root, "node_modules", ".install-lock-hash");
  const want = createHash("sha256").update(readFileSync(lock)).digest("hex");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === want) return;
  heading("Installing npm dependencies (npm ci)");
  const status = run("npm", ["ci", "--no-audit", "--no-fund"]);
  if (status !== 0) {
    console.error("npm ci failed: the npm registry must be reachable on a fresh machine.");
    process.exit(status);
  }
  writeFileSync(stamp, want);
}

/**
 * Makes sure Debian's Chromium is there for the browser tests. Installs it with apt-get when
 * it is missing and this user can; otherwise says how, and returns false.
 */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return true;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (isRoot && hasApt) {
    heading("Installing Debian's chromium for the browser tests");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    run("apt-get", ["update", "-qq"], { env });
    run("apt-get", ["install", "-y", "-qq", "chromium"], { env });
    if (existsSync(chromiumPath)) return true;
  }
  console.error(
    [
      `The browser tests need Chromium at ${chromiumPath}, and it could not be installed here.`,
      "Install it with `sudo apt-get install chromium` (Debian/Ubuntu), or point CHROMIUM_PATH",
      "at a Chromium binary. Playwright's own browser download is not used by this project.",
    ].join("\n"),
  );
  return false;
}

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCommand, sandboxRoles } from "../../server/sandbox/cli.ts";

// Issue 18, Acceptance: the package as a platform installs it. `npm pack` (of the built
// repository), the tarball installed into a fresh project outside the repository, the sandbox
// started with the package's bin, and a browser test written with `<package>/testing` in that
// project (test/e2e/package-project/) run against it: it pages the payouts list and opens a
// payout. Ports 4601–4610, apart from every other browser test's.

const root = new URL("../..", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  name: string;
  version: string;
};
const playwrightVersion = JSON.parse(
  readFileSync(join(root, "node_modules", "playwright-core", "package.json"), "utf8"),
).version as string;

const firstPort = 4601;
const platformPort = 4610;

let work: string;
let project: string;
let sandbox: ChildProcess | undefined;
let sandboxEnv: Record<string, string> = {};
let sandboxOutput = "";
const timings: Record<string, number> = {};

const timed = async <T>(label: string, run: () => T | Promise<T>): Promise<T> => {
  const started = performance.now();
  try {
    return await run();
  } finally {
    timings[label] = Math.round(performance.now() - started);
  }
};

function npm(args: string[], cwd: string) {
  const result = spawnSync("npm", args, { cwd, encoding: "utf8", env: process.env });
  if (result.status !== 0) {
    throw new Error(`npm ${args.join(" ")} failed (${result.status}):\n${result.stderr}`);
  }
  return result.stdout;
}

/** Starts the installed bin; resolves with its environment lines once it prints them. */
function startSandbox(): Promise<Record<string, string>> {
  const ports = sandboxRoles.flatMap((role, i) => [`--${role}-port`, String(firstPort + i)]);
  const bin = join(project, "node_modules", ".bin", sandboxCommand);
  sandbox = spawn(bin, ["--payments", "300", "--env", ...ports], {
    cwd: project,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let stdout = "";
    sandbox!.stderr!.on("data", (chunk) => {
      sandboxOutput += String(chunk);
    });
    sandbox!.stdout!.on("data", (chunk) => {
      stdout += String(chunk);
      sandboxOutput += String(chunk);
      const lines = stdout.split("\n");
      if (!stdout.includes("_SANDBOX_DIR=") || !stdout.endsWith("\n")) return;
      resolve(
        Object.fromEntries(
          lines.filter(Boolean).map((line) => {
            const at = line.indexOf("=");
            return [line.slice(0, at), line.slice(at + 1)];
          }),
        ),
      );
    });
    sandbox!.once("exit", (code) =>
      reject(new Error(`the sandbox exited (${code}): ${sandboxOutput}`)),
    );
  });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "package-e2e-"));
  project = join(work, "platform");
  const tarball = await timed("npm pack", () => {
    expect(existsSync(join(root, "dist", "server", "sandbox.js"))).toBe(true);
    const packed = JSON.parse(npm(["pack", "--json", "--pack-destination", work], root)) as {
      filename: string;
    }[];
    return join(work, packed[0]!.filename);
  });
  // A fresh project outside the repository, with the platform's own files.
  spawnSync("mkdir", ["-p", project]);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "platform", private: true, type: "module" }, null, 2),
  );
  for (const file of ["platform.mjs", "payouts.test.mjs"]) {
    copyFileSync(join(root, "test", "e2e", "package-project", file), join(project, file));
  }
  await timed("npm install", () =>
    npm(
      [
        "install",
        tarball,
        `playwright-core@${playwrightVersion}`,
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
      ],
      project,
    ),
  );
  sandboxEnv = await timed("sandbox start", startSandbox);
}, 600_000);

afterAll(async () => {
  if (sandbox && sandbox.exitCode === null) {
    sandbox.kill("SIGTERM");
    await new Promise((done) => sandbox!.once("exit", done));
  }
  if (work) rmSync(work, { recursive: true, force: true });
  process.stderr.write(`package acceptance timings (ms): ${JSON.stringify(timings)}\n`);
});

describe("the installed package", () => {
  it("holds no source tree: the bin, the built hosts and the testing helpers only", () => {
    const installed = join(project, "node_modules", pkg.name);
    expect(existsSync(join(installed, "dist", "server", "sandbox.js"))).toBe(true);
    expect(existsSync(join(installed, "dist", "connect", "data-layer.html"))).toBe(true);
    // The shared site script the connect host serves to the sign-in popup (issue 16).
    expect(existsSync(join(installed, "dist", "site", "site.js"))).toBe(true);
    expect(existsSync(join(installed, "dist", "testing", "index.js"))).toBe(true);
    expect(existsSync(join(installed, "dist", "testing", "index.d.ts"))).toBe(true);
    for (const source of ["server", "sdk", "protocol", "node_modules/tsx"]) {
      expect(existsSync(join(installed, source)), source).toBe(false);
    }
  });

  it("its sandbox prints the keys and every host, each answering on its own port", async () => {
    const prefix = sandboxCommand.replace(/-sandbox$/, "").toUpperCase();
    expect(sandboxEnv[`${prefix}_SECRET_KEY`]).toMatch(/^sk_test_/);
    expect(sandboxEnv[`${prefix}_PUBLISHABLE_KEY`]).toMatch(/^pk_test_/);
    for (const [i, role] of sandboxRoles.entries()) {
      expect(sandboxEnv[`${prefix}_${role.toUpperCase()}_URL`]).toBe(
        `http://127.0.0.1:${firstPort + i}`,
      );
    }
    const script = await fetch(sandboxEnv[`${prefix}_CLASSIC_SCRIPT_URL`]!);
    expect(script.status).toBe(200);
    // The sign-in popup's site script, from the installed package's dist/site.
    const site = await fetch(`${sandboxEnv[`${prefix}_CONNECT_URL`]}/site.js`);
    expect(site.status).toBe(200);
  });

  it("a browser test written with <package>/testing in the platform's project pages the payouts list and opens a payout", async () => {
    const result = await timed("project test", () =>
      spawnSync(process.execPath, ["--test", "payouts.test.mjs"], {
        cwd: project,
        encoding: "utf8",
        env: { ...process.env, ...sandboxEnv, PLATFORM_PORT: String(platformPort) },
        timeout: 180_000,
      }),
    );
    expect(result.stdout + result.stderr).toMatch(/# pass 1\b/);
    expect(result.status, result.stdout + result.stderr).toBe(0);
  }, 200_000);

  it("its sandbox stops cleanly on SIGTERM and deletes its temporary directory", async () => {
    const dir = Object.entries(sandboxEnv).find(([name]) => name.endsWith("_SANDBOX_DIR"))![1];
    expect(existsSync(dir)).toBe(true);
    const exited = new Promise<number | null>((done) => sandbox!.once("exit", done));
    sandbox!.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(existsSync(dir)).toBe(false);
  }, 30_000);
});

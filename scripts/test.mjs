// `npm test`, the README's test command and exactly what CI runs (.ci/run): installs what
// it needs, then runs the type check, the linter, the layering check (dependency-cruiser),
// every unit / model-based / server test (server tests twice: on embedded PGlite and on
// PostgreSQL), and the browser tests in Debian's Chromium. Prints one closing line
// "N passed, N failed".
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  chromiumPath,
  ensureChromium,
  ensureDependencies,
  heading,
  root,
  run,
} from "./lib/setup.mjs";

const ci = process.env.CI === "true" || process.env.CI === "1";
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const reports = mkdtempSync(join(tmpdir(), "kit-test-"));

function vitest(label, args, env = {}) {
  heading(label);
  const out = join(reports, `${label.replace(/\W+/g, "-")}.json`);
  const status = run(
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...args],
    { env: { ...process.env, ...env } },
  );
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, "utf8"));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    // A suite that fails to load counts as a failure even when no test inside it ran.
    if (r.numFailedTestSuites > 0 && r.numFailedTests === 0) totals.failed += r.numFailedTestSuites;
  } else if (status !== 0) {
    totals.failed += 1;
  }
  if (status !== 0) failures.push(label);
}

function check(label, cmd, args) {
  heading(label);
  const status = run(cmd, args);
  if (status === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

/** A fresh PostgreSQL database for this run, or undefined when no server is reachable. */
async function createRunDatabase() {
  const base = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return { error: `${base.replace(/\/\/[^@]*@/, "//")}: ${error.message}` };
  }
  const name = `kit_test_${Date.now()}_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function hasFiles(dir, suffix) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return false;
  const walk = (d) =>
    readdirSync(d).some((f) => {
      const p = join(d, f);
      return statSync(p).isDirectory() ? f !== "node_modules" && walk(p) : f.endsWith(suffix);
    });
  return walk(abs);
}

ensureDependencies();

check("Type check (tsc)", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]);
check("Lint and format (Biome)", "npx", ["biome", "ci", "."]);
check("Layers and import cycles (dependency-cruiser)", "npm", ["run", "--silent", "deps"]);
vitest("Unit, model-based and server tests (PGlite)", []);

if (hasFiles("server", ".test.ts")) {
  const db = await createRunDatabase();
  if (db.url) {
    try {
      vitest("Server tests (PostgreSQL)", ["server"], { DATABASE_URL: db.url });
    } finally {
      await db.drop();
    }
  } else if (ci) {
    console.error(`PostgreSQL is required in CI and is not reachable: ${db.error}`);
    totals.failed += 1;
    failures.push("Server tests (PostgreSQL)");
  } else {
    console.warn(`\nPostgreSQL not reachable (${db.error}): server tests ran on PGlite only.`);
  }
}

if (hasFiles("test/e2e", ".e2e.ts")) {
  if (ensureChromium()) {
    check("Build (vite)", "npm", ["run", "build"]);
    vitest(
      "Browser tests (Chromium)",
      ["--config", "test/e2e/vitest.config.ts", "--reporter=./test/e2e/flaky-reporter.ts"],
      {
        CHROMIUM_PATH: chromiumPath,
      },
    );
  } else {
    totals.failed += 1;
    failures.push("Browser tests (Chromium missing)");
  }
}

heading("Summary");
if (failures.length) console.log(`Failed: ${failures.join("; ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);

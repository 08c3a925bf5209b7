/**
 * `npm run seed`: seeds the sandbox (a demo platform, its connected accounts in every
 * onboarding state, six months of history on the main account), prints its keys and writes
 * them to the database's sandbox file (`.<provider id>/sandbox.json` for the embedded
 * database, `.<provider id>/sandbox.postgres.<host>_<port>_<database>.json` for PostgreSQL). Refuses a database that has data unless `--reset`
 * (`npm run sandbox:reset` or `npm run seed -- --reset`), which empties it first.
 *
 * Uses DATABASE_URL when set, else the PGlite directory `npm start` uses: stop the server
 * first (PGlite is one process at a time), or reset a running sandbox through the API
 * (`POST /v1/test_helpers/sandbox/reset`).
 */
import { resolve } from "node:path";
import { openDatabase } from "../server/db/connect.ts";
import { defaultDataDir } from "../server/main.ts";
import {
  isEmptyDatabase,
  resetAllData,
  sandboxFileFor,
  sandboxSummary,
  seedSandbox,
  writeSandboxInfo,
} from "../server/sandbox/seed.ts";

const args = process.argv.slice(2);
const unknown = args.find((a) => a !== "--reset");
if (unknown !== undefined) {
  console.error(`Unknown argument ${unknown}. Usage: npm run seed [-- --reset]`);
  process.exit(2);
}
const reset = args.includes("--reset");

const databaseUrl = process.env.DATABASE_URL;
const database = await openDatabase(
  databaseUrl ? { databaseUrl } : { dataDir: resolve(defaultDataDir) },
);
try {
  if (!(await isEmptyDatabase(database.db))) {
    if (!reset) {
      console.error(
        "The database already has data. Run `npm run seed -- --reset` (or `npm run sandbox:reset`) to delete it all and seed again.",
      );
      process.exitCode = 1;
    } else {
      await resetAllData(database.db);
    }
  }
  if (process.exitCode === undefined) {
    const started = performance.now();
    const info = await seedSandbox(database.db);
    const file = resolve(sandboxFileFor(databaseUrl));
    await writeSandboxInfo(file, info);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Seeded the sandbox on ${database.kind} in ${seconds} s.\n`);
    console.log(sandboxSummary(info, file));
  }
} finally {
  await database.close();
}

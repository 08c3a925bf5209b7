/**
 * The server tests' database: one per vitest worker, emptied by TRUNCATE before each test.
 *
 * - PGlite (default): creating a database runs initdb (seconds), so the first worker dumps
 *   a migrated database to a tarball in the OS temp folder, keyed by the migrations' source;
 *   later workers load it (under a second).
 * - PostgreSQL (`DATABASE_URL` set): each worker works in its own schema `t_<pid>`, created
 *   and migrated on first use and dropped when the worker's tests end.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";

let opening: Promise<DatabaseHandle> | undefined;
let users = 0;
let tables: string[] | undefined;

const migrationsDir = fileURLToPath(new URL("../db/migrations/", import.meta.url));

async function templateKey(): Promise<string> {
  const hash = createHash("sha256");
  // A dump only loads into the PGlite version that wrote it.
  const pglitePackage = fileURLToPath(
    new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url),
  );
  hash.update(await readFile(pglitePackage).catch(() => "unknown"));
  for (const file of (await readdir(migrationsDir)).sort()) {
    hash.update(file).update(await readFile(join(migrationsDir, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

async function openPGliteFromTemplate(): Promise<DatabaseHandle> {
  const dir = join(tmpdir(), "server-test-templates");
  const path = join(dir, `pglite-${await templateKey()}.tgz`);
  const cached = await readFile(path).catch(() => undefined);
  if (cached) return openDatabase({ loadDataDir: new Blob([cached]) });
  const handle = await openDatabase({});
  const dump = await handle.pglite!.dumpDataDir("gzip");
  await mkdir(dir, { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, path); // atomic: a concurrent worker sees all of it or none
  // Dumps of older migrations are dead weight (each is several MB).
  for (const file of await readdir(dir)) {
    if (/^pglite-[0-9a-f]{16}\.tgz$/.test(file) && join(dir, file) !== path) {
      await rm(join(dir, file), { force: true });
    }
  }
  return handle;
}

export const testSchema = `t_${process.pid}`;

async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return openPGliteFromTemplate();
  // A schema left by a crashed worker with the same pid is stale: start clean.
  const admin = await openDatabase({ databaseUrl: url, migrate: false });
  await sql`drop schema if exists ${sql.id(testSchema)} cascade`.execute(admin.db);
  await admin.close();
  const handle = await openDatabase({ databaseUrl: url, schema: testSchema });
  return {
    ...handle,
    close: async () => {
      await sql`drop schema if exists ${sql.id(testSchema)} cascade`.execute(handle.db);
      await handle.close();
    },
  };
}

/** The worker's database handle, opened on first use. */
export function testDatabase(): Promise<DatabaseHandle> {
  opening ??= openTestDatabase();
  return opening;
}

/** Empties every table but the migration bookkeeping. */
export async function resetDatabase(db: Kysely<Database>): Promise<void> {
  if (!tables) {
    const rows = await sql<{ tablename: string }>`
      select tablename from pg_tables
      where schemaname = current_schema() and tablename not like 'kysely_%'`.execute(db);
    tables = rows.rows.map((r) => r.tablename);
  }
  if (tables.length === 0) return;
  await sql`truncate ${sql.join(tables.map((t) => sql.id(t)))} restart identity cascade`.execute(
    db,
  );
}

/**
 * Call at the top of a test file: opens the worker's database before the file's tests,
 * truncates before each test, and closes (dropping the PostgreSQL schema) after the last
 * file that uses it.
 */
export function setupTestDatabase(): {
  readonly db: Kysely<Database>;
  readonly handle: DatabaseHandle;
} {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    users++;
    handle = await testDatabase();
  });
  beforeEach(async () => {
    await resetDatabase(handle!.db);
  });
  afterAll(async () => {
    users--;
    if (users === 0 && opening) {
      const closing = opening;
      opening = undefined;
      tables = undefined;
      await (await closing).close();
    }
  });
  return {
    get db() {
      if (!handle) throw new Error("the test database is opened in beforeAll");
      return handle.db;
    },
    get handle() {
      if (!handle) throw new Error("the test database is opened in beforeAll");
      return handle;
    },
  };
}

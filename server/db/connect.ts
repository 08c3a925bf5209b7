/**
 * Opens the database: PostgreSQL through `pg` when a URL is given, otherwise PGlite in
 * process (a data directory, or memory). Same migrations, same SQL, same number parsing.
 */
import type { PGlite } from "@electric-sql/pglite";
import { Kysely, type LogConfig, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { migrateToLatest } from "./migrate.ts";
import { INT8_OID, NUMERIC_OID, parseInt8, parseNumeric } from "./parsers.ts";
import { openPGlite } from "./pglite-dialect.ts";
import { openPGliteThread } from "./pglite-thread.ts";
import type { Database } from "./schema.ts";

export interface DatabaseOptions {
  /** `postgres://...`: use PostgreSQL. Takes precedence over `dataDir`. */
  databaseUrl?: string;
  /** PGlite data directory (created when missing). Absent: an in-memory database. */
  dataDir?: string;
  /** PostgreSQL only: work inside this schema (created when missing), via search_path. */
  schema?: string;
  /** PGlite only: start from a dumped data directory instead of running initdb. */
  loadDataDir?: Blob;
  /**
   * PGlite only: run it in a worker thread (`pglite-thread.ts`), so the database's CPU does
   * not block the event loop that serves HTTP. Not with `loadDataDir`; no `pglite` handle.
   */
  thread?: boolean;
  /** Apply migrations on open (default true). */
  migrate?: boolean;
  /**
   * PostgreSQL only: how long a query waits for a connection — a free one of the pool, or a
   * new one to connect — before it fails as the database being unavailable (503
   * `database_unavailable`, `unavailable.ts`). Default 5000 ms: a host that drops packets
   * silently is then an answer, not a request that hangs until its own timeout.
   */
  connectTimeoutMs?: number;
  /**
   * Kysely's log hook: called for every statement sent, BEGIN and COMMIT included (the
   * statement-count bench and tests count them with it).
   */
  log?: LogConfig;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: "pglite" | "postgres";
  /** PGlite in a worker thread: how long the worker has been busy, in ms (the bench). */
  threadBusyMs?: () => number;
  /** The PGlite client, to dump it (test templates); absent on PostgreSQL. */
  pglite?: PGlite;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

const pgTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === INT8_OID) return parseInt8;
    if (oid === NUMERIC_OID) return parseNumeric;
    return format ? pg.types.getTypeParser(oid, format) : pg.types.getTypeParser(oid);
  }) as typeof pg.types.getTypeParser,
};

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(
        options.databaseUrl,
        options.schema,
        options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
        options.log,
      )
    : await openEmbedded(options);
  if (options.migrate !== false) {
    try {
      await migrateToLatest(handle.db as unknown as Kysely<unknown>);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

async function openPostgres(
  url: string,
  schema: string | undefined,
  connectTimeoutMs: number,
  log?: LogConfig,
): Promise<DatabaseHandle> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid schema name: ${schema}`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    types: pgTypes,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A connection dropped while a request holds it (a server restart, a killed backend) makes
  // its client emit "error" besides failing the query in flight; without a listener that
  // event would end the process. The request gets its error, rolls back, and the pool
  // replaces the dead client.
  pool.on("connect", (client) => {
    client.on("error", (error) => console.error(`database connection lost: ${error.message}`));
  });
  // One dropped while idle in the pool makes the pool emit "error" too (logged just above),
  // which would end the process as well; the pool has already let the dead client go.
  pool.on("error", () => {});
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...(log ? { log } : {}),
  });
  if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  return { db, kind: "postgres", close: () => db.destroy() };
}

async function openEmbedded(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.thread) {
    if (options.loadDataDir) throw new Error("a PGlite thread starts from a data directory");
    const { dialect, busyMs } = await openPGliteThread(options.dataDir);
    const db = new Kysely<Database>({ dialect, ...(options.log ? { log: options.log } : {}) });
    return { db, kind: "pglite", threadBusyMs: busyMs, close: () => db.destroy() };
  }
  const { dialect, client } = await openPGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = new Kysely<Database>({ dialect, ...(options.log ? { log: options.log } : {}) });
  return { db, kind: "pglite", pglite: client, close: () => db.destroy() };
}

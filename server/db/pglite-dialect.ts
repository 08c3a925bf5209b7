/**
 * The PGlite dialect, with one connection at a time and every statement prepared.
 *
 * PGlite is a single Postgres backend: every query goes to the same session, so a
 * query of request B issued while request A holds `BEGIN` would run inside A's transaction.
 * This driver queues connections: a transaction owns the backend from BEGIN to COMMIT and
 * everything else waits (PGlite serialises queries anyway). Inside `db.transaction()` use
 * the `trx` handle only: a query on `db` there would wait for the transaction to end.
 */
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import { numberParsers } from "./parsers.ts";
import { PreparedStatements } from "./pglite-prepared.ts";

export class SerialDriver implements Driver {
  readonly #inner: Driver;
  #tail: Promise<void> = Promise.resolve();
  readonly #releases = new Map<DatabaseConnection, () => void>();

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init() {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => mine);
    await previous;
    const connection = await this.#inner.acquireConnection();
    this.#releases.set(connection, release);
    return connection;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.#inner.releaseConnection(connection);
    const release = this.#releases.get(connection);
    this.#releases.delete(connection);
    release?.();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.#inner.rollbackTransaction(connection);
  }

  destroy() {
    return this.#inner.destroy();
  }
}

/** Runs one statement on a PGlite session; `begin`: open a transaction first, in the same round. */
export type RunStatement = (
  sql: string,
  params: readonly unknown[],
  begin: boolean,
) => Promise<QueryResult<unknown>>;

/**
 * Kysely's connection to one PGlite session (in process or in the worker). A transaction's
 * BEGIN waits for its first statement and goes with it, in one round into the backend (and
 * one message to the worker); a transaction without statements sends nothing.
 */
class SessionConnection implements DatabaseConnection {
  #beginPending = false;
  constructor(readonly run: RunStatement) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const begin = this.#beginPending;
    this.#beginPending = false;
    return this.run(query.sql, query.parameters, begin) as Promise<QueryResult<R>>;
  }
  begin() {
    this.#beginPending = true;
  }
  /** COMMIT or ROLLBACK; nothing when the transaction never began in the backend. */
  async end(sql: "COMMIT" | "ROLLBACK") {
    if (this.#beginPending) {
      this.#beginPending = false;
      return;
    }
    await this.executeQuery(CompiledQuery.raw(sql));
  }
  // biome-ignore lint/correctness/useYield: PGlite answers whole results; nothing streams.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("PGlite does not support streaming.");
  }
}

/** One PGlite session as a Kysely driver: its one connection. */
class SessionDriver implements Driver {
  readonly #connection: SessionConnection;
  constructor(
    run: RunStatement,
    readonly close: () => Promise<void>,
  ) {
    this.#connection = new SessionConnection(run);
  }
  async init() {}
  async acquireConnection() {
    return this.#connection;
  }
  async releaseConnection() {}
  async beginTransaction() {
    this.#connection.begin();
  }
  async commitTransaction() {
    await this.#connection.end("COMMIT");
  }
  async rollbackTransaction() {
    await this.#connection.end("ROLLBACK");
  }
  async destroy() {
    await this.close();
  }
}

/** A Kysely dialect over one PGlite session, connections queued (`SerialDriver`). */
export function sessionDialect(run: RunStatement, close: () => Promise<void>): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new SerialDriver(new SessionDriver(run, close)),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

/** The dialect of a PGlite session in process, each data statement run prepared. */
export function pgliteDialect(client: PGlite): Dialect {
  const statements = new PreparedStatements(client);
  return sessionDialect(
    (sql, params, begin) =>
      statements.query(sql, params, { begin }) as Promise<QueryResult<unknown>>,
    () => client.close(),
  );
}

export interface PGliteHandle {
  dialect: Dialect;
  client: PGlite;
}

/**
 * Opens PGlite on `dataDir` (a directory, kept across runs) or in memory when it is
 * undefined; `loadDataDir` starts from a dumped tarball instead of running initdb.
 */
export async function openPGlite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<PGliteHandle> {
  // PGlite creates the last directory only; the default data directory needs its parent too.
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: numberParsers,
  });
  return { dialect: pgliteDialect(client), client };
}

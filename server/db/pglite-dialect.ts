/**
 * The PGlite dialect, from `kysely-pglite`, with one connection at a time.
 *
 * PGlite is a single Postgres backend. kysely-pglite hands every query the same client, so a
 * query of request B issued while request A holds `BEGIN` would run inside A's transaction.
 * This driver queues connections: a transaction owns the backend from BEGIN to COMMIT and
 * everything else waits (PGlite serialises queries anyway). Inside `db.transaction()` use
 * the `trx` handle only: a query on `db` there would wait for the transaction to end.
 */
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from "kysely";
import { KyselyPGlite } from "kysely-pglite";
import { numberParsers } from "./parsers.ts";

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
  const base = new KyselyPGlite(client).dialect;
  const dialect: Dialect = {
    createAdapter: () => base.createAdapter(),
    createDriver: () => new SerialDriver(base.createDriver()),
    createIntrospector: (db) => base.createIntrospector(db),
    createQueryCompiler: () => base.createQueryCompiler(),
  };
  return { dialect, client };
}

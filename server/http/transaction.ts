/**
 * One transaction per writing request. `route.ts` runs every POST and DELETE handler inside
 * one database transaction, together with its Idempotency-Key claim and stored answer, so
 * the key, the work and the answer commit together or not at all (a crash, a dropped
 * connection or an unexpected error leaves no trace, and the retry runs once).
 *
 * Handlers are written as if they had the database to themselves: they open their own
 * `db.transaction()` around the work that must be all-or-nothing. Inside a request that
 * call is a block of the request's transaction (`nestable`), and an error thrown inside a
 * block undoes it, as a transaction of its own would:
 *
 * - the request's first block runs without a savepoint (two statements fewer on the hot
 *   paths): when it throws, the request is marked `failed` and `route.ts` rolls the whole
 *   request back (its answer, a typed error, is then stored in a transaction of its own);
 * - a later block (or one inside another) runs in a SAVEPOINT, so that a failure there
 *   keeps the blocks completed before it (a declined charge is stored, then answered 402).
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

export interface RequestTransaction {
  /** The transaction, as a `Kysely` whose `transaction()` opens a block in it. */
  db: Kysely<Database>;
  /** The request's first block threw: the transaction must be rolled back. */
  readonly failed: boolean;
}

/** `trx` as a `Kysely` whose `transaction()` opens a block inside it (see above). */
export function nestable(trx: Transaction<Database>): RequestTransaction {
  let savepoints = 0;
  let depth = 0;
  let completed = false;
  let failed = false;
  const proxy: Kysely<Database> = new Proxy(trx, {
    get(target, property) {
      if (property === "transaction") return () => block;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const block = {
    setIsolationLevel: () => block,
    setAccessMode: () => block,
    async execute<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      const first = depth === 0 && !completed;
      const name = first ? undefined : sql.raw(`sp_${++savepoints}`);
      if (name) await sql`savepoint ${name}`.execute(trx);
      depth++;
      let result: T;
      try {
        result = await fn(proxy as Transaction<Database>);
      } catch (error) {
        if (name) await sql`rollback to savepoint ${name}`.execute(trx);
        else failed = true;
        throw error;
      } finally {
        depth--;
      }
      if (name) await sql`release savepoint ${name}`.execute(trx);
      if (depth === 0) completed = true;
      return result;
    },
  };
  return {
    db: proxy,
    get failed() {
      return failed;
    },
  };
}

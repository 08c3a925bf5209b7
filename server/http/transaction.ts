/**
 * One transaction per writing request. `route.ts` runs every POST and DELETE handler inside
 * one database transaction, together with its Idempotency-Key claim and stored answer, so
 * the key, the work and the answer commit together or not at all (a crash, a dropped
 * connection or an unexpected error leaves no trace, and the retry runs once).
 *
 * Handlers are written as if they had the database to themselves: they open their own
 * `db.transaction()` around the work that must be all-or-nothing. Inside a request that
 * call opens a SAVEPOINT instead (`nestable`): an error thrown inside it undoes that block
 * only, as a transaction of its own would, and the request's transaction goes on (a declined
 * charge is stored, then answered 402).
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

const nested = new WeakSet<object>();

/** `trx` as a `Kysely` whose `transaction()` opens a savepoint inside it. */
export function nestable(trx: Transaction<Database>): Kysely<Database> {
  if (nested.has(trx)) return trx;
  let savepoints = 0;
  const proxy: Kysely<Database> = new Proxy(trx, {
    get(target, property) {
      if (property === "transaction") return () => savepointBuilder;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const savepointBuilder = {
    setIsolationLevel: () => savepointBuilder,
    setAccessMode: () => savepointBuilder,
    async execute<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      const name = sql.raw(`sp_${++savepoints}`);
      await sql`savepoint ${name}`.execute(trx);
      let result: T;
      try {
        result = await fn(proxy as Transaction<Database>);
      } catch (error) {
        await sql`rollback to savepoint ${name}`.execute(trx);
        throw error;
      }
      await sql`release savepoint ${name}`.execute(trx);
      return result;
    },
  };
  nested.add(proxy);
  return proxy;
}

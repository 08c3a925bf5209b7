/**
 * Statements on PGlite as named prepared statements, one protocol round each.
 *
 * PGlite's `query` runs every statement through six calls into its backend (parse, describe
 * the statement, bind, describe the portal, execute, sync), and PostgreSQL parses, analyses
 * and plans the text anew each time: most of a request's CPU on PGlite (docs/architecture.md,
 * "Server speed"). Here a statement's text is parsed once per session under a name of its
 * own, with its parameter types and row description kept; every later run is one call that
 * carries bind, execute and sync together, and PostgreSQL reuses the parsed and analysed
 * statement (and, once it judges a plan made without the values as good as those made for
 * them, that generic plan). The answer is PGlite's own: the same
 * serializers for the parameters (by the types PostgreSQL inferred), the same parsers and
 * result shape (`parseResults`), the same errors (`execProtocolStream` throws the
 * backend's `DatabaseError`).
 *
 * Only plain data statements are prepared (SELECT, INSERT, UPDATE, DELETE, WITH, VALUES);
 * anything else (DDL, SET, transaction control) runs as PGlite runs it, and a statement
 * that may change a table's shape forgets every prepared statement, so none answers with a
 * row description it no longer has. PostgreSQL itself refuses a prepared statement whose
 * result type changed (`0A000`, "cached plan must not change result type"): that statement
 * is forgotten too, so its next run prepares it again.
 */
import { type PGlite, parse, protocol, type Results } from "@electric-sql/pglite";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's row description (none for a statement that returns no rows). */
  rowDescription: BackendMessage | undefined;
}

const preparable = /^\s*(select|insert|update|delete|with|values)\b/i;
const transactionControl =
  /^\s*(begin|commit|rollback|savepoint \w+|release savepoint \w+|rollback to savepoint \w+)\s*;?\s*$/i;
/**
 * An ON CONFLICT naming a partial unique index by its predicate (`where is_default = $1`):
 * PostgreSQL infers the index while planning, and a generic plan, made without the run's
 * values, finds none to match and fails. Such statements run unnamed, planned for their
 * values each time, as PGlite's own `query` runs them.
 */
const inferredOnPlanning = /\bon\s+conflict\s*\([^)]*\)\s*where\b/i;
/** Statements that never change a table's shape (the tests' TRUNCATE between tests among them). */
const shapeKeeping =
  /^\s*(begin|commit|rollback|savepoint|release|start transaction|end|truncate|set|reset|show|analyze|vacuum|lock|checkpoint)\b/i;
/** More than this many distinct texts: the oldest is closed (a session's memory stays bounded). */
export const PREPARED_LIMIT = 1000;

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A PGlite session's prepared statements, and the way to run a statement through them. */
export class PreparedStatements {
  readonly #client: PGlite;
  readonly #limit: number;
  readonly #byText = new Map<string, Prepared>();
  #next = 0;
  /** Statements closed while evicted, sent with the next round. */
  #toClose: string[] = [];

  constructor(client: PGlite, options: { limit?: number } = {}) {
    this.#client = client;
    this.#limit = options.limit ?? PREPARED_LIMIT;
  }

  /** How many texts are prepared now (tests). */
  get size(): number {
    return this.#byText.size;
  }

  /**
   * Runs one statement as PGlite's `query` would, answering the same result. With `begin`,
   * a BEGIN opens a transaction first, in the same round into the backend: a transaction's
   * BEGIN waits for its first statement (the dialects defer it so).
   */
  query(
    sql: string,
    params: readonly unknown[],
    options: { begin?: boolean } = {},
  ): Promise<Results<Record<string, unknown>>> {
    const begin = options.begin === true;
    if (params.length === 0 && transactionControl.test(sql))
      return this.#client.runExclusive(() => this.#simple(begin ? ["BEGIN", sql] : [sql]));
    if (!preparable.test(sql) || inferredOnPlanning.test(sql))
      return this.#unprepared(sql, params, begin);
    return this.#client.runExclusive(() => this.#run(sql, params, begin));
  }

  /** Statements of the simple protocol (transaction control), in one round. */
  async #simple(sqls: string[]) {
    const messages = await this.#client.execProtocolStream(
      concat([...sqls.map((text) => protocol.serialize.query(text)), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    if (!this.#client.isInTransaction()) await this.#client.syncToFs();
    const results = parse.parseResults(messages, this.#client.parsers);
    return results[results.length - 1] as Results<Record<string, unknown>>;
  }

  async #unprepared(sql: string, params: readonly unknown[], begin: boolean) {
    if (begin) await this.#client.runExclusive(() => this.#simple(["BEGIN"]));
    const result = await this.#client.query<Record<string, unknown>>(sql, [...params]);
    // DDL may change what a prepared statement's rows are: prepare everything again.
    if (!shapeKeeping.test(sql) && this.#byText.size > 0) await this.forget();
    return result;
  }

  /** Closes every prepared statement (after DDL). */
  async forget(): Promise<void> {
    this.#byText.clear();
    this.#toClose = [];
    await this.#client.exec("DEALLOCATE ALL");
  }

  async #prepare(sql: string): Promise<Prepared> {
    const name = `ps_${++this.#next}`;
    const closing = this.#toClose.map((old) => protocol.serialize.close({ type: "S", name: old }));
    this.#toClose = [];
    const messages = await this.#client.execProtocolStream(
      concat([
        ...closing,
        protocol.serialize.parse({ name, text: sql, types: [] }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const prepared: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === "rowDescription"),
    };
    this.#byText.set(sql, prepared);
    if (this.#byText.size > this.#limit) {
      const [oldest] = this.#byText.keys();
      if (oldest !== undefined) {
        this.#toClose.push(this.#byText.get(oldest)!.name);
        this.#byText.delete(oldest);
      }
    }
    return prepared;
  }

  async #run(sql: string, params: readonly unknown[], begin: boolean) {
    let prepared = this.#byText.get(sql);
    if (prepared) {
      // Most recently used last: the oldest is the first evicted.
      this.#byText.delete(sql);
      this.#byText.set(sql, prepared);
    } else {
      // Rare (a text's first run): the BEGIN goes alone, before the preparation.
      if (begin) await this.#simple(["BEGIN"]);
      begin = false;
      prepared = await this.#prepare(sql);
    }
    const serializers = this.#client.serializers;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = serializers[prepared.paramTypes[i] ?? 0];
      return serialize ? serialize(value) : String(value);
    });
    let messages: BackendMessage[];
    try {
      messages = await this.#client.execProtocolStream(
        concat([
          ...(begin ? [protocol.serialize.query("BEGIN")] : []),
          protocol.serialize.bind({ statement: prepared.name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (error) {
      // The table under it changed shape: prepare it again next time.
      if ((error as { code?: string }).code === "0A000") this.#byText.delete(sql);
      throw error;
    }
    if (!this.#client.isInTransaction()) await this.#client.syncToFs();
    // The BEGIN's own answer (its command and ready-for-query) comes first: not this result's.
    const own = begin
      ? messages.slice(messages.findIndex((m) => m.name === "readyForQuery") + 1)
      : messages;
    const rows = prepared.rowDescription ? [prepared.rowDescription, ...own] : own;
    return parse.parseResults(rows, this.#client.parsers)[0] as Results<Record<string, unknown>>;
  }
}

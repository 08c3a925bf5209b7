/**
 * Statements run prepared on PGlite (`pglite-prepared.ts`): the same rows, errors and
 * parameters as PGlite's own `query`, each text prepared once, and nothing stale after a
 * table changes shape.
 */
import { PGlite } from "@electric-sql/pglite";
import { Kysely, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { numberParsers } from "./parsers.ts";
import { pgliteDialect } from "./pglite-dialect.ts";
import { PreparedStatements } from "./pglite-prepared.ts";

let client: PGlite;
let statements: PreparedStatements;

beforeAll(async () => {
  client = await PGlite.create({ parsers: numberParsers });
}, 60_000);

beforeEach(async () => {
  // One session for the file (initdb takes seconds): each test starts with none prepared.
  await client.exec(`deallocate all; drop table if exists t;
    create table t (id text primary key, n int8, at timestamptz, ok boolean, tags text[],
    doc jsonb, amount numeric)`);
  statements = new PreparedStatements(client, { limit: 3 });
});

afterAll(async () => {
  await client?.close();
});

const preparedNames = async () =>
  (await client.query<{ name: string }>("select name from pg_prepared_statements order by name"))
    .rows.length;

describe("statements run prepared on PGlite", () => {
  it("answers every column type, and a write's affected rows, as PGlite's own query does", async () => {
    const insert = "insert into t values ($1, $2, $3, $4, $5, $6, $7) returning *";
    const params = [
      "a",
      9007199254740991,
      new Date("2026-01-02T03:04:05.678Z"),
      true,
      ["x", "y,z", 'q"'],
      JSON.stringify({ a: [1, null, "é"] }),
      "12.50",
    ];
    const mine = await statements.query(insert, params);
    const theirs = await client.query(insert, ["b", ...params.slice(1)]);
    expect(mine.rows).toHaveLength(1);
    expect({ ...mine.rows[0], id: "b" }).toStrictEqual(theirs.rows[0]);
    expect(mine.affectedRows).toBe(theirs.affectedRows);
    expect(mine.fields).toStrictEqual(theirs.fields);
    const row = mine.rows[0]!;
    expect(row.n).toBe(9007199254740991);
    expect((row.at as Date).toISOString()).toBe("2026-01-02T03:04:05.678Z");
    expect(row.tags).toEqual(["x", "y,z", 'q"']);
    expect(row.doc).toEqual({ a: [1, null, "é"] });

    const update = "update t set ok = $1, n = null where id = any($2)";
    const updated = await statements.query(update, [false, ["a", "b", "missing"]]);
    expect(updated.affectedRows).toBe(2);
    expect(updated.rows).toEqual([]);
    const read = "select * from t where ok = $1 order by id";
    expect((await statements.query(read, [false])).rows).toStrictEqual(
      (await client.query(read, [false])).rows,
    );
  });

  it("prepares a text once: a second run of it adds no statement to the session", async () => {
    const read = "select count(*)::int as c from t where id = $1";
    expect((await statements.query(read, ["a"])).rows).toEqual([{ c: 0 }]);
    expect(statements.size).toBe(1);
    await statements.query(read, ["b"]);
    expect(statements.size).toBe(1);
    expect(await preparedNames()).toBe(1);
  });

  it("keeps at most its limit of texts, closing the oldest in the session too", async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      expect((await statements.query(`select ${n}::int as n`, [])).rows).toEqual([{ n }]);
    }
    expect(statements.size).toBe(3);
    // The evicted statements are closed with the next preparation.
    await statements.query("select 6::int as n", []);
    expect(await preparedNames()).toBeLessThanOrEqual(4);
    expect((await statements.query("select 1::int as n", [])).rows).toEqual([{ n: 1 }]);
  });

  it("answers a statement of a table that changed shape with its new columns", async () => {
    await statements.query("insert into t (id) values ($1)", ["a"]);
    const read = "select * from t where id = $1";
    expect(Object.keys((await statements.query(read, ["a"])).rows[0]!)).not.toContain("extra");
    await statements.query("alter table t add column extra text default 'e'", []);
    expect(statements.size).toBe(0);
    expect((await statements.query(read, ["a"])).rows[0]!.extra).toBe("e");
  });

  it("forgets a statement PostgreSQL refuses after a shape change made behind its back", async () => {
    const read = "select * from t";
    await statements.query(read, []);
    await client.exec("alter table t add column later int");
    await expect(statements.query(read, [])).rejects.toMatchObject({ code: "0A000" });
    expect((await statements.query(read, [])).fields.map((f) => f.name)).toContain("later");
  });

  it("throws the backend's error with its fields, and the session goes on", async () => {
    const insert = "insert into t (id) values ($1)";
    await statements.query(insert, ["a"]);
    await expect(statements.query(insert, ["a"])).rejects.toMatchObject({
      code: "23505",
      constraint: "t_pkey",
    });
    await expect(statements.query("select nope from t", [])).rejects.toMatchObject({
      code: "42703",
    });
    await expect(statements.query("select $1::int as n", ["x"])).rejects.toMatchObject({
      code: "22P02",
    });
    expect((await statements.query("select count(*)::int as c from t", [])).rows).toEqual([
      { c: 1 },
    ]);
  });

  it("runs inside a transaction: a failed statement aborts it, ROLLBACK undoes it, and its prepared statements survive", async () => {
    const insert = "insert into t (id) values ($1)";
    await statements.query("begin", []);
    await statements.query(insert, ["in-tx"]);
    await expect(statements.query(insert, ["in-tx"])).rejects.toMatchObject({ code: "23505" });
    await expect(statements.query("select 1 as one", [])).rejects.toMatchObject({
      code: "25P02",
    });
    await statements.query("rollback", []);
    expect(client.isInTransaction()).toBe(false);
    expect((await statements.query("select count(*)::int as c from t", [])).rows).toEqual([
      { c: 0 },
    ]);
    await statements.query(insert, ["after"]);
    expect((await statements.query("select id from t", [])).rows).toEqual([{ id: "after" }]);
  });

  it("opens a transaction with a statement's BEGIN in the same round, prepared or not yet", async () => {
    const insert = "insert into t (id) values ($1) returning id";
    // Not prepared yet: the BEGIN goes first, then the preparation and the statement.
    expect((await statements.query(insert, ["a"], { begin: true })).rows).toEqual([{ id: "a" }]);
    expect(client.isInTransaction()).toBe(true);
    await statements.query("rollback", []);
    // Prepared: BEGIN, bind and execute in one round; the answer is the statement's own.
    const result = await statements.query(insert, ["b"], { begin: true });
    expect(result.rows).toEqual([{ id: "b" }]);
    expect(result.affectedRows).toBe(1);
    expect(client.isInTransaction()).toBe(true);
    await statements.query("commit", []);
    expect(client.isInTransaction()).toBe(false);
    expect((await statements.query("select id from t", [])).rows).toEqual([{ id: "b" }]);
    // A savepoint's control statements take the same path.
    await statements.query("savepoint sp_1", [], { begin: true });
    await statements.query(insert, ["c"]);
    await statements.query("rollback to savepoint sp_1", []);
    await statements.query("commit", []);
    expect((await statements.query("select id from t order by id", [])).rows).toEqual([
      { id: "b" },
    ]);
  });

  it("through Kysely: a transaction commits or rolls back whole, one with no statement sends nothing, and a failed first statement leaves no transaction open", async () => {
    const db = new Kysely<{ t: { id: string } }>({ dialect: pgliteDialect(client) });
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("t").values({ id: "kept" }).execute();
      await trx.insertInto("t").values({ id: "kept-too" }).execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("t").values({ id: "undone" }).execute();
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    await db.transaction().execute(async () => {});
    expect(client.isInTransaction()).toBe(false);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("t").values({ id: "kept" }).execute();
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(client.isInTransaction()).toBe(false);
    const { rows } = await sql<{ id: string }>`select id from t order by id`.execute(db);
    expect(rows.map((r) => r.id)).toEqual(["kept", "kept-too"]);
  });

  it("runs an ON CONFLICT on a partial unique index planned for its values: it still finds the index after many runs", async () => {
    await client.exec(`create table d (account text, is_default boolean, name text);
      create unique index d_one_default on d (account) where is_default`);
    const upsert = `insert into d values ($1, $2, $3)
      on conflict (account) where is_default = $4 do nothing`;
    // PostgreSQL tries a generic plan after five runs of a prepared statement.
    for (let i = 0; i < 12; i++) await statements.query(upsert, [`a${i % 3}`, true, `n${i}`, true]);
    expect((await statements.query("select count(*)::int as c from d", [])).rows).toEqual([
      { c: 3 },
    ]);
  });
});

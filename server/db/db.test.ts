import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../test/db.ts";
import { parseInt8, parseNumeric } from "./parsers.ts";

const t = setupTestDatabase();

const platform = { id: "acct_plat1", country: "US", created: 1_700_000_000 };

describe("database layer", () => {
  it("returns int8 and numeric columns as JS numbers on either driver", async () => {
    const row = await sql<{ a: unknown; b: unknown; c: unknown }>`
      select 9007199254740991::int8 as a, 12.5::numeric as b, (-42)::int8 as c`.execute(t.db);
    expect(row.rows[0]).toEqual({ a: 9007199254740991, b: 12.5, c: -42 });
  });

  it("refuses an int8 a double cannot hold exactly instead of rounding it", async () => {
    await expect(sql`select 9007199254740993::int8 as a`.execute(t.db)).rejects.toThrow(
      /safe range/,
    );
    expect(() => parseInt8("9007199254740993")).toThrow(RangeError);
    expect(parseNumeric("0.25")).toBe(0.25);
  });

  it("applies the migrations: tables exist with their constraints", async () => {
    await t.db.insertInto("platforms").values(platform).execute();
    await expect(
      t.db
        .insertInto("accounts")
        .values({
          id: "acct_x",
          platform_id: platform.id,
          type: "bogus" as "custom",
          livemode: false,
          country: "US",
          default_currency: "usd",
          metadata: "{}",
          created: 1,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it("reads a jsonb column back parsed", async () => {
    await t.db.insertInto("platforms").values(platform).execute();
    await t.db
      .insertInto("accounts")
      .values({
        id: "acct_json",
        platform_id: platform.id,
        type: "custom",
        livemode: false,
        country: "FR",
        default_currency: "eur",
        metadata: JSON.stringify({ order: "42" }),
        created: 1_700_000_001,
      })
      .execute();
    const row = await t.db
      .selectFrom("accounts")
      .select(["metadata", "created", "is_controlled_by_single_platform"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      metadata: { order: "42" },
      created: 1_700_000_001,
      is_controlled_by_single_platform: true,
    });
  });

  it("starts every test empty (reset by TRUNCATE)", async () => {
    const rows = await t.db.selectFrom("platforms").selectAll().execute();
    expect(rows).toEqual([]);
  });

  it("a transaction owns the connection: other queries see neither its writes nor run inside it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const trx = t.db.transaction().execute(async (tx) => {
      await tx.insertInto("platforms").values(platform).execute();
      await gate;
      throw new Error("roll back");
    });
    // Issued while the transaction is open; must not join it (it would be rolled back too
    // on PGlite without the serial driver, or see the uncommitted row).
    const outside = t.db
      .insertInto("platforms")
      .values({ ...platform, id: "acct_plat2" })
      .execute();
    release();
    await expect(trx).rejects.toThrow("roll back");
    await outside;
    const ids = (await t.db.selectFrom("platforms").select("id").execute()).map((r) => r.id);
    expect(ids).toEqual(["acct_plat2"]);
  });
});

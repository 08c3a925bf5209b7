/**
 * Each database keeps its own sandbox file: a start on PostgreSQL then on the embedded
 * database leaves both sandboxes working, and keys that are not the database's are refused
 * with the command that fixes it (issue 15, item 2).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provider } from "../../protocol/provider.ts";
import { createApp } from "../app.ts";
import { type DatabaseHandle, openDatabase } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { setupTestDatabase } from "../test/db.ts";
import { reseedCommand, SandboxError, sandboxFileFor, seedIfEmpty } from "./seed.ts";

const t = setupTestDatabase();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sandbox-files-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Lists the platform's accounts with `secretKey` on `db`: the status. */
async function listAccounts(db: Kysely<Database>, secretKey: string) {
  const response = await createApp({ db }).request("/v1/accounts", {
    headers: { Authorization: `Bearer ${secretKey}` },
  });
  return response.status;
}

describe("the sandbox file", () => {
  it("is one per database, named by server, port and database, never by user or password", () => {
    expect(sandboxFileFor(undefined)).toBe(`.${provider.id}/sandbox.json`);
    const a = sandboxFileFor("postgres://bob:hunter2@db.example:6543/shop");
    const b = sandboxFileFor("postgres://bob:hunter2@db.example:6543/other");
    expect(a).toMatch(/sandbox\.postgres\.db\.example_6543_shop\.json$/);
    expect(b).not.toBe(a);
    expect(a).not.toMatch(/bob|hunter2/);
    expect(reseedCommand("postgres://bob:hunter2@db.example:6543/shop")).not.toContain("hunter2");
    expect(reseedCommand(undefined)).toBe("npm run seed -- --reset");
  });

  it("with another database's keys, the start refuses them and names the command that fixes it", async () => {
    const file = join(dir, "mismatch.json");
    const info = await seedIfEmpty(t.db, file, { payments: 0 });
    // Another database's sandbox, written over this one's file (what a shared file did).
    await writeFile(
      file,
      JSON.stringify({ ...info, secretKey: "sk_test_x", publishableKey: "pk_test_y" }),
    );
    const fix = reseedCommand(process.env.DATABASE_URL);
    const refused = seedIfEmpty(t.db, file, { fix });
    await expect(refused).rejects.toBeInstanceOf(SandboxError);
    await expect(refused).rejects.toThrow(fix);
  });
});

describe.runIf(process.env.DATABASE_URL)(
  "a start on PostgreSQL, then on the embedded database",
  () => {
    let embedded: DatabaseHandle | undefined;
    afterAll(async () => {
      await embedded?.close();
    });

    it("leaves both sandboxes working, each with its own keys", async () => {
      const url = process.env.DATABASE_URL;
      const postgresFile = join(dir, sandboxFileFor(url));
      const embeddedFile = join(dir, sandboxFileFor(undefined));
      const onPostgres = await seedIfEmpty(t.db, postgresFile, { payments: 0 });
      embedded = await openDatabase({});
      const onEmbedded = await seedIfEmpty(embedded.db, embeddedFile, { payments: 0 });
      expect(onEmbedded.secretKey).not.toBe(onPostgres.secretKey);
      // Both started again: each file still describes its own database.
      expect(await seedIfEmpty(t.db, postgresFile)).toEqual(onPostgres);
      expect(await seedIfEmpty(embedded.db, embeddedFile)).toEqual(onEmbedded);
      expect(await listAccounts(t.db, onPostgres.secretKey)).toBe(200);
      expect(await listAccounts(embedded.db, onEmbedded.secretKey)).toBe(200);
      expect(await listAccounts(embedded.db, onPostgres.secretKey)).toBe(401);
    }, 120_000);
  },
);

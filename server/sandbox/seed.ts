/**
 * The sandbox seed: a demo platform (its keys printed and written to the sandbox file), its
 * connected accounts in every onboarding state (`account-states.ts`), and a main demo
 * account with six months of history (`history.ts`). Run by `npm run seed` and by
 * `npm start` on an empty database (`seedIfEmpty`).
 *
 * The database keeps only key hashes, so the keys live in a sandbox file, one per database
 * (`sandboxFileFor`): `.<provider id>/sandbox.json` for the embedded database,
 * `.<provider id>/sandbox.postgres.<host>_<port>_<database>.json` for a PostgreSQL one
 * (gitignored; test keys, as a dashboard would show them). A start on one database never
 * rewrites the keys of another. The demo accounts are tagged in
 * their metadata (`sandbox_state`, `sandbox_label`, `sandbox_main`), so the file's account
 * list is rebuilt from the database after a reset through the API.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { type Kysely, sql } from "kysely";
import { provider } from "../../protocol/provider.ts";
import { payoutDestination } from "../accounts/destination.ts";
import type { Database } from "../db/schema.ts";
import { sha256 } from "../http/secrets.ts";
import { DAY, startOfDay } from "../money/ledger.ts";
import { createPlatform } from "../platforms/platforms.ts";
import {
  createEnabledAccount,
  type OnboardingState,
  onboardingStates,
  type SeededAccount,
  seedAccountStates,
} from "./account-states.ts";
import { fullHistory, historyStart, planHistory, writeHistory } from "./history.ts";

export interface SandboxInfo {
  platformId: string;
  publishableKey: string;
  secretKey: string;
  mainAccountId: string;
  /** The main account first, then one account per type and onboarding state. */
  accounts: SeededAccount[];
}

export interface SeedOptions {
  /** The seed's "now" (default: the wall clock, a new platform's clock). */
  now?: number;
  /** Payment attempts on the main account (default 5,400). */
  payments?: number;
  /** Days of history (default 182). */
  days?: number;
  /** The PRNG seed (default fixed: the same history every time). */
  seed?: number;
}

/** The embedded database's sandbox file, under the working directory. */
export const sandboxFile = `.${provider.id}/sandbox.json`;

/**
 * Where `npm run seed` and `npm start` keep the keys of the sandbox in the database at
 * `databaseUrl` (absent: the embedded one), relative to the working directory. The name
 * carries the server, port and database name, never the user or password.
 */
export function sandboxFileFor(databaseUrl: string | undefined): string {
  if (!databaseUrl) return sandboxFile;
  const url = new URL(databaseUrl);
  const name = [url.hostname, url.port || "5432", url.pathname.replace(/^\//, "") || "postgres"]
    .join("_")
    .replace(/[^A-Za-z0-9_.-]/g, "_");
  return `.${provider.id}/sandbox.postgres.${name}.json`;
}

/** The command that seeds the database at `databaseUrl` afresh (it deletes its data). */
export function reseedCommand(databaseUrl: string | undefined): string {
  return databaseUrl
    ? `DATABASE_URL=${redactPassword(databaseUrl)} npm run seed -- --reset`
    : "npm run seed -- --reset";
}

function redactPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = "…";
  return url.toString();
}

export const demoPlatform = {
  business_name: "Cloudberry Market",
  nickname: "Cloudberry",
  country: "US",
  support_email: "support@cloudberry.example",
  brand_accent_color: "#5b3fd1",
  support_site_base_url: "https://cloudberry.example/help",
} as const;

export const mainAccount = {
  type: "custom",
  country: "US",
  businessName: "Juniper & Rye Bakery",
  email: "owner@juniper-rye.example",
} as const;

const mainLabel = "Juniper & Rye Bakery (custom, enabled, six months of history)";

/** Seeds a demo platform with its accounts and history; returns its keys and accounts. */
export async function seedSandbox(
  db: Kysely<Database>,
  options: SeedOptions = {},
): Promise<SandboxInfo> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const days = options.days ?? fullHistory.days;
  const { platform, secretKey, publishableKey } = await createPlatform(
    db,
    demoPlatform,
    startOfDay(now) - (days + 30) * DAY,
  );
  const seeded = await seedDemoAccounts(db, platform.id, { ...options, now, days });
  return { platformId: platform.id, publishableKey, secretKey, ...seeded };
}

/** The demo accounts of a platform: every onboarding state, and the main one with history. */
export async function seedDemoAccounts(
  db: Kysely<Database>,
  platformId: string,
  options: SeedOptions & { now: number },
): Promise<{ mainAccountId: string; accounts: SeededAccount[] }> {
  const { now } = options;
  const days = options.days ?? fullHistory.days;
  const start = historyStart(now, days);
  const mainAccountId = await createEnabledAccount(db, platformId, mainAccount, start - 7 * DAY);
  // The provider bears its payment losses, so it can add funds (top-ups, server/money/README.md).
  await db
    .updateTable("accounts")
    .set({ provider_owns_loss_liability: true })
    .where("id", "=", mainAccountId)
    .execute();
  // Without a payout destination the API makes no payout: neither does the history.
  const destination = await payoutDestination(db, mainAccountId, "usd", start);
  const plan = planHistory({
    now,
    days,
    payments: options.payments ?? fullHistory.payments,
    seed: options.seed ?? fullHistory.seed,
    canPayOut: destination !== null,
  });
  await writeHistory(db, { platformId, accountId: mainAccountId, livemode: false }, plan.model);
  // Statistics of the bulk-loaded tables, so each list filter is planned as the index scan it
  // is (PGlite runs no autovacuum; without them a range or set filter sorts thousands of rows).
  await sql`analyze charges, refunds, disputes, payouts, balance_transactions`.execute(db);
  const main: SeededAccount = {
    id: mainAccountId,
    label: mainLabel,
    type: mainAccount.type,
    state: "enabled",
  };
  const accounts = [main, ...(await seedAccountStates(db, platformId, now))];
  for (const account of accounts) {
    const tags: Record<string, string> = {
      sandbox_state: account.state,
      sandbox_label: account.label,
      ...(account.id === mainAccountId ? { sandbox_main: "true" } : {}),
    };
    await db
      .updateTable("accounts")
      .set({ metadata: sql`metadata || ${JSON.stringify(tags)}::jsonb` })
      .where("id", "=", account.id)
      .execute();
  }
  return { mainAccountId, accounts: (await demoAccounts(db, platformId)).accounts };
}

/** The platform's demo accounts, from their metadata tags (main first, then by creation). */
export async function demoAccounts(
  db: Kysely<Database>,
  platformId: string,
): Promise<{ mainAccountId: string | null; accounts: SeededAccount[] }> {
  const rows = await db
    .selectFrom("accounts")
    .select(["id", "type", "metadata", "created"])
    .where("platform_id", "=", platformId)
    .where("deleted_at", "is", null)
    .where(sql<boolean>`metadata ? 'sandbox_state'`)
    .orderBy("created")
    .orderBy("id")
    .execute();
  // The main account first, then by type and onboarding state, as seeded.
  const rank = (r: (typeof rows)[number]) =>
    r.metadata.sandbox_main === "true"
      ? -1
      : ["custom", "express", "standard"].indexOf(r.type) * 10 +
        onboardingStates.indexOf(r.metadata.sandbox_state as OnboardingState);
  const ordered = [...rows].sort((a, b) => rank(a) - rank(b));
  const main = ordered.find((r) => r.metadata.sandbox_main === "true");
  return {
    mainAccountId: main?.id ?? null,
    accounts: ordered.map((r) => ({
      id: r.id,
      type: r.type,
      label: r.metadata.sandbox_label ?? r.id,
      state: r.metadata.sandbox_state as OnboardingState,
    })),
  };
}

export class SandboxError extends Error {
  override name = "SandboxError";
}

/** True when no platform exists yet. */
export async function isEmptyDatabase(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom("platforms").select("id").limit(1).executeTakeFirst()) === undefined;
}

export async function writeSandboxInfo(file: string, info: SandboxInfo): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
}

async function readSandboxInfo(file: string): Promise<SandboxInfo | undefined> {
  const text = await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const info = JSON.parse(text) as SandboxInfo;
    return typeof info.platformId === "string" && typeof info.secretKey === "string"
      ? info
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Seeds an empty database and writes the sandbox file; on a seeded one, returns the file's
 * keys with the demo accounts as the database has them now (rewriting the file if a reset
 * changed them). Throws `SandboxError`, naming `fix` (the command that seeds afresh), when
 * the database has data the file does not describe or its keys are not the database's.
 */
export async function seedIfEmpty(
  db: Kysely<Database>,
  infoFile: string,
  options: SeedOptions & { fix?: string } = {},
): Promise<SandboxInfo> {
  const fix = options.fix ?? reseedCommand(undefined);
  if (await isEmptyDatabase(db)) {
    const info = await seedSandbox(db, options);
    await writeSandboxInfo(infoFile, info);
    return info;
  }
  const saved = await readSandboxInfo(infoFile);
  const platform =
    saved &&
    (await db
      .selectFrom("platforms")
      .select("id")
      .where("id", "=", saved.platformId)
      .executeTakeFirst());
  if (!saved || !platform) {
    throw new SandboxError(
      `The database has data, but ${infoFile} does not describe its demo platform: run \`${fix}\` to start over (it deletes the database's data).`,
    );
  }
  const keys = await db
    .selectFrom("api_keys")
    .select("kind")
    .where("platform_id", "=", saved.platformId)
    .where("key_hash", "in", [sha256(saved.secretKey), sha256(saved.publishableKey)])
    .where("revoked_at", "is", null)
    .execute();
  if (keys.length !== 2) {
    throw new SandboxError(
      `The keys in ${infoFile} are not the database's keys of its demo platform, so every API call would answer 401: run \`${fix}\` to seed it afresh (it deletes the database's data).`,
    );
  }
  const current = await demoAccounts(db, saved.platformId);
  const info: SandboxInfo = {
    ...saved,
    mainAccountId: current.mainAccountId ?? saved.mainAccountId,
    accounts: current.accounts,
  };
  if (JSON.stringify(info) !== JSON.stringify(saved)) await writeSandboxInfo(infoFile, info);
  return info;
}

/** The tables of the current schema (the migrations' bookkeeping aside). */
async function dataTables(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = current_schema() and tablename not like 'kysely_%'`.execute(db);
  return rows.rows.map((r) => r.tablename);
}

/** Empties every table, the simulated clock included (`npm run seed -- --reset`). */
export async function resetAllData(db: Kysely<Database>): Promise<void> {
  const tables = await dataTables(db);
  if (tables.length === 0) return;
  await sql`truncate ${sql.join(tables.map((t) => sql.id(t)))} cascade`.execute(db);
}

/**
 * The tables holding a connected account's objects (an `account_id` column), ordered so
 * that a table comes before the tables it references.
 */
async function accountTablesInDeleteOrder(db: Kysely<Database>): Promise<string[]> {
  const withAccount = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'account_id'
      and table_name <> 'accounts'`.execute(db);
  const tables = new Set(withAccount.rows.map((r) => r.table_name));
  const edges = await sql<{ child: string; parent: string }>`
    select child.relname as child, parent.relname as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
  const referencedBy = new Map<string, Set<string>>();
  for (const { child, parent } of edges.rows) {
    if (!tables.has(child) || !tables.has(parent) || child === parent) continue;
    if (!referencedBy.has(parent)) referencedBy.set(parent, new Set());
    referencedBy.get(parent)!.add(child);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) throw new Error(`foreign keys form a cycle through ${table}`);
    visiting.add(table);
    for (const child of referencedBy.get(table) ?? []) place(child);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) place(table);
  return ordered;
}

/**
 * Resets one platform's sandbox: deletes its connected accounts and every object of theirs
 * (in one transaction), then seeds its demo accounts and history again. The platform and
 * its keys stay.
 */
export async function resetPlatformSandbox(
  db: Kysely<Database>,
  platformId: string,
  options: SeedOptions & { now: number },
): Promise<{ deletedAccounts: number; mainAccountId: string; accounts: SeededAccount[] }> {
  const order = await accountTablesInDeleteOrder(db);
  const deletedAccounts = await db.transaction().execute(async (trx) => {
    const owned = trx.selectFrom("accounts").select("id").where("platform_id", "=", platformId);
    for (const table of order) {
      await sql`delete from ${sql.id(table)} where account_id in (${owned})`.execute(trx);
    }
    const deleted = await trx
      .deleteFrom("accounts")
      .where("platform_id", "=", platformId)
      .returning("id")
      .execute();
    return deleted.length;
  });
  return { deletedAccounts, ...(await seedDemoAccounts(db, platformId, options)) };
}

/** What the seed prints: the keys, the accounts and where the file is. */
export function sandboxSummary(info: SandboxInfo, file: string): string {
  const width = Math.max(...info.accounts.map((a) => a.id.length));
  return [
    `  Demo platform ${demoPlatform.business_name} (${info.platformId}), test mode keys:`,
    `    publishable  ${info.publishableKey}`,
    `    secret       ${info.secretKey}`,
    "",
    "  Connected accounts:",
    ...info.accounts.map((a) => `    ${a.id.padEnd(width)}  ${a.label}`),
    "",
    `  Written to ${file} (keys included: keep it out of version control).`,
  ].join("\n");
}

/**
 * Provider users (dashboard users): passwords hashed with scrypt, keys and refresh tokens
 * stored as sha-256. A user key acts for one account; a refresh token renews it.
 */
import type { Kysely } from "kysely";
import type { User } from "../../protocol/objects/user.schema.ts";
import { provider } from "../../protocol/provider.ts";
import type { Database } from "../db/schema.ts";
import { issuedKeyPrefixes } from "../http/auth.ts";
import {
  hashPassword,
  newId,
  newKey,
  randomToken,
  sha256,
  verifyPassword,
} from "../http/secrets.ts";

export const refreshTokenPrefix = provider.keyPrefixes.refreshToken;

export async function createUser(
  db: Kysely<Database>,
  input: { email: string; name?: string; password: string; accountId: string; isPrimary: boolean },
  now: number,
): Promise<{ id: string }> {
  const { password, ...rest } = input;
  return addUser(db, { ...rest, passwordHash: await hashPassword(password) }, now);
}

/** Adds a user whose password was hashed already (a verified claim), with access to one account. */
export async function addUser(
  db: Kysely<Database>,
  input: {
    email: string;
    name?: string;
    passwordHash: string;
    accountId: string;
    isPrimary: boolean;
  },
  now: number,
): Promise<{ id: string }> {
  const id = newId("usr");
  const { passwordHash } = input;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("users")
      .values({
        id,
        email: input.email.toLowerCase(),
        name: input.name ?? null,
        password_hash: passwordHash,
        created: now,
      })
      .execute();
    await trx
      .insertInto("account_users")
      .values({
        account_id: input.accountId,
        user_id: id,
        is_primary: input.isPrimary,
        created: now,
      })
      .execute();
  });
  return { id };
}

export interface UserKey {
  apiKey: string;
  expiresAt: number;
}

/**
 * Issues a user key for (user, account); the caller checked the user's access. A `popup`
 * key (the sign-in popup's) authenticates nothing but its one exchange for a `user` key.
 */
export async function issueUserKey(
  db: Kysely<Database>,
  args: {
    userId: string;
    accountId: string;
    platformId: string;
    livemode: boolean;
    /** The account session the key belongs to (it acts for it, `actingPrincipal`). */
    accountSessionId?: string;
  },
  now: number,
  ttl: number,
  kind: "user" | "popup" = "user",
): Promise<UserKey> {
  const apiKey = newKey(issuedKeyPrefixes[kind]);
  await db
    .insertInto("session_keys")
    .values({
      id: newId(kind === "user" ? "uk" : "upk"),
      kind,
      key_hash: sha256(apiKey),
      platform_id: args.platformId,
      account_id: args.accountId,
      account_session_id: args.accountSessionId ?? null,
      user_id: args.userId,
      livemode: args.livemode,
      created: now,
      expires_at: now + ttl,
      revoked_at: null,
    })
    .execute();
  return { apiKey, expiresAt: now + ttl };
}

/** A new refresh token; `familyId` continues a family (rotation), else it starts one. */
export async function issueRefreshToken(
  db: Kysely<Database>,
  args: { userId: string; accountId: string; platformId: string; familyId?: string },
  now: number,
  ttl: number,
): Promise<string> {
  const token = `${refreshTokenPrefix}${randomToken(43)}`;
  const id = newId("urt");
  await db
    .insertInto("user_refresh_tokens")
    .values({
      id,
      token_hash: sha256(token),
      user_id: args.userId,
      account_id: args.accountId,
      platform_id: args.platformId,
      created: now,
      expires_at: now + ttl,
      revoked_at: null,
      family_id: args.familyId ?? id,
      used_at: null,
    })
    .execute();
  return token;
}

/** Revokes every live token of a family; answers how many. */
export async function revokeRefreshFamily(
  db: Kysely<Database>,
  familyId: string,
  now: number,
): Promise<number> {
  const rows = await db
    .updateTable("user_refresh_tokens")
    .set({ revoked_at: now })
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .returning("id")
    .execute();
  return rows.length;
}

/**
 * Uses a refresh token of `accountId` once (docs/security.md "Refresh tokens"): a live,
 * unused token is marked used — atomically, so two uses cannot both win — and its successor
 * in the same family is issued. A token already used (a copy, or a race lost) revokes its
 * whole family. Answers the owner and the successor, or undefined.
 */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  token: string,
  accountId: string,
  now: number,
  ttl: number,
): Promise<{ userId: string; refreshToken: string } | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("user_refresh_tokens")
      .selectAll()
      .where("token_hash", "=", sha256(token))
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.expires_at <= now) return undefined;
    const won = await trx
      .updateTable("user_refresh_tokens")
      .set({ used_at: now })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!won) {
      await revokeRefreshFamily(trx, row.family_id, now);
      return undefined;
    }
    const refreshToken = await issueRefreshToken(
      trx,
      {
        userId: row.user_id,
        accountId: row.account_id,
        platformId: row.platform_id,
        familyId: row.family_id,
      },
      now,
      ttl,
    );
    return { userId: row.user_id, refreshToken };
  });
}

/**
 * Signs a user in for an account (what the sign-in popup does, without its rate limit): the
 * password must match and the user must have access to the account. Answers a popup key.
 */
export async function signIn(
  db: Kysely<Database>,
  input: { email: string; password: string; accountId: string },
  now: number,
  ttl: number,
): Promise<UserKey | undefined> {
  const row = await db
    .selectFrom("users")
    .innerJoin("account_users", "account_users.user_id", "users.id")
    .innerJoin("accounts", "accounts.id", "account_users.account_id")
    .select(["users.id", "users.password_hash", "accounts.platform_id", "accounts.livemode"])
    .where("users.email", "=", input.email.toLowerCase())
    .where("account_users.account_id", "=", input.accountId)
    .executeTakeFirst();
  if (!row || !(await verifyPassword(input.password, row.password_hash))) return undefined;
  return issueUserKey(
    db,
    {
      userId: row.id,
      accountId: input.accountId,
      platformId: row.platform_id,
      livemode: row.livemode,
    },
    now,
    ttl,
    "popup",
  );
}

/** The user object of SPEC.md §3, for one account. */
export async function findUser(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
): Promise<User | undefined> {
  const row = await db
    .selectFrom("users")
    .innerJoin("account_users", "account_users.user_id", "users.id")
    .select(["users.id", "users.email", "users.name", "account_users.is_primary"])
    .where("users.id", "=", userId)
    .where("account_users.account_id", "=", accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    object: "user",
    email: row.email,
    name: row.name,
    is_primary_user: row.is_primary,
  };
}

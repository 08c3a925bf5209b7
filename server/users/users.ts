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
  const id = newId("usr");
  const passwordHash = await hashPassword(input.password);
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

/** Issues a user key for (user, account); the caller checked the user's access. */
export async function issueUserKey(
  db: Kysely<Database>,
  args: { userId: string; accountId: string; platformId: string; livemode: boolean },
  now: number,
  ttl: number,
): Promise<UserKey> {
  const apiKey = newKey(issuedKeyPrefixes.user);
  await db
    .insertInto("session_keys")
    .values({
      id: newId("uk"),
      kind: "user",
      key_hash: sha256(apiKey),
      platform_id: args.platformId,
      account_id: args.accountId,
      account_session_id: null,
      user_id: args.userId,
      livemode: args.livemode,
      created: now,
      expires_at: now + ttl,
      revoked_at: null,
    })
    .execute();
  return { apiKey, expiresAt: now + ttl };
}

export async function issueRefreshToken(
  db: Kysely<Database>,
  args: { userId: string; accountId: string; platformId: string },
  now: number,
  ttl: number,
): Promise<string> {
  const token = `${refreshTokenPrefix}${randomToken(43)}`;
  await db
    .insertInto("user_refresh_tokens")
    .values({
      id: newId("urt"),
      token_hash: sha256(token),
      user_id: args.userId,
      account_id: args.accountId,
      platform_id: args.platformId,
      created: now,
      expires_at: now + ttl,
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * Signs a user in for an account (what the sign-in popup does): the password must match
 * and the user must have access to the account. Answers the popup's user key.
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

/** A live refresh token of `accountId`, or undefined. */
export async function findRefreshToken(
  db: Kysely<Database>,
  token: string,
  accountId: string,
  now: number,
) {
  return db
    .selectFrom("user_refresh_tokens")
    .selectAll()
    .where("token_hash", "=", sha256(token))
    .where("account_id", "=", accountId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/**
 * A provider user's sign-in with email and password, shared by the sign-in popup (through
 * `POST /v1/connect/sign_in`) and the dashboard host. Failures are counted in the database
 * by (email, client address) — hashed, never kept in the clear — and after
 * `signInLimit.failures` within `signInLimit.windowSeconds` further attempts are refused
 * until the window passes, right password or not. The error text never says whether the
 * email exists.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { hashPassword, newId, sha256, verifyPassword } from "../http/secrets.ts";
import { issueUserKey, type UserKey } from "./users.ts";

export const signInLimit = { failures: 5, windowSeconds: 15 * 60 } as const;

/** The popup's key lives just long enough to be exchanged, once, by the data layer. */
export const popupKeyTtl = 120;

export const signInFailedMessage =
  "The email or password is incorrect, or this user cannot sign in to this account.";

export const signInFailed = () =>
  new ApiError(400, "invalid_request_error", signInFailedMessage, { code: "sign_in_failed" });

export const signInRateLimited = () =>
  new ApiError(
    429,
    "rate_limit_error",
    "Too many sign-in attempts. Wait a few minutes, then try again.",
    { code: "sign_in_rate_limited" },
  );

// Checked against when the email is unknown, so that case takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword("decoy password, never valid");
  return decoyHash;
};

const attemptKey = (email: string, client: string) => ({
  email_hash: sha256(`email:${email.trim().toLowerCase()}`),
  client_hash: sha256(`client:${client}`),
});

export async function assertNotRateLimited(
  db: Kysely<Database>,
  email: string,
  client: string,
  now: number,
): Promise<void> {
  const key = attemptKey(email, client);
  const row = await db
    .selectFrom("sign_in_attempts")
    .select((eb) => eb.fn.countAll<number>().as("failures"))
    .where("email_hash", "=", key.email_hash)
    .where("client_hash", "=", key.client_hash)
    .where("created", ">", now - signInLimit.windowSeconds)
    .executeTakeFirst();
  if (Number(row?.failures ?? 0) >= signInLimit.failures) throw signInRateLimited();
}

export async function recordFailedSignIn(
  db: Kysely<Database>,
  email: string,
  client: string,
  now: number,
): Promise<void> {
  await db
    .insertInto("sign_in_attempts")
    .values({ id: newId("sia"), ...attemptKey(email, client), created: now })
    .execute();
}

/** The user's id when the email and password match, else undefined (in constant-ish time). */
export async function verifyCredentials(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["id", "password_hash"])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  const ok = await verifyPassword(password, row?.password_hash ?? (await decoy()));
  return row && ok ? row.id : undefined;
}

/**
 * The popup's sign-in: rate limit, then the user's password and access to `accountId`.
 * Answers a short-lived user key that the data layer exchanges once
 * (`POST /v1/embedded/user_authed_key` revokes it).
 */
export async function signInForPopup(
  db: Kysely<Database>,
  input: { email: string; password: string; accountId: string; client: string },
  now: number,
): Promise<UserKey> {
  await assertNotRateLimited(db, input.email, input.client, now);
  const userId = await verifyCredentials(db, input.email, input.password);
  const access = userId
    ? await db
        .selectFrom("account_users")
        .innerJoin("accounts", "accounts.id", "account_users.account_id")
        .select(["accounts.platform_id", "accounts.livemode"])
        .where("account_users.user_id", "=", userId)
        .where("account_users.account_id", "=", input.accountId)
        .where("accounts.deleted_at", "is", null)
        .executeTakeFirst()
    : undefined;
  if (!userId || !access) {
    await recordFailedSignIn(db, input.email, input.client, now);
    throw signInFailed();
  }
  const owner = {
    userId,
    accountId: input.accountId,
    platformId: access.platform_id,
    livemode: access.livemode,
  };
  return issueUserKey(db, owner, now, popupKeyTtl);
}

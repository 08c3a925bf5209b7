/**
 * A provider user's sign-in with email and password, shared by the sign-in popup (through
 * `POST /v1/connect/sign_in`) and the dashboard host (docs/security.md "Sign-in").
 *
 * Every attempt first takes a slot in four limits, each one counter raised by a single
 * atomic upsert (so parallel guesses cannot pass a limit: the n-th concurrent attempt sees
 * n): the account and the client address together, the account from any address, the
 * client address for any account, and one password across accounts (password spraying; the
 * password is kept only as a 32-bit bucket of its hash, useless for cracking). Only when
 * every limit has room is the password checked; a success gives its slots back. Over a
 * limit the attempt is refused (429) until the window passes, right password or not.
 * Scopes are stored as hashes. The error text never says whether the email exists.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { giveBackSlots, takeSlot } from "../http/rate-limit.ts";
import { hashPassword, sha256, verifyPassword } from "../http/secrets.ts";
import { issueUserKey, type UserKey } from "./users.ts";

/** Attempts allowed per window, per scope. */
export const signInLimits = {
  windowSeconds: 15 * 60,
  /** One account (email) from one client address. */
  accountAndClient: 5,
  /** One account from any address (a distributed guess). */
  account: 20,
  /** One client address, any account. */
  client: 50,
  /** One password across accounts (spraying). */
  password: 10,
} as const;

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

export interface SignInAttempt {
  email: string;
  password: string;
  /** The client address (`clientAddress`). */
  client: string;
}

/** The hashed scopes of one attempt, with their limits. */
function scopesOf(attempt: SignInAttempt): { hash: string; limit: number }[] {
  const email = attempt.email.trim().toLowerCase();
  const bucket = sha256(`password:${attempt.password}`).slice(0, 8);
  return [
    {
      hash: sha256(`account+client:${email}\u0000${attempt.client}`),
      limit: signInLimits.accountAndClient,
    },
    { hash: sha256(`account:${email}`), limit: signInLimits.account },
    { hash: sha256(`client:${attempt.client}`), limit: signInLimits.client },
    { hash: sha256(`password:${bucket}`), limit: signInLimits.password },
  ];
}

/**
 * Runs `check` (the password check; undefined means it failed) only when every limit of
 * `attempt` has room, counting the attempt atomically first; throws `signInRateLimited`
 * otherwise. A success gives the attempt's slots back.
 */
export async function limitedSignIn<T>(
  db: Kysely<Database>,
  attempt: SignInAttempt,
  now: number,
  check: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const scopes = scopesOf(attempt);
  let over = false;
  for (const scope of scopes)
    if ((await takeSlot(db, scope.hash, now, signInLimits.windowSeconds)) > scope.limit)
      over = true;
  if (over) throw signInRateLimited();
  const result = await check();
  if (result !== undefined)
    await giveBackSlots(
      db,
      scopes.map((s) => s.hash),
    );
  return result;
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
  /** "Now" on the account's platform's sandbox clock, where its keys are checked. */
  platformNow: (platformId: string) => Promise<number> = async () => now,
): Promise<UserKey> {
  const found = await limitedSignIn(db, input, now, async () => {
    const userId = await verifyCredentials(db, input.email, input.password);
    if (!userId) return undefined;
    const access = await db
      .selectFrom("account_users")
      .innerJoin("accounts", "accounts.id", "account_users.account_id")
      .select(["accounts.platform_id", "accounts.livemode"])
      .where("account_users.user_id", "=", userId)
      .where("account_users.account_id", "=", input.accountId)
      .where("accounts.deleted_at", "is", null)
      .executeTakeFirst();
    return access ? { userId, access } : undefined;
  });
  if (!found) throw signInFailed();
  const { userId, access } = found;
  const owner = {
    userId,
    accountId: input.accountId,
    platformId: access.platform_id,
    livemode: access.livemode,
  };
  // Attempts count on the wall clock; the key lives on its platform's clock.
  return issueUserKey(db, owner, await platformNow(access.platform_id), popupKeyTtl, "popup");
}

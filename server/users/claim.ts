/**
 * The user claim of account onboarding (issue 12 item 2, `protocol/objects/account-claim
 * .schema.ts`): the person in an account's onboarding, while the account has no provider user,
 * creates its first user sign-in and becomes its primary user (`is_primary_user`).
 *
 * `startClaim` checks the email (not a provider user's already) and the password
 * (`passwordProblem`), ends the account's earlier pending claim and keeps a new one with the
 * password's hash and a six-digit code "sent" to the email — in the sandbox, shown to the
 * platform by its test helper. `verifyClaim` counts the attempt atomically first (at most
 * `claimLimits.attempts`, kept even when the code is wrong), compares the code in constant
 * time, and the one success makes the user, with access to the account as its primary user,
 * in a block that holds the account's row (two claims of one account cannot both win).
 */
import type { Kysely } from "kysely";
import { type AccountClaim, passwordProblem } from "../../protocol/objects/account-claim.schema.ts";
import { provider } from "../../protocol/provider.ts";
import type { Database } from "../db/schema.ts";
import { openCodes, sameCode, sixDigits } from "../embedded/challenge.ts";
import type { AccountSessionPrincipal } from "../http/context.ts";
import { ApiError, invalidRequest, permissionError } from "../http/errors.ts";
import { takeSlot } from "../http/rate-limit.ts";
import { hashPassword, newId, sha256 } from "../http/secrets.ts";
import { addUser, findUser } from "./users.ts";

export const claimLimits = {
  attempts: 5,
  ttlSeconds: 30 * 60,
  /** Codes one account may send per window (each is an email to someone). */
  codesPerWindow: 5,
  windowSeconds: 60 * 60,
} as const;

/** The components whose sessions may claim the account: account-onboarding's. */
export const claimComponents = ["account_onboarding"] as const;

/**
 * The session lets its person become a provider user: account-onboarding does not set
 * `disable_{provider}_user_authentication` (then the platform owns the sign-in, and nobody
 * claims the account through it). A permission error otherwise.
 */
export function requireUserAuthentication(principal: AccountSessionPrincipal): void {
  const features = principal.components.account_onboarding?.features ?? {};
  if (features[provider.flags.disableUserAuthentication] === true)
    throw permissionError(
      "This account session disables the provider user's authentication: the account cannot be claimed through it.",
      "user_authentication_disabled",
    );
}

const alreadyClaimed = () =>
  invalidRequest("This account has its provider user already: sign in instead.", {
    code: "account_already_claimed",
  });

const emailTaken = () =>
  invalidRequest("A provider user with this email exists already: choose another email.", {
    code: "email_taken",
    param: "email",
  });

const hasUser = async (db: Kysely<Database>, accountId: string) =>
  (await db
    .selectFrom("account_users")
    .select("user_id")
    .where("account_id", "=", accountId)
    .executeTakeFirst()) !== undefined;

const emailInUse = async (db: Kysely<Database>, email: string) =>
  (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()) !==
  undefined;

/** The account's pending claim (the newest open one), if any. */
async function pendingClaim(db: Kysely<Database>, accountId: string, now: number) {
  return db
    .selectFrom("account_claims")
    .selectAll()
    .where("account_id", "=", accountId)
    .$call((codes) => openCodes(codes, now))
    .executeTakeFirst();
}

/** The account's claim as the API answers it. */
export async function claimOf(
  db: Kysely<Database>,
  accountId: string,
  now: number,
): Promise<AccountClaim> {
  const none = { email: null, expires_at: null, attempts_remaining: 0 };
  if (await hasUser(db, accountId))
    return { object: "account_claim", account: accountId, status: "claimed", ...none };
  const pending = await pendingClaim(db, accountId, now);
  if (!pending)
    return { object: "account_claim", account: accountId, status: "unclaimed", ...none };
  return {
    object: "account_claim",
    account: accountId,
    status: "verification_pending",
    email: pending.email,
    expires_at: pending.expires_at,
    attempts_remaining: Math.max(0, claimLimits.attempts - pending.attempts),
  };
}

/** Starts a claim of the principal's account with `email` and `password`. */
export async function startClaim(
  db: Kysely<Database>,
  principal: AccountSessionPrincipal,
  input: { email: string; password: string },
  now: number,
): Promise<AccountClaim> {
  const email = input.email.trim().toLowerCase();
  const problem = passwordProblem(input.password, email);
  if (problem !== null)
    throw invalidRequest(passwordMessages[problem], { code: problem, param: "password" });
  if (await hasUser(db, principal.accountId)) throw alreadyClaimed();
  if (await emailInUse(db, email)) throw emailTaken();
  // Counted outside any block: a refused send stays counted.
  const sent = await takeSlot(
    db,
    sha256(`account_claim:${principal.accountId}`),
    now,
    claimLimits.windowSeconds,
  );
  if (sent > claimLimits.codesPerWindow)
    throw new ApiError(
      429,
      "rate_limit_error",
      "Too many codes were sent for this account. Wait an hour, then try again.",
      { code: "claim_rate_limited" },
    );
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("account_claims")
      .set({ expires_at: now })
      .where("account_id", "=", principal.accountId)
      .where("succeeded_at", "is", null)
      .where("expires_at", ">", now)
      .execute();
    await trx
      .insertInto("account_claims")
      .values({
        id: newId("aclm"),
        platform_id: principal.platformId,
        account_id: principal.accountId,
        account_session_id: principal.accountSessionId,
        email,
        password_hash: passwordHash,
        code: sixDigits(),
        created: now,
        expires_at: now + claimLimits.ttlSeconds,
        succeeded_at: null,
      })
      .execute();
  });
  return claimOf(db, principal.accountId, now);
}

const passwordMessages = {
  password_too_short: `The password must have at least 10 characters.`,
  password_too_long: `The password must have at most 128 characters.`,
  password_too_weak: "The password must mix letters with digits or symbols.",
  password_contains_email: "The password must not contain the email.",
} as const;

/**
 * Answers the pending claim of the principal's account with `code`: the claimed account
 * with its new primary user, or a typed error on `code` (no pending claim, no attempts
 * left, wrong code) — or the claim lost to another (the account or the email got a user).
 */
export async function verifyClaim(
  db: Kysely<Database>,
  principal: AccountSessionPrincipal,
  code: string,
  now: number,
): Promise<AccountClaim> {
  if (await hasUser(db, principal.accountId)) throw alreadyClaimed();
  const pending = await pendingClaim(db, principal.accountId, now);
  if (!pending)
    throw invalidRequest("There is no claim waiting for its code: start the claim again.", {
      code: "claim_missing",
      param: "code",
    });
  // Counted outside any block: a wrong code's attempt stays counted when the request fails.
  const counted = await db
    .updateTable("account_claims")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", pending.id)
    .where("attempts", "<", claimLimits.attempts)
    .where("succeeded_at", "is", null)
    .returning("attempts")
    .executeTakeFirst();
  if (!counted)
    throw invalidRequest("This claim has no attempts left: send a new code.", {
      code: "claim_locked",
      param: "code",
    });
  if (!sameCode(code, pending.code)) {
    const left = claimLimits.attempts - Number(counted.attempts);
    throw invalidRequest(
      `The code is not correct (${left} attempt${left === 1 ? "" : "s"} left).`,
      { code: "claim_code_incorrect", param: "code" },
    );
  }
  const userId = await db.transaction().execute(async (trx) => {
    await trx
      .selectFrom("accounts")
      .select("id")
      .where("id", "=", principal.accountId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (await hasUser(trx, principal.accountId)) throw alreadyClaimed();
    if (await emailInUse(trx, pending.email)) throw emailTaken();
    const won = await trx
      .updateTable("account_claims")
      .set({ succeeded_at: now })
      .where("id", "=", pending.id)
      .where("succeeded_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!won) throw alreadyClaimed();
    const user = await addUser(
      trx,
      {
        email: pending.email,
        passwordHash: pending.password_hash,
        accountId: principal.accountId,
        isPrimary: true,
      },
      now,
    );
    return user.id;
  });
  const user = await findUser(db, userId, principal.accountId);
  return {
    ...(await claimOf(db, principal.accountId, now)),
    ...(user ? { user } : {}),
  };
}

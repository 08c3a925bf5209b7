/**
 * The sandbox's external-account challenge (issue 14 item 3, docs/security.md).
 *
 * `startChallenge` (POST /v1/connect/auth/requires_external_account_verification) sends a
 * fresh six-digit code for the account session — in the sandbox "sending" is showing it to
 * the provider user on the dashboard host and to the platform through its test helper —
 * and ends any earlier open challenge of that session. `answerChallenge`
 * (POST /v1/connect/external_account_challenge) counts the attempt atomically first (at
 * most `challengeLimits.attempts`), then compares the code in constant time; the one
 * success mints the external_account key, bound to the account session, its account and
 * the user the code was sent to, and good for one external-account change
 * (`spendExternalAccountKey`).
 */
import { timingSafeEqual } from "node:crypto";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Principal } from "../http/context.ts";
import { invalidRequest } from "../http/errors.ts";
import { newId, randomToken, sha256 } from "../http/secrets.ts";

export const challengeLimits = { attempts: 5, ttlSeconds: 10 * 60 } as const;

type SessionPrincipal = Extract<Principal, { kind: "account_session" }>;

/** Six random digits. */
export function sixDigits(): string {
  let code = "";
  while (code.length < 6) code += randomToken(12).replace(/\D/g, "");
  return code.slice(0, 6);
}

/** The user a code goes to: the account's primary user, else any of its users, else none. */
async function recipientOf(db: Kysely<Database>, accountId: string): Promise<string | null> {
  const row = await db
    .selectFrom("account_users")
    .select("user_id")
    .where("account_id", "=", accountId)
    .orderBy("is_primary", "desc")
    .orderBy("created")
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function startChallenge(
  db: Kysely<Database>,
  principal: SessionPrincipal,
  now: number,
): Promise<{ id: string; expiresAt: number }> {
  const id = newId("eachal");
  const expiresAt = now + challengeLimits.ttlSeconds;
  const userId = await recipientOf(db, principal.accountId);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("external_account_challenges")
      .set({ expires_at: now })
      .where("account_session_id", "=", principal.accountSessionId)
      .where("succeeded_at", "is", null)
      .where("expires_at", ">", now)
      .execute();
    await trx
      .insertInto("external_account_challenges")
      .values({
        id,
        platform_id: principal.platformId,
        account_id: principal.accountId,
        account_session_id: principal.accountSessionId,
        user_id: userId,
        code: sixDigits(),
        created: now,
        expires_at: expiresAt,
        succeeded_at: null,
      })
      .execute();
  });
  return { id, expiresAt };
}

/** The tables of six-digit codes: the bank-account challenges and the account claims. */
type CodeTable = "external_account_challenges" | "account_claims";

/**
 * `query`'s codes still open (not answered, not expired at `now`), newest first: what the
 * challenge and the claim answer, and what their sandbox test helpers show.
 */
export function openCodes<TB extends CodeTable, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  now: number,
): SelectQueryBuilder<Database, TB, O> {
  return query
    .where("succeeded_at", "is", null)
    .where(sql<boolean>`expires_at > ${now}`)
    .orderBy("created", "desc")
    .orderBy("id", "desc");
}

/** The open challenge of an account session (newest), if any. */
export async function openChallenge(db: Kysely<Database>, accountSessionId: string, now: number) {
  return db
    .selectFrom("external_account_challenges")
    .selectAll()
    .where("account_session_id", "=", accountSessionId)
    .$call((query) => openCodes(query, now))
    .executeTakeFirst();
}

/** Constant-time comparison (of the codes' digests, so lengths never leak). */
export const sameCode = (a: string, b: string) =>
  timingSafeEqual(Buffer.from(sha256(a), "hex"), Buffer.from(sha256(b), "hex"));

/**
 * Answers the challenge of the principal's session with `code`: the user id the key is for
 * on success; a typed error otherwise (no challenge, no attempts left, wrong code).
 */
export async function answerChallenge(
  db: Kysely<Database>,
  principal: SessionPrincipal,
  code: string,
  now: number,
): Promise<{ userId: string | null }> {
  const challenge = await openChallenge(db, principal.accountSessionId, now);
  if (!challenge)
    throw invalidRequest(
      "There is no external-account challenge in progress: start one with POST /v1/connect/auth/requires_external_account_verification.",
      { code: "challenge_missing" },
    );
  const counted = await db
    .updateTable("external_account_challenges")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", challenge.id)
    .where("attempts", "<", challengeLimits.attempts)
    .where("succeeded_at", "is", null)
    .returning("attempts")
    .executeTakeFirst();
  if (!counted)
    throw invalidRequest("This challenge has no attempts left: start a new one.", {
      code: "challenge_locked",
      param: "code",
    });
  if (!sameCode(code, challenge.code)) {
    const left = challengeLimits.attempts - Number(counted.attempts);
    throw invalidRequest(
      `The challenge code is not correct (${left} attempt${left === 1 ? "" : "s"} left).`,
      { code: "challenge_failed", param: "code" },
    );
  }
  const won = await db
    .updateTable("external_account_challenges")
    .set({ succeeded_at: now })
    .where("id", "=", challenge.id)
    .where("succeeded_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!won)
    throw invalidRequest("This challenge was answered already: start a new one.", {
      code: "challenge_locked",
      param: "code",
    });
  return { userId: challenge.user_id };
}

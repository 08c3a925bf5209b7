/**
 * The user claim of account onboarding (SPEC.md §1: "If no user has claimed the account yet,
 * it also performs the user claim step"): the account's first provider user, who becomes its
 * primary user (`is_primary_user`). Ours, as SPEC.md does not show the calls:
 * `GET /v1/connect/account_claim` tells whether the account is claimed, `POST` of it starts a
 * claim with an email and a password (the provider sends a six-digit code to that email; the
 * sandbox shows it through a test helper), `POST /v1/connect/account_claim/verify` answers
 * the code, and the user exists from then on. The frames check the same rules as the
 * provider (`passwordProblem`), so what one refuses the other refuses on the same `param`.
 */
import * as z from "zod/mini";
import { unixSecondsSchema } from "./api-fields.schema.ts";
import { userSchema } from "./user.schema.ts";

/** The password rules of a new provider user. */
export const passwordRules = { minLength: 10, maxLength: 128 } as const;

/**
 * Why a password cannot be a provider user's: shorter than 10 or longer than 128 characters,
 * letters only or no letter at all (`password_too_weak`), or the email (or its part before
 * the @) in it (`password_contains_email`). Null when it is acceptable.
 */
export function passwordProblem(
  password: string,
  email: string,
):
  | "password_too_short"
  | "password_too_long"
  | "password_too_weak"
  | "password_contains_email"
  | null {
  if (password.length < passwordRules.minLength) return "password_too_short";
  if (password.length > passwordRules.maxLength) return "password_too_long";
  if (!/\p{L}/u.test(password) || !/[^\p{L}]/u.test(password)) return "password_too_weak";
  const local = email.trim().toLowerCase().split("@")[0] ?? "";
  if (local.length >= 3 && password.toLowerCase().includes(local)) return "password_contains_email";
  return null;
}

export const accountClaimStatuses = ["unclaimed", "verification_pending", "claimed"] as const;
export type AccountClaimStatus = (typeof accountClaimStatuses)[number];

/** The account's claim: who may still claim it, and the claim under way, if any. */
export const accountClaimSchema = z.strictObject({
  object: z.literal("account_claim"),
  account: z.string(),
  /**
   * `unclaimed`: no provider user yet; `verification_pending`: a code was sent to `email`;
   * `claimed`: the account has its primary user.
   */
  status: z.enum(accountClaimStatuses),
  /** The email the pending claim's code went to; null otherwise. */
  email: z.nullable(z.string()),
  /** When the pending claim's code stops being accepted; null otherwise. */
  expires_at: z.nullable(unixSecondsSchema),
  /** Wrong codes the pending claim still accepts; 0 otherwise. */
  attempts_remaining: z.int(),
  /** The primary user, in the answer of the verification that made it. */
  user: z.optional(userSchema),
});
export type AccountClaim = z.output<typeof accountClaimSchema>;

/** The body that starts a claim, as the claim step checks it before sending. */
export const accountClaimStartParamsSchema = z
  .strictObject({
    email: z.email().check(z.maxLength(320)),
    password: z.string().check(z.maxLength(passwordRules.maxLength)),
  })
  .check(
    z.superRefine((body, ctx) => {
      const problem = passwordProblem(body.password, body.email);
      if (problem !== null)
        ctx.addIssue({ code: "custom", path: ["password"], message: problem, input: body });
    }),
  );
export type AccountClaimStartParams = z.output<typeof accountClaimStartParamsSchema>;

/** The body that answers a claim's code. */
export const accountClaimVerifyParamsSchema = z.strictObject({
  code: z.string().check(z.regex(/^\d{6}$/)),
});

/** Sandbox: the code a pending claim sent (a test helper, secret key). */
export const accountClaimCodeSchema = z.strictObject({
  object: z.literal("account_claim_code"),
  account: z.string(),
  email: z.string(),
  code: z.string(),
  attempts: z.int(),
  expires_at: unixSecondsSchema,
});

/**
 * The answers of the session and auth calls the data layer makes (SPEC.md §7): embedded
 * flags, risk signals, the external-account verification calls (their `key` is redacted by
 * the data layer before anything reaches a UI frame), authentication links, the embedded
 * user session, the sign-in popup's answer, and logging out.
 */
import * as z from "zod/mini";
import { unixSecondsSchema } from "./api-fields.schema.ts";
import { userSchema } from "./user.schema.ts";

export const embeddedFlagsSchema = z.strictObject({
  object: z.literal("embedded_flags"),
  platform_id: z.string(),
  livemode: z.boolean(),
  flags: z.record(z.string(), z.boolean()),
});

export const riskSignalSchema = z.strictObject({
  object: z.literal("risk_signal"),
  id: z.string(),
  status: z.enum(["completed", "failed"]),
});

/** The external_account key (redacted by the data layer). */
const externalAccountKey = z.string();

/**
 * The start of an external-account change: a challenge whose code goes to the account's
 * provider user (never in this answer); the key comes from the challenge's answer.
 */
export const externalAccountVerificationSchema = z.strictObject({
  object: z.literal("external_account_verification"),
  requires_verification: z.literal(true),
  challenge: z.string(),
  expires_at: unixSecondsSchema,
});

export const externalAccountChallengeSchema = z.strictObject({
  object: z.literal("external_account_challenge"),
  status: z.literal("succeeded"),
  key: externalAccountKey,
});

/** The challenge's answer as a frame receives it: the data layer kept the key and took it out. */
export const externalAccountChallengeRedactedSchema = z.strictObject({
  object: z.literal("external_account_challenge"),
  status: z.literal("succeeded"),
});

/** The body of the challenge's answer: the six-digit code the provider user received. */
export const externalAccountChallengeParamsSchema = z.strictObject({
  code: z.string().check(z.regex(/^\d{6}$/)),
});

/** Whether an external-account challenge is open for the session, and how many tries remain. */
export const identityChallengeSchema = z.strictObject({
  object: z.literal("identity_challenge"),
  status: z.enum(["none", "pending"]),
  attempts_remaining: z.int(),
  expires_at: z.nullable(unixSecondsSchema),
});

/** Sandbox: the code the account's provider user received (a test helper, secret key). */
export const externalAccountChallengeCodeSchema = z.strictObject({
  object: z.literal("external_account_challenge_code"),
  challenge: z.string(),
  account: z.string(),
  code: z.string(),
  attempts: z.int(),
  expires_at: unixSecondsSchema,
});

export const embeddedAuthenticationLinkSchema = z.strictObject({
  object: z.literal("embedded_authentication_link"),
  id: z.string(),
  url: z.string(),
  expires_at: unixSecondsSchema,
});

export const embeddedUserSessionSchema = z.strictObject({
  object: z.literal("embedded_user_session"),
  embedded_session_api_key: z.string(),
  embedded_session_api_key_expiry: unixSecondsSchema,
  embedded_user_session_refresh_token: z.string(),
  user: userSchema,
});

export const connectSignInSchema = z.strictObject({
  object: z.literal("connect_sign_in"),
  api_key: z.string(),
  expires_at: unixSecondsSchema,
  session_created_for_embedded: z.boolean(),
});

export const deletedConnectSessionSchema = z.strictObject({
  object: z.literal("connect_session"),
  deleted: z.literal(true),
});

/** Logging out without a user key: the refresh token's family revoked (ours, not SPEC.md §7). */
export const refreshTokenRevocationSchema = z.strictObject({
  object: z.literal("refresh_token_revocation"),
  revoked: z.boolean(),
});

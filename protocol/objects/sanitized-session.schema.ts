/**
 * The session handed to UI frames: the claimed account session without anything that is or
 * stands for a key (SPEC.md §3: "user_session_api_key, user_session_expires_at and user are
 * removed"; we also remove api_key, api_key_expiry, client_secret and encoded_api_key_token).
 *
 * The schema is strict, so a session that still carries a secret field fails to parse, and
 * `sanitizeSession()` copies an allowlist of fields rather than deleting a denylist: a field
 * added to the claimed session later stays in the data layer until someone allows it here.
 */
import * as z from "zod/mini";
import {
  type ClaimedAccountSession,
  publicSessionShape,
} from "./claimed-account-session.schema.ts";

export const sanitizedSessionSchema = z.strictObject(publicSessionShape);

export type SanitizedSession = z.output<typeof sanitizedSessionSchema>;

const allowedFields = Object.keys(publicSessionShape) as (keyof SanitizedSession)[];

/** The claimed session as UI frames may see it. */
export function sanitizeSession(session: ClaimedAccountSession): SanitizedSession {
  const picked: Record<string, unknown> = {};
  for (const field of allowedFields) picked[field] = session[field];
  // Parsing again drops any stray field the nested objects picked up and proves the shape.
  return sanitizedSessionSchema.parse(picked);
}

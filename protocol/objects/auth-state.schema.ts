/**
 * The auth state the data layer publishes to UI frames (SPEC.md §3, §4): the reply to
 * authStateRequest and the payload of the authStateChanged broadcast. It names which key
 * exists, never the key itself.
 */
import * as z from "zod/mini";
import { epochMillisSchema } from "./common.schema.ts";
import { userSchema } from "./user.schema.ts";

/**
 * - `user_authenticated`: a valid provider-user key exists;
 * - `account_session_authenticated`: a valid account-session key exists (and no user key);
 * - `unauthenticated`: neither.
 */
export const authStatuses = [
  "user_authenticated",
  "account_session_authenticated",
  "unauthenticated",
] as const;
export const authStatusSchema = z.enum(authStatuses);
export type AuthStatus = z.output<typeof authStatusSchema>;

export const authStateSchema = z.object({
  status: authStatusSchema,
  /** Expiry of the key behind `status`, epoch milliseconds; null when unauthenticated. */
  expires: z.nullable(epochMillisSchema),
  /** The signed-in provider user, when the data layer has stored one (no key inside). */
  user: z.nullable(userSchema),
  /** True once a user key expired or was cleared; false again when a user key is stored. */
  userSessionExpired: z.boolean(),
});

export type AuthState = z.output<typeof authStateSchema>;

export const unauthenticatedState: AuthState = {
  status: "unauthenticated",
  expires: null,
  user: null,
  userSessionExpired: false,
};

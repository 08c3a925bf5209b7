/**
 * The provider user returned by `GET /v1/connect/user` (SPEC.md §3 "User"). The data layer
 * stores it when it has `is_primary_user` (SPEC.md §7).
 */
import * as z from "zod/mini";
import { boundedString, objectIdSchema } from "./common.schema.ts";

export const userSchema = z.object({
  /** `usr_...` */
  id: objectIdSchema,
  /** Always "user" when present. */
  object: z.optional(z.literal("user")),
  email: boundedString(320),
  name: z._default(z.nullable(z.string().check(z.maxLength(500))), null),
  /** The account's primary user: the one who claimed it. */
  is_primary_user: z._default(z.boolean(), false),
});

export type User = z.output<typeof userSchema>;
export type UserInput = z.input<typeof userSchema>;

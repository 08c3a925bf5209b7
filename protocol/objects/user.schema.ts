/**
 * The provider user returned by `GET /v1/connect/user` (SPEC.md §3 "User"). The data layer
 * stores it when it has `is_primary_user` (SPEC.md §7).
 */
import { z } from "zod";
import { boundedString, objectIdSchema } from "./common.schema.ts";

export const userSchema = z.object({
  /** `usr_...` */
  id: objectIdSchema,
  /** Always "user" when present. */
  object: z.literal("user").optional(),
  email: boundedString(320),
  name: z.string().max(500).nullable().default(null),
  /** The account's primary user: the one who claimed it. */
  is_primary_user: z.boolean().default(false),
});

export type User = z.output<typeof userSchema>;
export type UserInput = z.input<typeof userSchema>;

/**
 * The list envelope of READING.md: `{object: "list", url, has_more, data}`, newest first,
 * keyset paged with `starting_after` / `ending_before`. `listOf(item)` is the envelope of
 * one object's schema; the provider declares it as a list route's response and the UI
 * frames parse list answers with it.
 */
import { z } from "zod";

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    object: z.literal("list"),
    url: z.string(),
    has_more: z.boolean(),
    data: z.array(item),
  });

export type ListOf<T> = { object: "list"; url: string; has_more: boolean; data: T[] };

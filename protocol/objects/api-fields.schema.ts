/**
 * Building blocks of the API objects the components read (charges, payouts, accounts, ...),
 * in zod's mini API (docs/architecture.md "Schema dialect"): the list envelope, expandable
 * fields, metadata and the deleted-object answer. Every object schema of the API host is
 * strict (`z.strictObject`): a field the provider adds or drops fails the route-walking test
 * (`server/test/routes.test.ts`) instead of drifting past the views.
 */
import * as z from "zod/mini";

/** Unix seconds, as the API writes `created`, `arrival_date`, ... */
export const unixSecondsSchema = z.int();

/** A nullable string field (`description`, `bank_name`, ...). */
export const nullableStringSchema = z.nullable(z.string());

/** `metadata`: string keys to string values. */
export const metadataSchema = z.record(z.string(), z.string());

/** Integer minor units and a lower-case ISO currency (`{amount: 1000, currency: "usd"}`). */
export const moneySchema = z.strictObject({ amount: z.int(), currency: z.string() });

/**
 * An expandable field (READING.md `expand[]`): the id, or the object when the request
 * named the field in `expand[]`.
 */
export const expandable = <T extends z.core.SomeType>(object: T) => z.union([z.string(), object]);

/** The list envelope of every `GET` collection: one page, newest first, `has_more`. */
export const listOf = <T extends z.core.SomeType>(item: T) =>
  z.strictObject({
    object: z.literal("list"),
    url: z.string(),
    has_more: z.boolean(),
    data: z.array(item),
  });

export interface ApiList<T> {
  object: "list";
  url: string;
  has_more: boolean;
  data: T[];
}

/** The answer of a `DELETE`: `{id, object, deleted: true}`. */
export const deletedObjectSchema = <const N extends string>(object: N) =>
  z.strictObject({ id: z.string(), object: z.literal(object), deleted: z.literal(true) });

/** The id of an expandable field, whether or not it was expanded. */
export const idOf = (field: string | { id: string }): string =>
  typeof field === "string" ? field : field.id;

/**
 * A list's filters as a provider route reads them (the wire half of `filters.ts`): the zod
 * shape of the route's query parameters, read as bounds. Written with classic zod because
 * `@hono/zod-openapi` documents route queries from classic schemas; only the provider
 * imports it, so no browser bundle carries classic zod for it.
 */
import { z } from "zod";
import { emailPattern, type FilterSpec } from "./filters.ts";

// ---------------------------------------------------------------------------------------------
// Query parameters → bounds (the provider)
// ---------------------------------------------------------------------------------------------

const wireInteger = z
  .string()
  .regex(/^\d{1,15}$/, { error: "must be a non-negative whole number" })
  .transform(Number);

/** `amount=N` or `amount[gt|gte|lt|lte]=N`, read as bounds. */
const rangeParam = z
  .union([
    wireInteger.transform((n) => ({ gte: n, lte: n })),
    z.strictObject({
      gt: wireInteger.optional(),
      gte: wireInteger.optional(),
      lt: wireInteger.optional(),
      lte: wireInteger.optional(),
    }),
  ])
  .refine((r) => Object.keys(r).length > 0, { error: "needs at least one bound" });

export interface RangeBounds {
  gt?: number | undefined;
  gte?: number | undefined;
  lt?: number | undefined;
  lte?: number | undefined;
}

/** What a provider route reads for each kind of filter. */
export interface FilterQueryOf {
  amount: RangeBounds;
  date: RangeBounds;
  choice: string[];
  text: string;
  metadata: Record<string, string>;
}

type QueryOfSpec<S extends FilterSpec> = {
  [K in keyof S]?: FilterQueryOf[S[K]["field"]["kind"]];
};

/**
 * The zod shape of a list's filter parameters, for a provider route's query: spread it into
 * the route's query object beside the paging parameters. Unknown choice values, negative or
 * fractional amounts, a malformed email and unknown keys are refused by name.
 */
export function filterQueryShape<S extends FilterSpec>(
  spec: S,
): { [K in keyof S]: z.ZodOptional<z.ZodType<FilterQueryOf[S[K]["field"]["kind"]]>> } {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, { field }] of Object.entries(spec)) {
    switch (field.kind) {
      case "amount":
      case "date":
        shape[name] = rangeParam.optional();
        break;
      case "choice":
        shape[name] = z
          .array(
            z.enum(field.options as [string, ...string[]], {
              error: `must be one of ${field.options.join(", ")}`,
            }),
          )
          .min(1)
          .max(field.options.length)
          .optional();
        break;
      case "text":
        shape[name] = (
          field.format === "email"
            ? z.string().max(320).regex(emailPattern, { error: "must be an email address" })
            : z.string().min(1).max(500)
        ).optional();
        break;
      case "metadata":
        shape[name] = z
          .record(z.string().min(1).max(40), z.string().max(500))
          .refine((m) => Object.keys(m).length === 1, {
            error: "filters on exactly one metadata key",
          })
          .optional();
        break;
    }
  }
  return shape as never;
}

/** The filters a parsed query sets, by name (for the provider's feature checks). */
export function setFiltersOf<S extends FilterSpec>(spec: S, query: QueryOfSpec<S>): (keyof S)[] {
  return (Object.keys(spec) as (keyof S)[]).filter((name) => query[name] !== undefined);
}

/**
 * List pagination of READING.md: `{object: "list", url, has_more, data}`, newest first,
 * keyset on (created, id) so a page costs the same at any depth. `starting_after` pages
 * towards older objects, `ending_before` towards newer ones; giving both is an error.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import { z } from "zod";
import { invalidRequest } from "./errors.ts";
import { formInteger } from "./params.ts";

export const listQueryShape = {
  limit: formInteger(1, 100).optional(),
  starting_after: z.string().min(1).max(255).optional(),
  ending_before: z.string().min(1).max(255).optional(),
};

export interface ListQuery {
  limit?: number | undefined;
  starting_after?: string | undefined;
  ending_before?: string | undefined;
}

export interface Cursor {
  created: number;
  id: string;
}

export type Direction = "older" | "newer";

export interface PageRequest {
  cursor: Cursor | undefined;
  direction: Direction;
  /** Rows to fetch: one more than the page, to learn has_more. */
  fetch: number;
}

/** The keyset condition for `table` (its `created` and `id` columns). */
export function keysetCondition(table: string, cursor: Cursor, direction: Direction) {
  const op = direction === "older" ? sql`<` : sql`>`;
  return sql<SqlBool>`(${sql.ref(`${table}.created`)}, ${sql.ref(`${table}.id`)}) ${op} (${cursor.created}, ${cursor.id})` as Expression<SqlBool>;
}

/** The ordering of a page's query: newest first when paging older, else oldest first. */
export const keysetOrder = (direction: Direction) => (direction === "older" ? "desc" : "asc");

export interface ListPage<T> {
  object: "list";
  url: string;
  has_more: boolean;
  data: T[];
}

/**
 * Runs one page. `lookup` finds a cursor object among those the caller may see (a deleted
 * object still has its place); `fetch` runs the keyset query for a PageRequest.
 */
export async function listPage<Row extends Cursor, T>(args: {
  query: ListQuery;
  url: string;
  lookup: (id: string) => Promise<Cursor | undefined>;
  fetch: (page: PageRequest) => Promise<Row[]>;
  render: (row: Row) => T;
}): Promise<ListPage<T>> {
  const { query } = args;
  if (query.starting_after !== undefined && query.ending_before !== undefined) {
    throw invalidRequest(
      "You may only specify one of these parameters: starting_after, ending_before.",
      { code: "parameter_invalid", param: "ending_before" },
    );
  }
  const limit = query.limit ?? 10;
  const direction: Direction = query.ending_before !== undefined ? "newer" : "older";
  const cursorId = query.ending_before ?? query.starting_after;
  let cursor: Cursor | undefined;
  if (cursorId !== undefined) {
    cursor = await args.lookup(cursorId);
    const param = direction === "newer" ? "ending_before" : "starting_after";
    if (!cursor) {
      throw invalidRequest(`No such object: '${cursorId}'`, { code: "resource_missing", param });
    }
  }
  const rows = await args.fetch({ cursor, direction, fetch: limit + 1 });
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  if (direction === "newer") page.reverse();
  return { object: "list", url: args.url, has_more: hasMore, data: page.map(args.render) };
}

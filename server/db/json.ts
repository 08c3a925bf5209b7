/**
 * The JSON column types, in their own module so that the table files of each domain and
 * `schema.ts`, which assembles them, do not import each other (no import cycle).
 */
import type { ColumnType } from "kysely";

/** A JSON column: written as a JSON string, read back parsed. */
export type Json<T> = ColumnType<T, string, string>;
/** A JSON column with a database default: optional on insert. */
export type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

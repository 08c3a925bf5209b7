/**
 * What a resource list works with, whatever it lists: the API resource it reads (a path and
 * the protocol schema of one item), the page it asks for, the page it gets back, and the
 * inputs of the two calls its machine invokes. The actors in `actors/components/` perform
 * the calls; the machine only sees validated items.
 */
import type { z } from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import type { FilterSpec, FilterValues } from "../../protocol/filters.ts";
import type { CallFailure } from "../auth/failure.ts";

/** Anything a list shows: an API object with its id (the keyset cursor). */
export interface Identified {
  id: string;
}

/**
 * An API resource: `GET <path>` lists it (keyset paged, newest first), `GET <path>/:id`
 * retrieves one. `item` is the protocol schema of one object (protocol/objects/); the
 * resource client parses every answer with it (and with the list envelope around it).
 */
export interface ResourceDescriptor<Item extends Identified = Identified> {
  path: `/v1/${string}`;
  item: z.core.$ZodType<Item, unknown>;
  /** `expand[]` of a list call, e.g. `data.destination`. */
  listExpand?: readonly string[];
  /** `expand[]` of a retrieve call, e.g. `balance_transaction`. */
  detailExpand?: readonly string[];
  /**
   * The filters the list offers (protocol/filters.ts); the list's `FilterValues` become the
   * provider's list parameters through it. None: the list sends no filter.
   */
  filters?: FilterSpec;
}

/**
 * Which page to ask for: the newest, the one after (older than) an item, or the one before
 * (newer than) an item — `starting_after` / `ending_before`.
 */
export type PageRequest =
  | { kind: "newest"; limit: number }
  | { kind: "older"; limit: number; startingAfter: string }
  | { kind: "newer"; limit: number; endingBefore: string };

/** One page of a list, in the order the API gives it (newest first). */
export interface Page<Item> {
  items: Item[];
  /** More items lie beyond this page in the direction it was asked for. */
  hasMore: boolean;
}

/** The input of the `listPage` actor. */
export interface ListPageInput<Filters = FilterValues> {
  resource: ResourceDescriptor | undefined;
  request: PageRequest;
  filters: Filters;
}

/** The kit's `fetchResource` actor: one `GET url`, its answer parsed with `schema`. */
export interface FetchResourceInput {
  url: string;
  schema: z.core.$ZodType;
}

/** The input of the `retrieveItem` actor. */
export interface RetrieveItemInput {
  resource: ResourceDescriptor | undefined;
  id: string;
}

/**
 * The input of the kit's `getObjects` actor: objects a view shows together (a balance and its
 * payout schedule), each `GET url` parsed with its protocol schema; it resolves with them by
 * the same keys, or rejects with the first CallFailure.
 */
export type GetObjectsInput = Record<string, { url: string; schema: $ZodType }>;

/** How a list's call failed, as the machine keeps it. */
export type ListFailure = CallFailure;

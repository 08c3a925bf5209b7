import { assign, emit, fromPromise, setup } from "xstate";
import type { FilterValues } from "../../protocol/filters.ts";
import { type CallFailure, toCallFailure } from "../auth/failure.ts";
import type {
  Identified,
  ListPageInput,
  Page,
  PageRequest,
  ResourceDescriptor,
  RetrieveItemInput,
} from "./resource-list.types.ts";

/**
 * The kit's resource list: every list component (payouts, payments, disputes, …) is one
 * instance of this factory, given its resource (path and item schema). One lifecycle:
 *
 * - `loading`: one page is asked for (`listPage`, performed by the frame's resource client).
 *   The rows on screen stay meanwhile, so the view keeps them while it pages. The newest page
 *   with no item → `empty`; an older (newer) page with none → the page on screen stays and
 *   there is nothing older (newer); any other page → `ready`.
 * - `ready.list`: `page.next` asks for the page after the last row (`starting_after`),
 *   `page.previous` the page before the first (`ending_before`) — neither when the list is
 *   not `paged` (a "recent" mode: the newest few). `page.size` and `filters.change` start
 *   again from the newest page with the new limit or filters (filters are data: the
 *   provider's list parameters). `item.open` → `ready.detail`, which retrieves the item
 *   (`retrieveItem`) while the list stays; `detail.close` goes back. Opening and closing the
 *   detail emit `overlay.changed`, so the host element hears it.
 *   A filter change while a page loads asks again with the new filters.
 * - `list.refresh` (sent after a mutation): the page on screen is asked for again; with the
 *   detail open, the item is retrieved again and the page is asked for when it closes.
 * - `error`: a page could not be loaded (emitting `load.failed`, so the platform's
 *   onLoadError hears it); `list.retry` asks for the same page again.
 * - A call answered 401 → `unauthorized` (final, emitting `unauthorized`: the frame shows
 *   its session-expired or sign-in view); 403 → `forbidden` (final: the session may not see
 *   this; the view says so with the API's message).
 *
 * Context stays finite (one page, one detail), so the graph can be walked in tests.
 */

export interface ResourceListInput<Filters = FilterValues> {
  /** Rows per page (clamped to 1–100). */
  pageSize: number;
  /** Whether the list pages; false shows only the newest page (a "recent" mode). */
  paged: boolean;
  /** The filters the list starts with (e.g. a platform's default filters). */
  filters: Filters;
}

export type ResourceListEvent<Filters = FilterValues> =
  | { type: "page.next" }
  | { type: "page.previous" }
  | { type: "page.size"; size: number }
  | { type: "filters.change"; filters: Filters }
  | { type: "item.open"; id: string }
  | { type: "detail.close" }
  | { type: "detail.retry" }
  | { type: "list.retry" }
  | { type: "list.refresh" };

export type ResourceListEmitted =
  | { type: "unauthorized" }
  | { type: "overlay.changed"; open: boolean }
  | { type: "load.failed"; failure: CallFailure };

export interface ResourceListContext<Item extends Identified, Filters = FilterValues>
  extends ResourceListInput<Filters> {
  /** The page asked for last (in flight while loading). */
  request: PageRequest;
  /** The rows on screen, in the API's order (newest first). */
  items: Item[];
  hasNewer: boolean;
  hasOlder: boolean;
  /** Why the last page call failed (also the 403's answer in `forbidden`). */
  failure: CallFailure | null;
  /** The item whose detail is open. */
  selectedId: string | null;
  /** That item as its retrieve call answered. */
  detail: Item | null;
  detailFailure: CallFailure | null;
  /** A refresh came while the detail was open: the page is asked for again when it closes. */
  stale: boolean;
}

/** The page sizes a list offers. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

const clampSize = (size: number) => Math.min(100, Math.max(1, Math.trunc(size) || 1));

const statusOf = (error: unknown) => {
  const failure = toCallFailure(error);
  return failure.kind === "http" ? failure.status : 0;
};

export interface ResourceListOptions<Item extends Identified> {
  /** The machine's id (its diagram's name), e.g. `payoutsList`. */
  id: string;
  /** What the list reads; absent when the component gives its own `listPage`/`retrieveItem`. */
  resource?: ResourceDescriptor<Item>;
  /**
   * The detail is an overlay (default), whose opening and closing the host element hears
   * (`overlay.changed`); false for a detail shown in place.
   */
  overlay?: boolean;
}

export function createResourceListMachine<Item extends Identified, Filters = FilterValues>(
  options: ResourceListOptions<Item>,
) {
  const { id, resource, overlay = true } = options;
  const resourceRef = resource as ResourceDescriptor | undefined;
  type Context = ResourceListContext<Item, Filters>;
  const emptyNewest = (context: Context, page: Page<Item>) =>
    context.request.kind === "newest" && page.items.length === 0;
  const emptyBeyond = (context: Context, page: Page<Item>) =>
    context.request.kind !== "newest" && page.items.length === 0;

  return setup({
    types: {
      input: {} as ResourceListInput<Filters>,
      context: {} as Context,
      events: {} as ResourceListEvent<Filters>,
      emitted: {} as ResourceListEmitted,
    },
    actors: {
      listPage: fromPromise<Page<Item>, ListPageInput<Filters>>(async () => {
        throw new Error("listPage is provided by the frame (actors/components/)");
      }),
      retrieveItem: fromPromise<Item, RetrieveItemInput>(async () => {
        throw new Error("retrieveItem is provided by the frame (actors/components/)");
      }),
    },
    guards: {
      canGoOlder: ({ context }) => context.paged && context.hasOlder && context.items.length > 0,
      canGoNewer: ({ context }) => context.paged && context.hasNewer && context.items.length > 0,
      isStale: ({ context }) => context.stale,
      isPaged: ({ context }) => context.paged,
    },
    actions: {
      showPage: assign(({ context }, page: Page<Item>) => {
        const { request } = context;
        const more = page.hasMore && context.paged;
        return {
          items: page.items,
          failure: null,
          hasNewer: request.kind === "newer" ? more : request.kind === "older",
          hasOlder: request.kind === "newer" ? true : more,
        };
      }),
      /** An older (newer) page came back empty: the page on screen is the last that way. */
      nothingBeyond: assign(({ context }) =>
        context.request.kind === "older" ? { hasOlder: false } : { hasNewer: false },
      ),
      askOlder: assign({
        request: ({ context }): PageRequest => ({
          kind: "older",
          limit: context.pageSize,
          startingAfter: context.items[context.items.length - 1]?.id ?? "",
        }),
      }),
      askNewer: assign({
        request: ({ context }): PageRequest => ({
          kind: "newer",
          limit: context.pageSize,
          endingBefore: context.items[0]?.id ?? "",
        }),
      }),
      resize: assign((_, size: number) => {
        const pageSize = clampSize(size);
        return { pageSize, request: { kind: "newest", limit: pageSize } as PageRequest };
      }),
      /** Other filters are another list: the rows of the old one go. */
      refilter: assign(({ context }, filters: Filters) => ({
        filters,
        items: [],
        hasNewer: false,
        hasOlder: false,
        request: { kind: "newest", limit: context.pageSize } as PageRequest,
      })),
      rememberFailure: assign({ failure: (_, failure: CallFailure) => failure }),
      select: assign({
        selectedId: (_, id: string) => id,
        detail: null,
        detailFailure: null,
      }),
      unselect: assign({ selectedId: null, detail: null, detailFailure: null }),
      markStale: assign({ stale: true }),
      unmarkStale: assign({ stale: false }),
      showDetail: assign({ detail: (_, item: Item) => item, detailFailure: null }),
      rememberDetailFailure: assign({ detailFailure: (_, failure: CallFailure) => failure }),
      emitUnauthorized: emit({ type: "unauthorized" as const }),
      emitLoadFailed: emit((_, failure: CallFailure) => ({
        type: "load.failed" as const,
        failure,
      })),
      emitOverlayOpened: emit({ type: "overlay.changed" as const, open: true }),
      emitOverlayClosed: emit({ type: "overlay.changed" as const, open: false }),
    },
  }).createMachine({
    id,
    context: ({ input }) => {
      const pageSize = clampSize(input.pageSize);
      return {
        ...input,
        pageSize,
        request: { kind: "newest", limit: pageSize },
        items: [],
        hasNewer: false,
        hasOlder: false,
        failure: null,
        selectedId: null,
        detail: null,
        detailFailure: null,
        stale: false,
      };
    },
    initial: "loading",
    states: {
      loading: {
        entry: "unmarkStale",
        on: {
          "filters.change": {
            target: "loading",
            reenter: true,
            actions: { type: "refilter", params: ({ event }) => event.filters },
          },
        },
        invoke: {
          src: "listPage",
          input: ({ context }) => ({
            resource: resourceRef,
            request: context.request,
            filters: context.filters,
          }),
          onDone: [
            {
              guard: ({ context, event }) => emptyNewest(context, event.output),
              target: "empty",
              actions: { type: "showPage", params: ({ event }) => event.output },
            },
            {
              guard: ({ context, event }) => emptyBeyond(context, event.output),
              target: "ready",
              actions: "nothingBeyond",
            },
            {
              target: "ready",
              actions: { type: "showPage", params: ({ event }) => event.output },
            },
          ],
          onError: [
            { guard: ({ event }) => statusOf(event.error) === 401, target: "unauthorized" },
            {
              guard: ({ event }) => statusOf(event.error) === 403,
              target: "forbidden",
              actions: {
                type: "rememberFailure",
                params: ({ event }) => toCallFailure(event.error),
              },
            },
            {
              target: "error",
              actions: [
                { type: "rememberFailure", params: ({ event }) => toCallFailure(event.error) },
                { type: "emitLoadFailed", params: ({ event }) => toCallFailure(event.error) },
              ],
            },
          ],
        },
      },
      ready: {
        initial: "list",
        states: {
          list: {
            on: {
              "page.next": { guard: "canGoOlder", target: `#${id}.loading`, actions: "askOlder" },
              "page.previous": {
                guard: "canGoNewer",
                target: `#${id}.loading`,
                actions: "askNewer",
              },
              "item.open": {
                target: "detail",
                actions: { type: "select", params: ({ event }) => event.id },
              },
              "list.refresh": { target: `#${id}.loading` },
              "page.size": {
                guard: "isPaged",
                target: `#${id}.loading`,
                actions: { type: "resize", params: ({ event }) => event.size },
              },
            },
          },
          detail: {
            entry: overlay ? ["emitOverlayOpened"] : [],
            exit: overlay ? ["emitOverlayClosed", "unselect"] : ["unselect"],
            on: {
              "detail.close": [{ guard: "isStale", target: `#${id}.loading` }, { target: "list" }],
              "list.refresh": { target: ".loading", actions: "markStale" },
              // Another item, while one is open (a detail shown in place lets the list be seen).
              "item.open": {
                target: ".loading",
                actions: { type: "select", params: ({ event }) => event.id },
              },
            },
            initial: "loading",
            states: {
              loading: {
                invoke: {
                  src: "retrieveItem",
                  input: ({ context }) => ({ resource: resourceRef, id: context.selectedId ?? "" }),
                  onDone: {
                    target: "shown",
                    actions: { type: "showDetail", params: ({ event }) => event.output },
                  },
                  onError: [
                    {
                      guard: ({ event }) => statusOf(event.error) === 401,
                      target: `#${id}.unauthorized`,
                    },
                    {
                      target: "failed",
                      actions: {
                        type: "rememberDetailFailure",
                        params: ({ event }) => toCallFailure(event.error),
                      },
                    },
                  ],
                },
              },
              shown: {},
              failed: { on: { "detail.retry": { target: "loading" } } },
            },
          },
        },
        on: {
          // From the detail too: another list closes it (an inline detail can see the filters).
          "filters.change": {
            target: "loading",
            actions: { type: "refilter", params: ({ event }) => event.filters },
          },
        },
      },
      empty: {
        on: {
          "list.refresh": { target: "loading" },
          "filters.change": {
            target: "loading",
            actions: { type: "refilter", params: ({ event }) => event.filters },
          },
        },
      },
      error: {
        on: {
          "list.retry": { target: "loading" },
          "filters.change": {
            target: "loading",
            actions: { type: "refilter", params: ({ event }) => event.filters },
          },
        },
      },
      forbidden: { type: "final" },
      unauthorized: { type: "final", entry: "emitUnauthorized" },
    },
  });
}

export type ResourceListMachine<Item extends Identified, Filters = FilterValues> = ReturnType<
  typeof createResourceListMachine<Item, Filters>
>;

/**
 * The kit's list as such, over any identified item and no particular resource: its diagram
 * (docs/machines/) is every list component's lifecycle.
 */
export const resourceListMachine = createResourceListMachine<Identified>({ id: "resourceList" });

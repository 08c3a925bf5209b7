import { assign, emit, fromPromise, setup } from "xstate";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";
import type { PageRequest, Payout, PayoutPage } from "./payouts-list.types.ts";

/**
 * The payouts list (issue 6 item 6): the connected account's payouts, newest first, paged
 * by keyset through the whole history, each row opening the payout's detail.
 *
 * - `loading`: one page is asked for (`fetchPage`, given by the actor wiring). The rows of
 *   the page on screen stay in context meanwhile, so the view can keep them while it pages.
 *   The newest page with no payout → `empty`; an older (newer) page with none → the page on
 *   screen stays and there is nothing older (newer); any other page → `ready`.
 * - `ready.list`: `page.next` asks for the page after the last row (`starting_after`),
 *   `page.previous` for the page before the first (`ending_before`); neither in the
 *   `recent` mode (the internal `recent-payouts` attribute: a few newest, no paging).
 *   `payout.open` → `ready.detail`, which asks for the payout (`fetchPayout`, with its balance
 *   transaction) while the list stays; `detail.close` goes back. Opening and closing the
 *   detail emit `overlay.changed`, so the host element hears it.
 * - `error`: a page could not be loaded (emitting `load.failed` with the failure, so the
 *   platform's onLoadError hears it); `list.retry` asks for the same page again.
 * - Any call answered 401 → `unauthorized` (final), emitting `unauthorized`: the frame shell
 *   then shows its session-expired view.
 *
 * Context stays finite (one page, one detail), so the graph can be walked in tests.
 */

export interface PayoutsListInput {
  /** Rows per page (1–100). */
  pageSize: number;
  /** The `recent-payouts` mode: only the newest page, no paging. */
  recent: boolean;
}

/** How many payouts the `recent-payouts` mode shows. */
export const RECENT_PAYOUTS_COUNT = 5;
/** Rows per page of the full list. */
export const DEFAULT_PAGE_SIZE = 10;

export type PayoutsListEvent =
  | { type: "page.next" }
  | { type: "page.previous" }
  | { type: "payout.open"; id: string }
  | { type: "detail.close" }
  | { type: "detail.retry" }
  | { type: "list.retry" }
  | { type: "list.reload" };

export type PayoutsListEmitted =
  | { type: "unauthorized" }
  | { type: "overlay.changed"; open: boolean }
  | { type: "load.failed"; failure: CallFailure };

export interface PayoutsListContext extends PayoutsListInput {
  /** The page asked for last (in flight while loading). */
  request: PageRequest;
  /** The rows on screen, newest first. */
  payouts: Payout[];
  hasNewer: boolean;
  hasOlder: boolean;
  failure: CallFailure | null;
  /** The payout whose detail is open. */
  selectedId: string | null;
  /** That payout as its detail call answered (balance transaction expanded). */
  detail: Payout | null;
  detailFailure: CallFailure | null;
}

const limitOf = (input: PayoutsListInput) =>
  input.recent ? RECENT_PAYOUTS_COUNT : Math.min(100, Math.max(1, Math.trunc(input.pageSize)));

// Guards on the answers of invoked calls (inline below, where the done/error event is typed).
const isUnauthorized = (error: unknown) => {
  const failure = toCallFailure(error);
  return failure.kind === "http" && failure.status === 401;
};
const emptyNewest = (context: PayoutsListContext, page: PayoutPage) =>
  context.request.kind === "newest" && page.payouts.length === 0;
const emptyBeyond = (context: PayoutsListContext, page: PayoutPage) =>
  context.request.kind !== "newest" && page.payouts.length === 0;

export const payoutsListMachine = setup({
  types: {
    input: {} as PayoutsListInput,
    context: {} as PayoutsListContext,
    events: {} as PayoutsListEvent,
    emitted: {} as PayoutsListEmitted,
  },
  actors: {
    fetchPage: fromPromise<PayoutPage, PageRequest>(async () => {
      throw new Error("fetchPage is provided by the payouts-list actor");
    }),
    fetchPayout: fromPromise<Payout, { id: string }>(async () => {
      throw new Error("fetchPayout is provided by the payouts-list actor");
    }),
  },
  guards: {
    canGoOlder: ({ context }) => !context.recent && context.hasOlder && context.payouts.length > 0,
    canGoNewer: ({ context }) => !context.recent && context.hasNewer && context.payouts.length > 0,
  },
  actions: {
    showPage: assign(({ context }, page: PayoutPage) => {
      const { request } = context;
      const more = page.hasMore && !context.recent;
      return {
        payouts: page.payouts,
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
        limit: limitOf(context),
        startingAfter: context.payouts[context.payouts.length - 1]?.id ?? "",
      }),
    }),
    askNewer: assign({
      request: ({ context }): PageRequest => ({
        kind: "newer",
        limit: limitOf(context),
        endingBefore: context.payouts[0]?.id ?? "",
      }),
    }),
    askNewest: assign({
      request: ({ context }): PageRequest => ({ kind: "newest", limit: limitOf(context) }),
    }),
    rememberFailure: assign({ failure: (_, failure: CallFailure) => failure }),
    select: assign({ selectedId: (_, id: string) => id, detail: null, detailFailure: null }),
    unselect: assign({ selectedId: null, detail: null, detailFailure: null }),
    showDetail: assign({ detail: (_, payout: Payout) => payout, detailFailure: null }),
    rememberDetailFailure: assign({ detailFailure: (_, failure: CallFailure) => failure }),
    emitUnauthorized: emit({ type: "unauthorized" as const }),
    emitLoadFailed: emit((_, failure: CallFailure) => ({ type: "load.failed" as const, failure })),
    emitOverlayOpened: emit({ type: "overlay.changed" as const, open: true }),
    emitOverlayClosed: emit({ type: "overlay.changed" as const, open: false }),
  },
}).createMachine({
  id: "payoutsList",
  context: ({ input }) => ({
    ...input,
    request: { kind: "newest", limit: limitOf(input) },
    payouts: [],
    hasNewer: false,
    hasOlder: false,
    failure: null,
    selectedId: null,
    detail: null,
    detailFailure: null,
  }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "fetchPage",
        input: ({ context }) => context.request,
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
          {
            guard: ({ event }) => isUnauthorized(event.error),
            target: "unauthorized",
          },
          {
            target: "error",
            actions: [
              {
                type: "rememberFailure",
                params: ({ event }) => toCallFailure(event.error),
              },
              {
                type: "emitLoadFailed",
                params: ({ event }) => toCallFailure(event.error),
              },
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
            "page.next": {
              guard: "canGoOlder",
              target: "#payoutsList.loading",
              actions: "askOlder",
            },
            "page.previous": {
              guard: "canGoNewer",
              target: "#payoutsList.loading",
              actions: "askNewer",
            },
            "payout.open": {
              target: "detail",
              actions: { type: "select", params: ({ event }) => event.id },
            },
            "list.reload": { target: "#payoutsList.loading", actions: "askNewest" },
          },
        },
        detail: {
          entry: "emitOverlayOpened",
          exit: ["emitOverlayClosed", "unselect"],
          on: { "detail.close": { target: "list" } },
          initial: "loading",
          states: {
            loading: {
              invoke: {
                src: "fetchPayout",
                input: ({ context }) => ({ id: context.selectedId ?? "" }),
                onDone: {
                  target: "shown",
                  actions: { type: "showDetail", params: ({ event }) => event.output },
                },
                onError: [
                  {
                    guard: ({ event }) => isUnauthorized(event.error),
                    target: "#payoutsList.unauthorized",
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
    },
    empty: {
      on: { "list.reload": { target: "loading", actions: "askNewest" } },
    },
    error: {
      on: { "list.retry": { target: "loading" } },
    },
    unauthorized: { type: "final", entry: "emitUnauthorized" },
  },
});

import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import {
  type BalanceTransaction,
  balanceTransactionSchema,
} from "../../../protocol/objects/balance-transaction.schema.ts";
import { type Payout, payoutSchema } from "../../../protocol/objects/payout.schema.ts";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";
import {
  type OverlayContext,
  type OverlayEmitted,
  type OverlayEvent,
  overlayRegion,
} from "../details-overlay.ts";
import type {
  Identified,
  ListPageInput,
  Page,
  ResourceDescriptor,
  RetrieveItemInput,
} from "../resource-list.types.ts";

/**
 * One payout by id (`payout-details`): the payout (its fee's balance transaction, its
 * destination and, when it failed, the balance transaction that gave the money back), then
 * the balance transactions it settled (`GET /v1/balance_transactions?payout=`), through the
 * kit's `retrieveItem` and `listPage`. Two regions:
 *
 * - `data`: `none` (no payout named), `loading` (the payout, then what it settled), `shown`
 *   (`refresh` reloads both, the facts kept on screen meanwhile), `failed` (`retry`; emits
 *   `load.failed`), `unauthorized` (a 401: emits `unauthorized`). `payout.change` loads
 *   another payout.
 * - `overlay`: the kit's details overlay (`details-overlay.ts`): `visible`, `close`,
 *   `overlaychange`.
 */

export const payoutResource: ResourceDescriptor<Payout> = {
  path: "/v1/payouts",
  item: payoutSchema,
  detailExpand: ["balance_transaction", "destination", "failure_balance_transaction"],
};

/** `payout`: the provider's filter of the transactions a payout settled. */
export const settledFilterSpec = { payout: { field: { kind: "text" } } } as const;

export const settledTransactionsResource: ResourceDescriptor<BalanceTransaction> = {
  path: "/v1/balance_transactions",
  item: balanceTransactionSchema,
  filters: settledFilterSpec,
};

/** The settled transactions shown (the newest this many; the view says when there are more). */
export const SETTLED_LIMIT = 100;

export interface PayoutDetailsInput {
  payoutId: string | null;
  visible: boolean;
  overlay: boolean;
}

export interface PayoutDetailsContext extends OverlayContext {
  payoutId: string | null;
  payout: Payout | null;
  settled: BalanceTransaction[];
  /** More settled transactions than `SETTLED_LIMIT`. */
  moreSettled: boolean;
  failure: CallFailure | null;
}

export type PayoutDetailsEvent =
  | { type: "payout.change"; payoutId: string | null }
  | OverlayEvent
  | { type: "refresh" }
  | { type: "retry" };

export type PayoutDetailsEmitted =
  | { type: "unauthorized" }
  | { type: "load.failed"; failure: CallFailure }
  | OverlayEmitted;

const statusOf = (error: unknown) => {
  const failure = toCallFailure(error);
  return failure.kind === "http" ? failure.status : null;
};
type Done<T> = { event: { output: T } };
type Failed = { event: { error: unknown } };

const onFailure = [
  {
    guard: ({ event }: Failed) => statusOf(event.error) === 401,
    target: "#payoutDetails.data.unauthorized",
  },
  {
    target: "#payoutDetails.data.failed",
    actions: { type: "fail" as const, params: ({ event }: Failed) => toCallFailure(event.error) },
  },
];

export const payoutDetailsMachine = setup({
  types: {
    input: {} as PayoutDetailsInput,
    context: {} as PayoutDetailsContext,
    events: {} as PayoutDetailsEvent,
    emitted: {} as PayoutDetailsEmitted,
  },
  actors: {
    retrieveItem: fromPromise<Identified, RetrieveItemInput>(async () => {
      throw new Error("provide the kit's retrieveItem");
    }),
    listPage: fromPromise<Page<Identified>, ListPageInput<unknown>>(async () => {
      throw new Error("provide the kit's listPage");
    }),
  },
  guards: {
    named: ({ context }) => context.payoutId !== null,
  },
  actions: {
    choose: assign((_, payoutId: string | null) => ({
      payoutId,
      payout: null,
      settled: [],
      moreSettled: false,
      failure: null,
    })),
    keepPayout: assign({ payout: (_, payout: Payout) => payout, failure: null }),
    keepSettled: assign((_, page: Page<Identified>) => ({
      settled: page.items as BalanceTransaction[],
      moreSettled: page.hasMore,
    })),
    fail: enqueueActions(({ enqueue }, failure: CallFailure) => {
      enqueue.assign({ failure });
      enqueue.emit({ type: "load.failed", failure });
    }),
    emitUnauthorized: emit({ type: "unauthorized" as const }),
    setVisible: assign({ visible: (_, visible: boolean) => visible }),
    reportOpened: enqueueActions(({ context, enqueue }) => {
      if (context.overlay) enqueue.emit({ type: "overlay.changed", open: true });
    }),
    reportClosed: enqueueActions(({ context, enqueue }) => {
      if (context.overlay) enqueue.emit({ type: "overlay.changed", open: false });
    }),
    emitClosed: emit({ type: "closed" as const }),
  },
}).createMachine({
  id: "payoutDetails",
  type: "parallel",
  context: ({ input }) => ({
    payoutId: input.payoutId,
    visible: input.visible,
    overlay: input.overlay,
    payout: null,
    settled: [],
    moreSettled: false,
    failure: null,
  }),
  states: {
    data: {
      initial: "start",
      on: {
        "payout.change": [
          {
            guard: ({ event }) => event.payoutId === null,
            target: ".none",
            actions: { type: "choose", params: () => null },
          },
          {
            target: ".loading",
            reenter: true,
            actions: { type: "choose", params: ({ event }) => event.payoutId },
          },
        ],
      },
      states: {
        start: { always: [{ guard: "named", target: "loading" }, { target: "none" }] },
        none: {},
        loading: {
          initial: "payout",
          states: {
            payout: {
              invoke: {
                src: "retrieveItem",
                input: ({ context }) => ({
                  resource: payoutResource as ResourceDescriptor,
                  id: context.payoutId ?? "",
                }),
                onDone: {
                  target: "settled",
                  actions: {
                    type: "keepPayout",
                    params: ({ event }: Done<Identified>) => event.output as Payout,
                  },
                },
                onError: onFailure,
              },
            },
            settled: {
              invoke: {
                src: "listPage",
                input: ({ context }) => ({
                  resource: settledTransactionsResource as ResourceDescriptor,
                  request: { kind: "newest", limit: SETTLED_LIMIT },
                  filters: { payout: context.payoutId ?? "" },
                }),
                onDone: {
                  target: "#payoutDetails.data.shown",
                  actions: {
                    type: "keepSettled",
                    params: ({ event }: Done<Page<Identified>>) => event.output,
                  },
                },
                onError: onFailure,
              },
            },
          },
        },
        shown: { on: { refresh: "loading" } },
        failed: { on: { retry: "loading" } },
        unauthorized: { entry: "emitUnauthorized" },
      },
    },
    overlay: overlayRegion,
  },
});

export type PayoutDetailsMachine = typeof payoutDetailsMachine;

import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import { type Charge, chargeSchema } from "../../../protocol/objects/charge.schema.ts";
import type { Dispute } from "../../../protocol/objects/dispute.schema.ts";
import { type Refund, refundSchema } from "../../../protocol/objects/refund.schema.ts";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";
import {
  type OverlayContext,
  type OverlayEmitted,
  type OverlayEvent,
  overlayRegion,
} from "../details-overlay.ts";
import {
  paymentDisputesFilterSpec,
  paymentDisputesResource,
} from "../payment-disputes/payment-disputes.machine.ts";
import type {
  Identified,
  ListPageInput,
  Page,
  ResourceDescriptor,
  RetrieveItemInput,
} from "../resource-list.types.ts";

/**
 * One payment by id (`payment-details`): the charge (with its balance transaction: fee and
 * net), its refunds and its disputes, through the kit's `retrieveItem` and `listPage`. Two
 * regions:
 *
 * - `data`: `none` (no payment named), `loading` (the charge, then its refunds, then its
 *   disputes when the session shows them), `shown` (`refresh` after a refund or a capture
 *   reloads all three, the stale facts kept on screen meanwhile), `failed` (`retry`; emits
 *   `load.failed`), `unauthorized` (a 401: emits `unauthorized`). `payment.change` loads
 *   another payment.
 * - `overlay`: the kit's details overlay (`details-overlay.ts`): `hidden` or `open`, from the
 *   host's `visible` attribute (`show`, `hide`); the person closing it (`close`) emits
 *   `closed`; as an overlay (not `inline`) each opening and closing emits `overlay.changed`
 *   (the host's `overlaychange`).
 */

export const paymentResource: ResourceDescriptor<Charge> = {
  path: "/v1/charges",
  item: chargeSchema,
  detailExpand: ["balance_transaction"],
};
export const paymentRefundsResource: ResourceDescriptor<Refund> = {
  path: "/v1/refunds",
  item: refundSchema,
  filters: paymentDisputesFilterSpec,
};

/** A payment's refunds and disputes fit one page (a dispute per charge, refunds a few). */
export const RELATED_LIMIT = 100;

export interface PaymentDetailsInput {
  paymentId: string | null;
  /** The host's `visible` (absent counts as shown). */
  visible: boolean;
  /** An overlay (drawer) reporting `overlaychange`; false for `inline`. */
  overlay: boolean;
  /** Load the disputes (the session's `dispute_management`). */
  disputes: boolean;
}

export interface PaymentDetailsContext extends OverlayContext {
  paymentId: string | null;
  withDisputes: boolean;
  payment: Charge | null;
  refunds: Refund[];
  disputes: Dispute[];
  failure: CallFailure | null;
}

export type PaymentDetailsEvent =
  | { type: "payment.change"; paymentId: string | null }
  | OverlayEvent
  | { type: "refresh" }
  | { type: "retry" };

export type PaymentDetailsEmitted =
  | { type: "unauthorized" }
  | { type: "load.failed"; failure: CallFailure }
  | OverlayEmitted;

const statusOf = (error: unknown) => {
  const failure = toCallFailure(error);
  return failure.kind === "http" ? failure.status : null;
};
type Done<T> = { event: { output: T } };
type Failed = { event: { error: unknown } };

/** A load step's failure: a 401 ends in `unauthorized`, anything else in `failed`. */
const onFailure = [
  {
    guard: ({ event }: Failed) => statusOf(event.error) === 401,
    target: "#paymentDetails.data.unauthorized",
  },
  {
    target: "#paymentDetails.data.failed",
    actions: { type: "fail" as const, params: ({ event }: Failed) => toCallFailure(event.error) },
  },
];

export const paymentDetailsMachine = setup({
  types: {
    input: {} as PaymentDetailsInput,
    context: {} as PaymentDetailsContext,
    events: {} as PaymentDetailsEvent,
    emitted: {} as PaymentDetailsEmitted,
  },
  actors: {
    // The kit's actors, provided by the frame (`useComponentMachine`).
    retrieveItem: fromPromise<Identified, RetrieveItemInput>(async () => {
      throw new Error("provide the kit's retrieveItem");
    }),
    listPage: fromPromise<Page<Identified>, ListPageInput<unknown>>(async () => {
      throw new Error("provide the kit's listPage");
    }),
  },
  guards: {
    named: ({ context }) => context.paymentId !== null,
    withDisputes: ({ context }) => context.withDisputes,
  },
  actions: {
    choose: assign((_, paymentId: string | null) => ({
      paymentId,
      payment: null,
      refunds: [],
      disputes: [],
      failure: null,
    })),
    keepPayment: assign({ payment: (_, payment: Charge) => payment, failure: null }),
    keepRefunds: assign({ refunds: (_, refunds: Refund[]) => refunds }),
    keepDisputes: assign({ disputes: (_, disputes: Dispute[]) => disputes }),
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
  id: "paymentDetails",
  type: "parallel",
  context: ({ input }) => ({
    paymentId: input.paymentId,
    visible: input.visible,
    overlay: input.overlay,
    withDisputes: input.disputes,
    payment: null,
    refunds: [],
    disputes: [],
    failure: null,
  }),
  states: {
    data: {
      initial: "start",
      on: {
        "payment.change": [
          {
            guard: ({ event }) => event.paymentId === null,
            target: ".none",
            actions: { type: "choose", params: () => null },
          },
          {
            target: ".loading",
            reenter: true,
            actions: { type: "choose", params: ({ event }) => event.paymentId },
          },
        ],
      },
      states: {
        start: { always: [{ guard: "named", target: "loading" }, { target: "none" }] },
        none: {},
        loading: {
          initial: "payment",
          states: {
            payment: {
              invoke: {
                src: "retrieveItem",
                input: ({ context }) => ({
                  resource: paymentResource as ResourceDescriptor,
                  id: context.paymentId ?? "",
                }),
                onDone: {
                  target: "refunds",
                  actions: {
                    type: "keepPayment",
                    params: ({ event }: Done<Identified>) => event.output as Charge,
                  },
                },
                onError: onFailure,
              },
            },
            refunds: {
              invoke: {
                src: "listPage",
                input: ({ context }) => ({
                  resource: paymentRefundsResource as ResourceDescriptor,
                  request: { kind: "newest", limit: RELATED_LIMIT },
                  filters: { charge: context.paymentId ?? "" },
                }),
                onDone: [
                  {
                    guard: "withDisputes",
                    target: "disputes",
                    actions: {
                      type: "keepRefunds",
                      params: ({ event }: Done<Page<Identified>>) => event.output.items as Refund[],
                    },
                  },
                  {
                    target: "#paymentDetails.data.shown",
                    actions: {
                      type: "keepRefunds",
                      params: ({ event }: Done<Page<Identified>>) => event.output.items as Refund[],
                    },
                  },
                ],
                onError: onFailure,
              },
            },
            disputes: {
              invoke: {
                src: "listPage",
                input: ({ context }) => ({
                  resource: paymentDisputesResource as ResourceDescriptor,
                  request: { kind: "newest", limit: RELATED_LIMIT },
                  filters: { charge: context.paymentId ?? "" },
                }),
                onDone: {
                  target: "#paymentDetails.data.shown",
                  actions: {
                    type: "keepDisputes",
                    params: ({ event }: Done<Page<Identified>>) => event.output.items as Dispute[],
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

export type PaymentDetailsMachine = typeof paymentDetailsMachine;

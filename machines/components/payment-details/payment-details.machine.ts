import { type Charge, chargeSchema } from "../../../protocol/objects/charge.schema.ts";
import { type Refund, refundSchema } from "../../../protocol/objects/refund.schema.ts";
import { type DetailsContext, type DetailsInput, detailsMachine } from "../details-machine.ts";
import {
  paymentDisputesFilterSpec,
  paymentDisputesResource,
} from "../payment-disputes/payment-disputes.machine.ts";
import type { ResourceDescriptor } from "../resource-list.types.ts";

/**
 * One payment by id (`payment-details`) on the kit's details machine (`details-machine.ts`):
 * the charge (with its balance transaction: fee and net), then its refunds, then its disputes
 * — skipped when the session does not enable `dispute_management`. A refund or a capture
 * sends `refresh`, which reloads all three with the stale facts kept on screen.
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

export const paymentDetailsMachine = detailsMachine({
  id: "paymentDetails",
  resource: paymentResource,
  related: {
    refunds: {
      resource: paymentRefundsResource as ResourceDescriptor,
      filter: "charge",
      limit: RELATED_LIMIT,
    },
    disputes: {
      resource: paymentDisputesResource as ResourceDescriptor,
      filter: "charge",
      limit: RELATED_LIMIT,
    },
  },
});

export type PaymentRelated = "refunds" | "disputes";
export type PaymentDetailsInput = DetailsInput<PaymentRelated>;
export type PaymentDetailsContext = DetailsContext<Charge, PaymentRelated>;
export type PaymentDetailsMachine = typeof paymentDetailsMachine;

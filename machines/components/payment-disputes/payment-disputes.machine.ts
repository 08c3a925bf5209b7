import type { FilterSpec } from "../../../protocol/filters.ts";
import { type Dispute, disputeSchema } from "../../../protocol/objects/dispute.schema.ts";
import { createResourceListMachine } from "../resource-list.machine.ts";
import type { ResourceDescriptor } from "../resource-list.types.ts";

/**
 * The disputes of one payment (`payment-disputes`): the account's disputes whose `charge`
 * is the payment (the provider's `GET /v1/disputes?charge=`), newest first, each row opening
 * the dispute's detail — one instance of the kit's resource list, its `charge` filter fixed
 * by the host's `payment` attribute (the view offers no filter bar).
 */
export const paymentDisputesFilterSpec = {
  charge: { field: { kind: "text" } },
} as const satisfies FilterSpec;

export const paymentDisputesResource: ResourceDescriptor<Dispute> = {
  path: "/v1/disputes",
  item: disputeSchema,
  filters: paymentDisputesFilterSpec,
};

export const paymentDisputesMachine = createResourceListMachine<Dispute>({
  id: "paymentDisputes",
  resource: paymentDisputesResource,
});

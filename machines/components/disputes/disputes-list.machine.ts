import { disputesFilterSpec } from "../../../protocol/filters.ts";
import { type Dispute, disputeSchema } from "../../../protocol/objects/dispute.schema.ts";
import { createResourceListMachine } from "../resource-list.machine.ts";
import type { ResourceDescriptor } from "../resource-list.types.ts";

/**
 * The disputes list (SPEC.md §2 `disputes-list`): every dispute of the account, newest first,
 * keyset paged, filtered by status, reason and date (the one filter model), each row opening
 * the dispute with its payment (the charge expanded) — one instance of the kit's resource
 * list. The response to an open dispute is its own machine (`dispute-response.machine.ts`).
 */
export const disputesResource: ResourceDescriptor<Dispute> = {
  path: "/v1/disputes",
  item: disputeSchema,
  filters: disputesFilterSpec,
  detailExpand: ["charge"],
};

export const disputesListMachine = createResourceListMachine<Dispute>({
  id: "disputesList",
  resource: disputesResource,
});

import { payoutsFilterSpec } from "../../../protocol/filters.ts";
import { type Payout, payoutSchema } from "../../../protocol/objects/payout.schema.ts";
import { createResourceListMachine } from "../resource-list.machine.ts";
import type { ResourceDescriptor } from "../resource-list.types.ts";

/**
 * The payouts list (issue 6 item 6): the connected account's payouts, newest first, keyset
 * paged through the whole history, each row opening the payout's detail — one instance of
 * the kit's resource list. The `recent-payouts` attribute makes it an unpaged list of the
 * newest few. Filtered by status, created and amount (`payoutsFilterSpec`).
 */

/** `GET /v1/payouts` (each destination expanded); `GET /v1/payouts/:id` with the fee's
 * balance transaction and the destination expanded. */
export const payoutsResource: ResourceDescriptor<Payout> = {
  path: "/v1/payouts",
  item: payoutSchema,
  filters: payoutsFilterSpec,
  listExpand: ["data.destination"],
  detailExpand: ["balance_transaction", "destination"],
};

/** How many payouts the `recent-payouts` mode shows. */
export const RECENT_PAYOUTS_COUNT = 5;

export const payoutsListMachine = createResourceListMachine<Payout>({
  id: "payoutsList",
  resource: payoutsResource,
});

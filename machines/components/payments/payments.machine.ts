import { paymentsFilterSpec } from "../../../protocol/filters.ts";
import { type Charge, chargeSchema } from "../../../protocol/objects/charge.schema.ts";
import { createResourceListMachine } from "../resource-list.machine.ts";
import type { ResourceDescriptor } from "../resource-list.types.ts";

/**
 * The payments list (SPEC.md §2 `payments`): the account's payments (charges), newest first,
 * keyset paged to the oldest, filtered by the one filter model (amount, date, status, payment
 * method; customer email and metadata where the session enables them), each row opening the
 * payment with its fee and net (the balance transaction expanded) — one instance of the
 * kit's resource list. `recent-payments` makes it the newest few.
 */
export const paymentsResource: ResourceDescriptor<Charge> = {
  path: "/v1/charges",
  item: chargeSchema,
  filters: paymentsFilterSpec,
  detailExpand: ["balance_transaction"],
};

/** How many payments the `recent-payments` mode shows. */
export const RECENT_PAYMENTS_COUNT = 5;

export const paymentsListMachine = createResourceListMachine<Charge>({
  id: "paymentsList",
  resource: paymentsResource,
});

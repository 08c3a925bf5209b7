import {
  type BalanceTransaction,
  balanceTransactionSchema,
} from "../../../protocol/objects/balance-transaction.schema.ts";
import { type Payout, payoutSchema } from "../../../protocol/objects/payout.schema.ts";
import { type DetailsContext, type DetailsInput, detailsMachine } from "../details-machine.ts";
import type { ResourceDescriptor } from "../resource-list.types.ts";

/**
 * One payout by id (`payout-details`) on the kit's details machine (`details-machine.ts`):
 * the payout (its fee's balance transaction, its destination and, when it failed, the
 * balance transaction that gave the money back), then the balance transactions it settled
 * (`GET /v1/balance_transactions?payout=`, the newest `SETTLED_LIMIT`).
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

export const payoutDetailsMachine = detailsMachine({
  id: "payoutDetails",
  resource: payoutResource,
  related: {
    settled: {
      resource: settledTransactionsResource as ResourceDescriptor,
      filter: "payout",
      limit: SETTLED_LIMIT,
    },
  },
});

export type PayoutDetailsInput = DetailsInput<"settled">;
export type PayoutDetailsContext = DetailsContext<Payout, "settled">;
export type PayoutDetailsMachine = typeof payoutDetailsMachine;

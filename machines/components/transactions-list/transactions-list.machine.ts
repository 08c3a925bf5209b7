import { transactionsFilterSpec } from "../../../protocol/filters.ts";
import type { BalanceTransaction } from "../../../protocol/objects/balance-transaction.schema.ts";
import { balanceTransactionSchema } from "../../../protocol/objects/balance-transaction.schema.ts";
import { createResourceListMachine } from "../resource-list.machine.ts";
import type { ResourceDescriptor } from "../resource-list.types.ts";

/**
 * The transactions list (SPEC.md §2, internal): the account's balance transactions, newest
 * first, keyset paged, filtered by type only (the catalogue's `setDefaultFilters` and the
 * FilterBar speak protocol/filters.ts), each row opening the transaction's detail — one
 * instance of the kit's resource list. `recent-transactions` makes it the newest few.
 */
export const transactionsResource: ResourceDescriptor<BalanceTransaction> = {
  path: "/v1/balance_transactions",
  item: balanceTransactionSchema,
  filters: transactionsFilterSpec,
};

/** How many transactions the `recent-transactions` mode shows. */
export const RECENT_TRANSACTIONS_COUNT = 5;

export const transactionsListMachine = createResourceListMachine<BalanceTransaction>({
  id: "transactionsList",
  resource: transactionsResource,
});

/**
 * The transactions-list component as the frame registers it: the kit's list machine for
 * balance transactions (`useResourceList`), its snapshot connected to the view. The
 * platform's default filters (`setDefaultFilters`, type only) start the list; the FilterBar
 * changes them. `recent-transactions` shows the newest few.
 */
import {
  RECENT_TRANSACTIONS_COUNT,
  transactionsListMachine,
} from "../../../machines/components/transactions-list/transactions-list.machine.ts";
import { transactionsFilterSpec } from "../../../protocol/filters.ts";
import type { BalanceTransaction } from "../../../protocol/objects/balance-transaction.schema.ts";
import { type ListRunnerProps, listComponent, useResourceList } from "../kit/list-component.tsx";
import { TransactionsListView } from "./transactions-list.view.tsx";

function TransactionsListRunner(props: ListRunnerProps) {
  const { list, detail, filters, onFiltersChange } = useResourceList<BalanceTransaction>(
    transactionsListMachine,
    props,
    { spec: transactionsFilterSpec, recentCount: RECENT_TRANSACTIONS_COUNT },
  );
  return (
    <TransactionsListView
      {...list}
      recent={props.recent}
      filters={filters}
      onFiltersChange={onFiltersChange}
      detail={detail}
    />
  );
}

export default listComponent(TransactionsListRunner, { recentAttribute: "recent-transactions" });

/**
 * The transactions-list component as the frame registers it: the kit's list machine for
 * balance transactions, run by `useComponentMachine` (effects from the frame), its snapshot
 * connected to the view. The platform's default filters (`setDefaultFilters`, type only)
 * start the list; the FilterBar changes them. `recent-transactions` shows the newest few.
 */

import { DEFAULT_PAGE_SIZE } from "../../../machines/components/resource-list.machine.ts";
import {
  RECENT_TRANSACTIONS_COUNT,
  transactionsListMachine,
} from "../../../machines/components/transactions-list/transactions-list.machine.ts";
import { manifestEntry } from "../../../protocol/catalogue/manifest.ts";
import { fromDefaultFilters, transactionsFilterSpec } from "../../../protocol/filters.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostProps } from "../../frame/frame-context.tsx";
import { useNarrowLayout } from "../../frame/frame-shell.view.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { connectDetail, connectResourceList } from "../kit/resource-list.connect.ts";
import { isOn } from "../payouts-list/payouts-list.component.tsx";
import { TransactionsListView } from "./transactions-list.view.tsx";

function TransactionsListRunner(
  props: ComponentViewProps & { recent: boolean; defaults: unknown },
) {
  const { recent, defaults } = props;
  const narrow = useNarrowLayout();
  const { snapshot, send } = useComponentMachine(transactionsListMachine, {
    input: {
      pageSize: recent ? RECENT_TRANSACTIONS_COUNT : DEFAULT_PAGE_SIZE,
      paged: !recent,
      filters: defaults === undefined ? {} : fromDefaultFilters(transactionsFilterSpec, defaults),
    },
    view: props,
  });
  const errorText = manifestEntry(props.component)?.errorText ?? null;
  return (
    <TransactionsListView
      {...connectResourceList(snapshot, send, { narrow, errorText })}
      recent={recent}
      filters={snapshot.context.filters}
      onFiltersChange={(filters) => send({ type: "filters.change", filters })}
      detail={connectDetail(snapshot, send)}
    />
  );
}

export default function TransactionsList(props: ComponentViewProps) {
  const host = useHostProps();
  const recent = isOn(host?.attributes["recent-transactions"]);
  const defaults = host?.setters.defaultFilters;
  // New default filters (or a mode change) start a fresh list.
  const key = `${recent ? "recent" : "all"}:${JSON.stringify(defaults ?? null)}`;
  return <TransactionsListRunner key={key} {...props} recent={recent} defaults={defaults} />;
}

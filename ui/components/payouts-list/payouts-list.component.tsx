/**
 * The payouts-list component as the frame registers it: the kit's list machine for payouts
 * (`useResourceList`), its snapshot connected to the view, with the filter bar (status,
 * created, amount) and the provider's CSV export of the filtered list (`useListExport`;
 * the catalogue gates neither). The internal `recent-payouts`
 * attribute comes from the host's props; changing it starts a fresh list in the other mode
 * (`listComponent`).
 */
import {
  payoutsListMachine,
  RECENT_PAYOUTS_COUNT,
} from "../../../machines/components/payouts-list/payouts-list.machine.ts";
import { payoutsFilterSpec } from "../../../protocol/filters.ts";
import type { Payout } from "../../../protocol/objects/payout.schema.ts";
import { useSession } from "../../frame/frame-context.tsx";
import {
  type ListRunnerProps,
  listComponent,
  useListExport,
  useResourceList,
} from "../kit/list-component.tsx";
import { PayoutsListView } from "./payouts-list.view.tsx";

/** The list itself; `payouts` shows it under its balance (one copy). */
export function PayoutsListRunner(props: ListRunnerProps) {
  const session = useSession();
  const { list, detail, filters, onFiltersChange } = useResourceList<Payout>(
    payoutsListMachine,
    props,
    { spec: payoutsFilterSpec, recentCount: RECENT_PAYOUTS_COUNT },
  );
  // The CSV export of the whole filtered list, produced by the provider (not one page).
  const exporting = useListExport(props, "/v1/exports/payouts", payoutsFilterSpec, filters);
  return (
    <PayoutsListView
      {...list}
      recent={props.recent}
      detail={detail}
      filters={filters}
      onFiltersChange={onFiltersChange}
      currency={session?.merchant_data?.default_currency ?? "usd"}
      exporting={exporting}
    />
  );
}

export default listComponent(PayoutsListRunner, { recentAttribute: "recent-payouts" });

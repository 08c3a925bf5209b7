/**
 * The payments component as the frame registers it: the kit's list machine for charges, run
 * by `useComponentMachine` (effects from the frame), its snapshot connected to the view. The
 * platform's default filters (`setDefaultFilters`) start the list; the FilterBar changes
 * them, offering the email and metadata filters only where the session enables them (the
 * provider refuses them otherwise). `recent-payments` shows the newest few.
 */

import {
  paymentsListMachine,
  RECENT_PAYMENTS_COUNT,
} from "../../../machines/components/payments/payments.machine.ts";
import { sessionFeature } from "../../../protocol/catalogue/features.ts";
import { paymentsFilterSpec } from "../../../protocol/filters.ts";
import type { Charge } from "../../../protocol/objects/charge.schema.ts";
import { useSession } from "../../frame/frame-context.tsx";
import {
  type ListRunnerProps,
  listComponent,
  useListExport,
  useResourceList,
} from "../kit/list-component.tsx";
import { PaymentsView } from "./payments.view.tsx";
import { RefundAction, refundable } from "./refund-action.tsx";

function PaymentsRunner(props: ListRunnerProps) {
  const { recent } = props;
  const session = useSession();
  const components = session?.components ?? {};
  const { list, detail, filters, onFiltersChange, refresh } = useResourceList<Charge>(
    paymentsListMachine,
    props,
    { spec: paymentsFilterSpec, recentCount: RECENT_PAYMENTS_COUNT },
  );
  // The CSV export of the whole filtered list, produced by the provider (not one page).
  const exporting = useListExport(props, "/v1/exports/charges", paymentsFilterSpec, filters);
  const canExport = !recent && sessionFeature(components, "payments", "export");
  const canRefund = sessionFeature(components, "payments", "refund_management");
  return (
    <PaymentsView
      {...list}
      recent={recent}
      filters={filters}
      onFiltersChange={onFiltersChange}
      features={{
        email: sessionFeature(
          components,
          "payments",
          "enable_embedded_email_filter_in_payments_list",
        ),
        metadata: sessionFeature(
          components,
          "payments",
          "enable_embedded_metadata_filter_in_payments_list",
        ),
      }}
      currency={session?.merchant_data?.default_currency ?? "usd"}
      detail={detail}
      {...(canRefund
        ? {
            actions: (p: Charge) =>
              refundable(p) ? (
                <RefundAction
                  key={`${p.id}:${p.amount_refunded}`}
                  payment={p}
                  view={props}
                  onRefunded={refresh}
                />
              ) : null,
          }
        : {})}
      {...(canExport ? { exporting } : {})}
    />
  );
}

export default listComponent(PaymentsRunner, { recentAttribute: "recent-payments" });

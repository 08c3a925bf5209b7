/**
 * The payments component as the frame registers it: the kit's list machine for charges, run
 * by `useComponentMachine` (effects from the frame), its snapshot connected to the view. The
 * platform's default filters (`setDefaultFilters`) start the list; the FilterBar changes
 * them, offering the email and metadata filters only where the session enables them (the
 * provider refuses them otherwise). `recent-payments` shows the newest few.
 */

import { useCallback } from "react";
import { downloadMachine } from "../../../machines/components/download.machine.ts";
import {
  paymentsListMachine,
  RECENT_PAYMENTS_COUNT,
} from "../../../machines/components/payments/payments.machine.ts";
import { DEFAULT_PAGE_SIZE } from "../../../machines/components/resource-list.machine.ts";
import { sessionFeature } from "../../../protocol/catalogue/features.ts";
import { manifestEntry } from "../../../protocol/catalogue/manifest.ts";
import {
  filterQueryString,
  fromDefaultFilters,
  localDayStart,
  paymentsFilterSpec,
} from "../../../protocol/filters.ts";
import type { Charge } from "../../../protocol/objects/charge.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostProps, useSession } from "../../frame/frame-context.tsx";
import { useNarrowLayout } from "../../frame/frame-shell.view.tsx";
import { saveFile } from "../../frame/save-file.ts";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { connectDetail, connectResourceList } from "../kit/resource-list.connect.ts";
import { isOn } from "../payouts-list/payouts-list.component.tsx";
import { PaymentsView } from "./payments.view.tsx";
import { RefundAction, refundable } from "./refund-action.tsx";

/** The file the provider produced goes to the person as a download. */
const EXPORT_EFFECTS = {
  "file.ready": (event: { file: File }) => saveFile(event.file, document),
};

function PaymentsRunner(props: ComponentViewProps & { recent: boolean; defaults: unknown }) {
  const { recent, defaults } = props;
  const narrow = useNarrowLayout();
  const session = useSession();
  const components = session?.components ?? {};
  const { snapshot, send } = useComponentMachine(paymentsListMachine, {
    input: {
      pageSize: recent ? RECENT_PAYMENTS_COUNT : DEFAULT_PAGE_SIZE,
      paged: !recent,
      filters: defaults === undefined ? {} : fromDefaultFilters(paymentsFilterSpec, defaults),
    },
    view: props,
  });
  // The CSV export of the whole filtered list, produced by the provider (not one page).
  const download = useComponentMachine(downloadMachine, {
    input: undefined as never,
    view: props,
    effects: EXPORT_EFFECTS,
  });
  const canExport = !recent && sessionFeature(components, "payments", "export");
  const canRefund = sessionFeature(components, "payments", "refund_management");
  const refresh = useCallback(() => send({ type: "list.refresh" }), [send]);
  const errorText = manifestEntry(props.component)?.errorText ?? null;
  return (
    <PaymentsView
      {...connectResourceList(snapshot, send, { narrow, errorText })}
      recent={recent}
      filters={snapshot.context.filters}
      onFiltersChange={(filters) => send({ type: "filters.change", filters })}
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
      detail={connectDetail(snapshot, send)}
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
      {...(canExport
        ? {
            exporting: {
              busy: download.snapshot.matches("downloading"),
              failed: download.snapshot.matches("failed"),
              onExport: () =>
                download.send({
                  type: "download",
                  url: `/v1/exports/charges?${filterQueryString(paymentsFilterSpec, snapshot.context.filters, localDayStart)}`,
                }),
              onDismiss: () => download.send({ type: "dismiss" }),
            },
          }
        : {})}
    />
  );
}

export default function Payments(props: ComponentViewProps) {
  const host = useHostProps();
  const recent = isOn(host?.attributes["recent-payments"]);
  const defaults = host?.setters.defaultFilters;
  // New default filters (or a mode change) start a fresh list.
  const key = `${recent ? "recent" : "all"}:${JSON.stringify(defaults ?? null)}`;
  return <PaymentsRunner key={key} {...props} recent={recent} defaults={defaults} />;
}

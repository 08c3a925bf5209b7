import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import type { FilterValues } from "../../../protocol/filters.ts";
import { disputesFilterSpec } from "../../../protocol/filters.ts";
import {
  type Dispute,
  disputeReasons,
  disputeStatuses,
} from "../../../protocol/objects/dispute.schema.ts";
import { formatDate, formatMoney } from "../../i18n/format.ts";
import { DateTime, type DescriptionItem, DescriptionList, Money } from "../../kit/index.ts";
import type { ListExport } from "../kit/list-component.tsx";
import { ListPageView } from "../kit/list-page.view.tsx";
import type { DetailState } from "../kit/resource-detail.view.tsx";
import type { ResourceListConnected } from "../kit/resource-list.connect.ts";
import type { ListColumn } from "../kit/resource-list.view.tsx";
import {
  DisputeStatusBadge,
  disputeReasonMessage,
  disputeStatusDisplay,
  RespondBy,
} from "./dispute-parts.view.tsx";
import { disputesListMessages as m } from "./disputes-list.messages.ts";

export interface DisputesListViewProps extends ResourceListConnected<Dispute> {
  filters: FilterValues;
  onFiltersChange(filters: FilterValues): void;
  detail: DetailState<Dispute>;
  /** Absent when the session does not enable the export. */
  exporting?: ListExport;
  /** The response to an open dispute, where the session enables `dispute_management`. */
  response?: (dispute: Dispute) => ReactNode;
}

function DisputeFacts({ dispute: d }: { dispute: Dispute }) {
  const intl = useIntl();
  const charge = typeof d.charge === "object" ? d.charge : null;
  const items: DescriptionItem[] = [
    {
      id: "amount",
      term: intl.formatMessage(m.amount),
      description: <Money amount={d.amount} currency={d.currency} />,
    },
    {
      id: "status",
      term: intl.formatMessage(m.status),
      description: <DisputeStatusBadge status={d.status} />,
    },
    {
      id: "reason",
      term: intl.formatMessage(m.reason),
      description: intl.formatMessage(disputeReasonMessage[d.reason]),
    },
    {
      id: "respond-by",
      term: intl.formatMessage(m.respondBy),
      description: <RespondBy dispute={d} />,
    },
    {
      id: "opened",
      term: intl.formatMessage(m.opened),
      description: <DateTime seconds={d.created} format="datetime" />,
    },
  ];
  if (d.evidence_details.submitted_at !== null)
    items.push({
      id: "submitted",
      term: intl.formatMessage(m.submittedAt),
      description: <DateTime seconds={d.evidence_details.submitted_at} format="datetime" />,
    });
  if (d.closed_at !== null)
    items.push({
      id: "closed",
      term: intl.formatMessage(m.closedAt),
      description: <DateTime seconds={d.closed_at} format="datetime" />,
    });
  items.push(
    {
      id: "payment",
      term: intl.formatMessage(m.payment),
      description: <code>{charge ? charge.id : String(d.charge)}</code>,
    },
    { id: "id", term: intl.formatMessage(m.disputeId), description: <code>{d.id}</code> },
  );
  return <DescriptionList items={items} />;
}

/** Every dispute of the account: newest first, paged, filterable, each opening its response. */
export function DisputesListView({
  filters,
  onFiltersChange,
  detail,
  exporting,
  response,
  ...list
}: DisputesListViewProps) {
  const intl = useIntl();
  const statusLabels = Object.fromEntries(
    disputeStatuses.map((s) => [s, intl.formatMessage(disputeStatusDisplay[s].message)]),
  );
  const reasonLabels = Object.fromEntries(
    disputeReasons.map((r) => [r, intl.formatMessage(disputeReasonMessage[r])]),
  );
  const columns: ListColumn<Dispute>[] = [
    {
      id: "amount",
      header: intl.formatMessage(m.amount),
      align: "end",
      narrow: true,
      cell: (d) => <Money amount={d.amount} currency={d.currency} />,
    },
    {
      id: "status",
      header: intl.formatMessage(m.status),
      narrow: true,
      cell: (d) => <DisputeStatusBadge status={d.status} />,
    },
    {
      id: "reason",
      header: intl.formatMessage(m.reason),
      cell: (d) => reasonLabels[d.reason],
    },
    {
      id: "respond-by",
      header: intl.formatMessage(m.respondBy),
      narrow: true,
      cell: (d) => <RespondBy dispute={d} />,
    },
    {
      id: "opened",
      header: intl.formatMessage(m.opened),
      cell: (d) => <DateTime seconds={d.created} />,
    },
  ];
  const rowLabel = (d: Dispute) =>
    intl.formatMessage(m.rowLabel, {
      amount: formatMoney(d.amount, d.currency, intl.locale),
      status: statusLabels[d.status] ?? d.status,
      date: formatDate(d.created, intl.locale),
    });
  return (
    <ListPageView
      {...list}
      className="disputes-list"
      caption={intl.formatMessage(m.title)}
      columns={columns}
      rowKey={(d) => d.id}
      rowLabel={rowLabel}
      filters={{
        spec: disputesFilterSpec,
        offered: [
          { name: "status", label: intl.formatMessage(m.status), optionLabels: statusLabels },
          { name: "reason", label: intl.formatMessage(m.reason), optionLabels: reasonLabels },
          { name: "created", label: intl.formatMessage(m.opened) },
        ],
        values: filters,
        onChange: onFiltersChange,
      }}
      exporting={exporting}
      messages={m}
      detail={{
        ...detail,
        children: (d) => (
          <>
            <DisputeFacts dispute={d} />
            {response?.(d)}
          </>
        ),
      }}
    />
  );
}

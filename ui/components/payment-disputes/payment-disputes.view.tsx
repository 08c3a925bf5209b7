import { type IntlShape, useIntl } from "react-intl";
import type { Dispute } from "../../../protocol/objects/dispute.schema.ts";
import { formatMoney } from "../../i18n/format.ts";
import {
  DateTime,
  type DescriptionItem,
  DescriptionList,
  EmptyState,
  Money,
} from "../../kit/index.ts";
import {
  DisputeStatusBadge,
  disputeReasonMessage,
  disputeStatusDisplay,
} from "../disputes-list/dispute-parts.view.tsx";
import { type DetailState, ResourceDetail } from "../kit/resource-detail.view.tsx";
import type { ResourceListConnected } from "../kit/resource-list.connect.ts";
import { type ListColumn, ResourceListView } from "../kit/resource-list.view.tsx";
import { paymentDisputesMessages as m } from "./payment-disputes.messages.ts";

export interface PaymentDisputesViewProps extends ResourceListConnected<Dispute> {
  detail: DetailState<Dispute>;
}

/** A dispute's status in words. */
export const disputeStatusText = (status: Dispute["status"], intl: IntlShape) =>
  intl.formatMessage(disputeStatusDisplay[status].message);

/** One dispute's facts: status, amount, reason, dates of its course. */
export function DisputeFacts({ dispute: d }: { dispute: Dispute }) {
  const intl = useIntl();
  const items: DescriptionItem[] = [
    {
      id: "status",
      term: intl.formatMessage(m.status),
      description: <DisputeStatusBadge status={d.status} />,
    },
    {
      id: "amount",
      term: intl.formatMessage(m.amount),
      description: <Money amount={d.amount} currency={d.currency} />,
    },
    {
      id: "reason",
      term: intl.formatMessage(m.reason),
      description: intl.formatMessage(disputeReasonMessage[d.reason]),
    },
    {
      id: "opened",
      term: intl.formatMessage(m.opened),
      description: <DateTime seconds={d.created} format="datetime" />,
    },
  ];
  if (d.closed_at === null)
    items.push({
      id: "respond-by",
      term: intl.formatMessage(m.respondBy),
      description: <DateTime seconds={d.evidence_details.due_by} format="datetime" />,
    });
  if (d.evidence_details.submitted_at !== null)
    items.push({
      id: "submitted",
      term: intl.formatMessage(m.evidenceSubmitted),
      description: <DateTime seconds={d.evidence_details.submitted_at} format="datetime" />,
    });
  if (d.closed_at !== null)
    items.push({
      id: "closed",
      term: intl.formatMessage(m.closed),
      description: <DateTime seconds={d.closed_at} format="datetime" />,
    });
  items.push({ id: "id", term: intl.formatMessage(m.disputeId), description: <code>{d.id}</code> });
  return <DescriptionList items={items} />;
}

/** The disputes of one payment: status, amount, reason, respond-by date; or none. */
export function PaymentDisputesView({ detail, ...list }: PaymentDisputesViewProps) {
  const intl = useIntl();
  const columns: ListColumn<Dispute>[] = [
    {
      id: "status",
      header: intl.formatMessage(m.status),
      narrow: true,
      cell: (d) => <DisputeStatusBadge status={d.status} />,
    },
    {
      id: "amount",
      header: intl.formatMessage(m.amount),
      align: "end",
      narrow: true,
      cell: (d) => <Money amount={d.amount} currency={d.currency} />,
    },
    {
      id: "reason",
      header: intl.formatMessage(m.reason),
      cell: (d) => intl.formatMessage(disputeReasonMessage[d.reason]),
    },
    {
      id: "respond-by",
      header: intl.formatMessage(m.respondBy),
      narrow: true,
      cell: (d) => (d.closed_at === null ? <DateTime seconds={d.evidence_details.due_by} /> : ""),
    },
  ];
  const rowLabel = (d: Dispute) =>
    intl.formatMessage(m.rowLabel, {
      amount: formatMoney(d.amount, d.currency, intl.locale),
      status: intl.formatMessage(disputeStatusDisplay[d.status].message),
      reason: intl.formatMessage(disputeReasonMessage[d.reason]),
    });
  return (
    <ResourceListView
      {...list}
      className="payment-disputes"
      caption={intl.formatMessage(m.title)}
      columns={columns}
      rowKey={(d) => d.id}
      rowLabel={rowLabel}
      empty={
        <EmptyState
          title={intl.formatMessage(m.emptyTitle)}
          description={intl.formatMessage(m.emptyDescription)}
        />
      }
      detail={
        <ResourceDetail
          {...detail}
          title={intl.formatMessage(m.detailTitle)}
          failedTitle={intl.formatMessage(m.detailFailed)}
          narrow={list.narrow}
        >
          {(d) => <DisputeFacts dispute={d} />}
        </ResourceDetail>
      }
    />
  );
}

import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import type { FilterValues } from "../../../protocol/filters.ts";
import { paymentsFilterSpec } from "../../../protocol/filters.ts";
import { type Charge, paymentStatuses } from "../../../protocol/objects/charge.schema.ts";
import { formatDate, formatMoney } from "../../i18n/format.ts";
import { DateTime, type DescriptionItem, DescriptionList, Money } from "../../kit/index.ts";
import type { ListExport } from "../kit/list-component.tsx";
import { ListPageView } from "../kit/list-page.view.tsx";
import type { DetailState } from "../kit/resource-detail.view.tsx";
import type { ResourceListConnected } from "../kit/resource-list.connect.ts";
import type { ListColumn } from "../kit/resource-list.view.tsx";
import {
  PaymentStatusBadge,
  paymentMethodText,
  paymentStatusDisplay,
} from "./payment-parts.view.tsx";
import { paymentsMessages as m } from "./payments.messages.ts";

/** The session's gated filters (`enable_embedded_*_filter_in_payments_list`). */
export interface PaymentFilterFeatures {
  email: boolean;
  metadata: boolean;
}

/** The CSV export of the filtered list (where the session enables `export`). */
export type PaymentsExport = ListExport;

export interface PaymentsViewProps extends ResourceListConnected<Charge> {
  /** The `recent-payments` mode: the newest few, without paging or filters. */
  recent: boolean;
  filters: FilterValues;
  onFiltersChange(filters: FilterValues): void;
  features: PaymentFilterFeatures;
  /** The currency amounts are entered in (the account's default). */
  currency: string;
  detail: DetailState<Charge>;
  /** Absent when the session does not enable the export. */
  exporting?: PaymentsExport;
  /** The actions of an open payment the session allows (a refund), under its facts. */
  actions?: (payment: Charge) => ReactNode;
}

function PaymentFacts({ payment: p }: { payment: Charge }) {
  const intl = useIntl();
  const bt = typeof p.balance_transaction === "object" ? p.balance_transaction : null;
  const money = (amount: number) => <Money amount={amount} currency={p.currency} />;
  const items: DescriptionItem[] = [
    { id: "amount", term: intl.formatMessage(m.amount), description: money(p.amount) },
    {
      id: "status",
      term: intl.formatMessage(m.status),
      description: <PaymentStatusBadge status={p.payment_status} />,
    },
  ];
  if (bt)
    items.push(
      { id: "fee", term: intl.formatMessage(m.fee), description: money(bt.fee) },
      { id: "net", term: intl.formatMessage(m.net), description: money(bt.net) },
    );
  if (p.amount_refunded > 0)
    items.push({
      id: "refunded",
      term: intl.formatMessage(m.refunded),
      description: money(p.amount_refunded),
    });
  items.push({
    id: "method",
    term: intl.formatMessage(m.method),
    description: paymentMethodText(p, intl),
  });
  if (p.customer?.email || p.customer?.name)
    items.push({
      id: "customer",
      term: intl.formatMessage(m.customer),
      description: [p.customer.name, p.customer.email].filter(Boolean).join(" · "),
    });
  if (p.description)
    items.push({
      id: "description",
      term: intl.formatMessage(m.description),
      description: p.description,
    });
  if (p.failure_message)
    items.push({
      id: "failure",
      term: intl.formatMessage(m.failureReason),
      description: p.failure_message,
    });
  items.push({
    id: "created",
    term: intl.formatMessage(m.created),
    description: <DateTime seconds={p.created} format="datetime" />,
  });
  if (p.captured_at !== null)
    items.push({
      id: "captured",
      term: intl.formatMessage(m.captured),
      description: <DateTime seconds={p.captured_at} format="datetime" />,
    });
  if (p.canceled_at !== null)
    items.push({
      id: "canceled",
      term: intl.formatMessage(m.canceled),
      description: <DateTime seconds={p.canceled_at} format="datetime" />,
    });
  items.push({ id: "id", term: intl.formatMessage(m.paymentId), description: <code>{p.id}</code> });
  return <DescriptionList items={items} />;
}

/** The account's payments: newest first, paged, filterable, each opening its details. */
export function PaymentsView({
  recent,
  filters,
  onFiltersChange,
  features,
  currency,
  detail,
  exporting,
  actions,
  ...list
}: PaymentsViewProps) {
  const intl = useIntl();
  const statusLabels = Object.fromEntries(
    paymentStatuses.map((s) => [s, intl.formatMessage(paymentStatusDisplay[s].message)]),
  );
  const columns: ListColumn<Charge>[] = [
    {
      id: "amount",
      header: intl.formatMessage(m.amount),
      align: "end",
      narrow: true,
      cell: (p) => <Money amount={p.amount} currency={p.currency} />,
    },
    {
      id: "status",
      header: intl.formatMessage(m.status),
      narrow: true,
      cell: (p) => <PaymentStatusBadge status={p.payment_status} />,
    },
    {
      id: "method",
      header: intl.formatMessage(m.method),
      cell: (p) => paymentMethodText(p, intl),
    },
    {
      id: "description",
      header: intl.formatMessage(m.description),
      cell: (p) => p.description ?? "",
    },
    {
      id: "customer",
      header: intl.formatMessage(m.customer),
      cell: (p) => p.customer?.email ?? "",
    },
    {
      id: "date",
      header: intl.formatMessage(m.date),
      narrow: true,
      cell: (p) => <DateTime seconds={p.created} />,
    },
  ];
  const rowLabel = (p: Charge) =>
    intl.formatMessage(m.rowLabel, {
      amount: formatMoney(p.amount, p.currency, intl.locale),
      status: statusLabels[p.payment_status] ?? p.payment_status,
      date: formatDate(p.created, intl.locale),
    });
  const offered = [
    { name: "amount", label: intl.formatMessage(m.amount), currency },
    { name: "created", label: intl.formatMessage(m.date) },
    { name: "status", label: intl.formatMessage(m.status), optionLabels: statusLabels },
    ...(features.email
      ? [{ name: "customer_email", label: intl.formatMessage(m.filterEmail) }]
      : []),
    ...(features.metadata
      ? [{ name: "metadata", label: intl.formatMessage(m.filterMetadata) }]
      : []),
  ];
  return (
    <ListPageView
      {...list}
      className="payments-list"
      caption={intl.formatMessage(recent ? m.recentTitle : m.title)}
      columns={columns}
      rowKey={(p) => p.id}
      rowLabel={rowLabel}
      filters={
        recent
          ? undefined
          : { spec: paymentsFilterSpec, offered, values: filters, onChange: onFiltersChange }
      }
      exporting={recent ? undefined : exporting}
      messages={m}
      detail={{
        ...detail,
        children: (p) => (
          <>
            <PaymentFacts payment={p} />
            {actions?.(p)}
          </>
        ),
      }}
    />
  );
}

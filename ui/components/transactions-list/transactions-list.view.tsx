import type { MessageDescriptor } from "react-intl";
import { useIntl } from "react-intl";
import type { FilterValues } from "../../../protocol/filters.ts";
import { transactionsFilterSpec } from "../../../protocol/filters.ts";
import {
  type BalanceTransaction,
  type BalanceTransactionType,
  balanceTransactionTypes,
} from "../../../protocol/objects/balance-transaction.schema.ts";
import { formatDate, formatMoney } from "../../i18n/format.ts";
import { Badge, DateTime, type DescriptionItem, DescriptionList, Money } from "../../kit/index.ts";
import { ListPageView } from "../kit/list-page.view.tsx";
import type { DetailState } from "../kit/resource-detail.view.tsx";
import type { ResourceListConnected } from "../kit/resource-list.connect.ts";
import type { ListColumn } from "../kit/resource-list.view.tsx";
import { transactionsListMessages as m } from "./transactions-list.messages.ts";

export const transactionTypeMessage: Record<BalanceTransactionType, MessageDescriptor> = {
  charge: m.typeCharge,
  refund: m.typeRefund,
  adjustment: m.typeAdjustment,
  payout: m.typePayout,
  payout_cancel: m.typePayoutCancel,
  payout_failure: m.typePayoutFailure,
  topup: m.typeTopup,
};

export interface TransactionsListViewProps extends ResourceListConnected<BalanceTransaction> {
  /** The `recent-transactions` mode: the newest few, without paging or filters. */
  recent: boolean;
  filters: FilterValues;
  onFiltersChange(filters: FilterValues): void;
  detail: DetailState<BalanceTransaction>;
}

function TransactionStatus({ transaction }: { transaction: BalanceTransaction }) {
  const intl = useIntl();
  return transaction.status === "available" ? (
    <Badge status="success">{intl.formatMessage(m.statusAvailable)}</Badge>
  ) : (
    <Badge status="neutral">{intl.formatMessage(m.statusPending)}</Badge>
  );
}

function TransactionFacts({ transaction: t }: { transaction: BalanceTransaction }) {
  const intl = useIntl();
  const items: DescriptionItem[] = [
    {
      id: "type",
      term: intl.formatMessage(m.type),
      description: intl.formatMessage(transactionTypeMessage[t.type]),
    },
    {
      id: "amount",
      term: intl.formatMessage(m.amount),
      description: <Money amount={t.amount} currency={t.currency} />,
    },
    {
      id: "fee",
      term: intl.formatMessage(m.fee),
      description: <Money amount={t.fee} currency={t.currency} />,
    },
    {
      id: "net",
      term: intl.formatMessage(m.net),
      description: <Money amount={t.net} currency={t.currency} />,
    },
    {
      id: "status",
      term: intl.formatMessage(m.status),
      description: <TransactionStatus transaction={t} />,
    },
    {
      id: "available",
      term: intl.formatMessage(m.availableOn),
      description: <DateTime seconds={t.available_on} timeZone="UTC" />,
    },
    {
      id: "created",
      term: intl.formatMessage(m.created),
      description: <DateTime seconds={t.created} format="datetime" />,
    },
    { id: "source", term: intl.formatMessage(m.source), description: <code>{t.source}</code> },
    { id: "id", term: intl.formatMessage(m.transactionId), description: <code>{t.id}</code> },
  ];
  if (t.description)
    items.splice(1, 0, {
      id: "description",
      term: intl.formatMessage(m.description),
      description: t.description,
    });
  return <DescriptionList items={items} />;
}

/** The account's balance transactions: newest first, paged, filterable by type. */
export function TransactionsListView({
  recent,
  filters,
  onFiltersChange,
  detail,
  ...list
}: TransactionsListViewProps) {
  const intl = useIntl();
  const typeLabels = Object.fromEntries(
    balanceTransactionTypes.map((type) => [type, intl.formatMessage(transactionTypeMessage[type])]),
  );
  const columns: ListColumn<BalanceTransaction>[] = [
    {
      id: "type",
      header: intl.formatMessage(m.type),
      narrow: true,
      cell: (t) => typeLabels[t.type],
    },
    {
      id: "amount",
      header: intl.formatMessage(m.amount),
      align: "end",
      cell: (t) => <Money amount={t.amount} currency={t.currency} />,
    },
    {
      id: "fee",
      header: intl.formatMessage(m.fee),
      align: "end",
      cell: (t) => <Money amount={t.fee} currency={t.currency} />,
    },
    {
      id: "net",
      header: intl.formatMessage(m.net),
      align: "end",
      narrow: true,
      cell: (t) => <Money amount={t.net} currency={t.currency} />,
    },
    {
      id: "available",
      header: intl.formatMessage(m.availableOn),
      narrow: true,
      cell: (t) => <DateTime seconds={t.available_on} timeZone="UTC" />,
    },
    {
      id: "description",
      header: intl.formatMessage(m.description),
      cell: (t) => t.description ?? "",
    },
  ];
  const rowLabel = (t: BalanceTransaction) =>
    intl.formatMessage(m.rowLabel, {
      type: typeLabels[t.type] ?? t.type,
      amount: formatMoney(t.net, t.currency, intl.locale),
      date: formatDate(t.created, intl.locale),
    });
  return (
    <ListPageView
      {...list}
      className="transactions-list"
      caption={intl.formatMessage(recent ? m.recentTitle : m.title)}
      columns={columns}
      rowKey={(t) => t.id}
      rowLabel={rowLabel}
      filters={
        recent
          ? undefined
          : {
              spec: transactionsFilterSpec,
              offered: [
                { name: "type", label: intl.formatMessage(m.type), optionLabels: typeLabels },
              ],
              values: filters,
              onChange: onFiltersChange,
            }
      }
      messages={m}
      detail={{
        ...detail,
        children: (t) => <TransactionFacts transaction={t} />,
      }}
    />
  );
}

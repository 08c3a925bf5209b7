import { useIntl } from "react-intl";
import { type FilterValues, payoutsFilterSpec } from "../../../protocol/filters.ts";
import { type Payout, payoutStatuses } from "../../../protocol/objects/payout.schema.ts";
import { formatDate, formatMoney } from "../../i18n/format.ts";
import { DateTime, Money } from "../../kit/index.ts";
import type { ListExport } from "../kit/list-component.tsx";
import { ListPageView } from "../kit/list-page.view.tsx";
import type { DetailState } from "../kit/resource-detail.view.tsx";
import type { ResourceListConnected } from "../kit/resource-list.connect.ts";
import type { ListColumn } from "../kit/resource-list.view.tsx";
import { PayoutDetailBody } from "./payout-detail.view.tsx";
import {
  PayoutDestination,
  PayoutStatusBadge,
  payoutMethodMessage,
  payoutStatusDisplay,
} from "./payout-parts.view.tsx";
import { payoutsListMessages as m } from "./payouts-list.messages.ts";

export interface PayoutsListViewProps extends ResourceListConnected<Payout> {
  /** The `recent-payouts` mode: a short list of the newest, without paging or filters. */
  recent: boolean;
  detail: DetailState<Payout>;
  /** The filters (status, created, amount) and their change; absent in recent mode. */
  filters?: FilterValues;
  onFiltersChange?(filters: FilterValues): void;
  /** The currency amounts are entered in (the account's default). */
  currency?: string;
  /** The CSV export of the filtered list; absent in recent mode. */
  exporting?: ListExport;
}

/** The connected account's payouts: a table newest first, paged, each row opening its detail. */
export function PayoutsListView({
  recent,
  detail,
  filters,
  onFiltersChange,
  currency = "usd",
  exporting,
  ...list
}: PayoutsListViewProps) {
  const intl = useIntl();
  const statusLabels = Object.fromEntries(
    payoutStatuses.map((s) => [s, intl.formatMessage(payoutStatusDisplay[s].message)]),
  );
  const offered = [
    { name: "status", label: intl.formatMessage(m.status), optionLabels: statusLabels },
    { name: "created", label: intl.formatMessage(m.created) },
    { name: "amount", label: intl.formatMessage(m.amount), currency },
  ];
  const columns: ListColumn<Payout>[] = [
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
      cell: (p) => <PayoutStatusBadge status={p.status} />,
    },
    {
      id: "arrival",
      header: intl.formatMessage(m.arrivalDate),
      narrow: true,
      cell: (p) => <DateTime seconds={p.arrival_date} timeZone="UTC" />,
    },
    {
      id: "method",
      header: intl.formatMessage(m.method),
      cell: (p) => intl.formatMessage(payoutMethodMessage[p.method]),
    },
    {
      id: "destination",
      header: intl.formatMessage(m.destination),
      cell: (p) => <PayoutDestination destination={p.destination} />,
    },
  ];
  const rowLabel = (p: Payout) =>
    intl.formatMessage(m.rowLabel, {
      amount: formatMoney(p.amount, p.currency, intl.locale),
      status: intl.formatMessage(payoutStatusDisplay[p.status].message),
      date: formatDate(p.arrival_date, intl.locale, { timeZone: "UTC" }),
    });
  return (
    <ListPageView
      {...list}
      className="payouts-list"
      caption={intl.formatMessage(recent ? m.recentTitle : m.title)}
      columns={columns}
      rowKey={(p) => p.id}
      rowLabel={rowLabel}
      filters={
        recent || !filters || !onFiltersChange
          ? undefined
          : { spec: payoutsFilterSpec, offered, values: filters, onChange: onFiltersChange }
      }
      exporting={recent ? undefined : exporting}
      messages={m}
      detail={{
        ...detail,
        children: (payout) => <PayoutDetailBody payout={payout} />,
      }}
    />
  );
}

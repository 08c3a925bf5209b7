import { useIntl } from "react-intl";
import type { Payout } from "../../../machines/components/payouts-list/payouts-list.types.ts";
import { loadFailureMessage } from "../../frame/frame.messages.ts";
import { formatDate, formatMoney } from "../../i18n/format.ts";
import { kitMessages } from "../../i18n/messages.ts";
import {
  Banner,
  Button,
  DateTime,
  EmptyState,
  Money,
  Table,
  type TableColumn,
} from "../../kit/index.ts";
import { PayoutDetail, type PayoutDetailProps } from "./payout-detail.view.tsx";
import {
  PayoutDestination,
  PayoutStatusBadge,
  payoutMethodMessage,
  payoutStatusDisplay,
} from "./payout-parts.view.tsx";
import { payoutsListMessages as m } from "./payouts-list.messages.ts";

export type PayoutsListStatus = "loading" | "ready" | "empty" | "error";

export interface PayoutsListViewProps {
  status: PayoutsListStatus;
  /** The `recent-payouts` mode: a short list of the newest, without paging. */
  recent: boolean;
  /** The rows, newest first. */
  payouts: readonly Payout[];
  /** Another page is loading while these rows stay on screen. */
  paging: boolean;
  hasNewer: boolean;
  hasOlder: boolean;
  /** The component's catalogue error text (English), shown translated on error. */
  errorText: string | null;
  /** The failed call's request id, to quote to support. */
  requestId: string | null;
  /** The frame is narrower than 381px: fewer columns. */
  narrow: boolean;
  onNext(): void;
  onPrevious(): void;
  onRetry(): void;
  onOpen(id: string): void;
  detail: PayoutDetailProps;
}

/** The connected account's payouts: a table newest first, paged, each row opening its detail. */
export function PayoutsListView(props: PayoutsListViewProps) {
  const intl = useIntl();
  const { status, recent, payouts, narrow } = props;

  if (status === "error") {
    return (
      <Banner
        status="warning"
        title={intl.formatMessage(loadFailureMessage(props.errorText))}
        actions={<Button onClick={props.onRetry}>{intl.formatMessage(kitMessages.retry)}</Button>}
      >
        {props.requestId ? (
          <span className="kit-secondary-text">
            {intl.formatMessage(m.requestId, { requestId: props.requestId })}
          </span>
        ) : null}
      </Banner>
    );
  }

  const columns: TableColumn<Payout>[] = [
    {
      id: "amount",
      header: intl.formatMessage(m.amount),
      align: "end",
      cell: (p) => <Money amount={p.amount} currency={p.currency} />,
    },
    {
      id: "status",
      header: intl.formatMessage(m.status),
      cell: (p) => <PayoutStatusBadge status={p.status} />,
    },
    {
      id: "arrival",
      header: intl.formatMessage(m.arrivalDate),
      cell: (p) => <DateTime seconds={p.arrival_date} timeZone="UTC" />,
    },
  ];
  if (!narrow) {
    columns.push(
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
    );
  }

  const rowLabel = (p: Payout) =>
    intl.formatMessage(m.rowLabel, {
      amount: formatMoney(p.amount, p.currency, intl.locale),
      status: intl.formatMessage(payoutStatusDisplay[p.status].message),
      date: formatDate(p.arrival_date, intl.locale, { timeZone: "UTC" }),
    });

  return (
    <div className="payouts-list" data-narrow={narrow || undefined}>
      <Table
        caption={intl.formatMessage(recent ? m.recentTitle : m.title)}
        columns={columns}
        rows={payouts}
        rowKey={(p) => p.id}
        rowLabel={rowLabel}
        onRowActivate={(p) => props.onOpen(p.id)}
        loading={status === "loading" && payouts.length === 0}
        empty={
          <EmptyState
            title={intl.formatMessage(m.emptyTitle)}
            description={intl.formatMessage(m.emptyDescription)}
          />
        }
        {...(recent
          ? {}
          : {
              pagination: {
                hasPrevious: props.hasNewer,
                hasNext: props.hasOlder,
                onPrevious: props.onPrevious,
                onNext: props.onNext,
                loading: props.paging,
                label: intl.formatMessage(m.title),
              },
            })}
      />
      <PayoutDetail {...props.detail} />
    </div>
  );
}

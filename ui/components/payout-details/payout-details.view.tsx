import type { IntlShape } from "react-intl";
import { useIntl } from "react-intl";
import type { BalanceTransaction } from "../../../protocol/objects/balance-transaction.schema.ts";
import type { Payout } from "../../../protocol/objects/payout.schema.ts";
import { formatMoney } from "../../i18n/format.ts";
import {
  DateTime,
  Money,
  Table,
  type TableColumn,
  Timeline,
  type TimelineEvent,
} from "../../kit/index.ts";
import { DetailsPanel, DetailsSection, type DetailsStatus } from "../kit/details-panel.view.tsx";
import { FailureFacts, PayoutFacts, timelineOf } from "../payouts-list/payout-detail.view.tsx";
import { payoutsListMessages as pm } from "../payouts-list/payouts-list.messages.ts";
import { transactionsListMessages as tm } from "../transactions-list/transactions-list.messages.ts";
import { transactionTypeMessage } from "../transactions-list/transactions-list.view.tsx";
import { payoutDetailsMessages as m } from "./payout-details.messages.ts";

export interface PayoutDetailsViewProps {
  /** In the page (`inline`) rather than a drawer reporting `overlaychange`. */
  inline: boolean;
  /** Shown: the host's `visible`, until the person closes it. */
  open: boolean;
  narrow: boolean;
  status: DetailsStatus;
  payout: Payout | null;
  /** The balance transactions the payout settled (newest first). */
  settled: readonly BalanceTransaction[];
  /** More were settled than are shown. */
  moreSettled: boolean;
  requestId: string | null;
  /** The session's `shared_payout_details_timeline` flag: the ledger's moves in the timeline. */
  sharedTimeline: boolean;
  onClose(): void;
  onRetry(): void;
}

/**
 * The payout's timeline: its status events (`timelineOf`, shared with the payouts list) and,
 * with the shared timeline, the ledger's moves — the amount taken from the balance and, for
 * a failed payout, the amount returned — newest first.
 */
export function payoutTimeline(p: Payout, shared: boolean, intl: IntlShape): TimelineEvent[] {
  const events = timelineOf(p, intl);
  if (!shared) return events;
  const money = (amount: number) => formatMoney(amount, p.currency, intl.locale);
  const debit = typeof p.balance_transaction === "object" ? p.balance_transaction : null;
  if (debit)
    events.push({
      id: "debited",
      title: intl.formatMessage(m.eventDebited, { amount: money(-debit.net) }),
      seconds: debit.created,
    });
  const returned =
    typeof p.failure_balance_transaction === "object" ? p.failure_balance_transaction : null;
  if (returned)
    events.push({
      id: "returned",
      title: intl.formatMessage(m.eventReturned, { amount: money(returned.net) }),
      seconds: returned.created,
      status: "success",
    });
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => b.event.seconds - a.event.seconds || a.index - b.index)
    .map(({ event }) => event);
}

function SettledTable(props: { settled: readonly BalanceTransaction[]; more: boolean }) {
  const intl = useIntl();
  const columns: TableColumn<BalanceTransaction>[] = [
    {
      id: "type",
      header: intl.formatMessage(tm.type),
      cell: (t) => intl.formatMessage(transactionTypeMessage[t.type]),
    },
    {
      id: "net",
      header: intl.formatMessage(tm.net),
      align: "end",
      cell: (t) => <Money amount={t.net} currency={t.currency} />,
    },
    {
      id: "available",
      header: intl.formatMessage(tm.availableOn),
      cell: (t) => <DateTime seconds={t.available_on} />,
    },
    { id: "source", header: intl.formatMessage(tm.source), cell: (t) => <code>{t.source}</code> },
  ];
  return (
    <>
      <Table
        caption={intl.formatMessage(m.settled)}
        captionHidden
        columns={columns}
        rows={props.settled}
        rowKey={(t) => t.id}
        empty={<p>{intl.formatMessage(m.settledEmpty)}</p>}
      />
      {props.more ? (
        <p>{intl.formatMessage(m.settledMore, { count: props.settled.length })}</p>
      ) : null}
    </>
  );
}

/** Everything about one shown payout: facts, failure, timeline, the transactions it settled. */
function PayoutContent(props: PayoutDetailsViewProps & { payout: Payout }) {
  const intl = useIntl();
  const { payout } = props;
  return (
    <div className="kit-detail-sections payout-details-content">
      <p className="kit-heading-md">
        <Money amount={payout.amount} currency={payout.currency} />
      </p>
      <PayoutFacts payout={payout} />
      <FailureFacts payout={payout} />
      <DetailsSection title={intl.formatMessage(pm.timelineLabel)}>
        <Timeline
          label={intl.formatMessage(pm.timelineLabel)}
          events={payoutTimeline(payout, props.sharedTimeline, intl)}
        />
      </DetailsSection>
      <DetailsSection title={intl.formatMessage(m.settled)}>
        <SettledTable settled={props.settled} more={props.moreSettled} />
      </DetailsSection>
    </div>
  );
}

/** One payout by id: a drawer (a dialog when narrow), or a section of the page inline. */
export function PayoutDetailsView(props: PayoutDetailsViewProps) {
  const intl = useIntl();
  return (
    <DetailsPanel
      inline={props.inline}
      open={props.open}
      narrow={props.narrow}
      status={props.status}
      item={props.payout}
      requestId={props.requestId}
      title={intl.formatMessage(pm.detailTitle)}
      failedTitle={intl.formatMessage(pm.detailFailed)}
      className="payout-details"
      onClose={props.onClose}
      onRetry={props.onRetry}
    >
      {(p) => <PayoutContent {...props} payout={p} />}
    </DetailsPanel>
  );
}

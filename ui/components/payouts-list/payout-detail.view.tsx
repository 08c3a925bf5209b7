import { type MessageDescriptor, useIntl } from "react-intl";
import type { Payout, PayoutFailureCode } from "../../../protocol/objects/payout.schema.ts";
import {
  DateTime,
  type DescriptionItem,
  DescriptionList,
  Money,
  Timeline,
  type TimelineEvent,
} from "../../kit/index.ts";
import { type DetailState, ResourceDetail } from "../kit/resource-detail.view.tsx";
import { payoutDetailsMessages as pd } from "../payout-details/payout-details.messages.ts";
import { PayoutDestination, PayoutStatusBadge, payoutMethodMessage } from "./payout-parts.view.tsx";
import { payoutsListMessages as m } from "./payouts-list.messages.ts";

/** The detail state of the list (the payout as its retrieve answered, balance transaction
 * expanded) and the layout. */
export interface PayoutDetailProps extends DetailState<Payout> {
  narrow: boolean;
}

/** The payout's history as far as its fields tell it; the view does not invent times. */
export function timelineOf(payout: Payout, intl: ReturnType<typeof useIntl>): TimelineEvent[] {
  const events: TimelineEvent[] = [
    { id: "created", title: intl.formatMessage(m.eventCreated), seconds: payout.created },
  ];
  if (payout.status === "paid")
    events.push({
      id: "arrived",
      title: intl.formatMessage(m.eventArrived),
      seconds: payout.arrival_date,
      status: "success",
    });
  else if (payout.status === "failed")
    events.push({
      id: "failed",
      title: intl.formatMessage(m.eventFailed),
      seconds: payout.arrival_date,
      status: "danger",
      ...(payout.failure_message ? { description: payout.failure_message } : {}),
    });
  else if (payout.status === "pending" || payout.status === "in_transit")
    events.push({
      id: "expected",
      title: intl.formatMessage(m.eventExpected),
      seconds: payout.arrival_date,
      status: "warning",
    });
  // Newest first, like the list.
  return events.reverse();
}

export function PayoutFacts({ payout }: { payout: Payout }) {
  const intl = useIntl();
  const bt = typeof payout.balance_transaction === "object" ? payout.balance_transaction : null;
  const items: DescriptionItem[] = [
    {
      id: "amount",
      term: intl.formatMessage(m.amount),
      description: <Money amount={payout.amount} currency={payout.currency} />,
    },
    {
      id: "status",
      term: intl.formatMessage(m.status),
      description: <PayoutStatusBadge status={payout.status} />,
    },
  ];
  if (bt) {
    items.push(
      {
        id: "fee",
        term: intl.formatMessage(m.fee),
        description: <Money amount={bt.fee} currency={bt.currency} />,
      },
      {
        id: "net",
        term: intl.formatMessage(m.netAmount),
        description: <Money amount={Math.abs(bt.net)} currency={bt.currency} />,
      },
    );
  }
  items.push(
    {
      id: "arrival",
      term: intl.formatMessage(m.arrivalDate),
      description: <DateTime seconds={payout.arrival_date} timeZone="UTC" />,
    },
    {
      id: "created",
      term: intl.formatMessage(m.created),
      description: <DateTime seconds={payout.created} format="datetime" />,
    },
    {
      id: "method",
      term: intl.formatMessage(m.method),
      description: intl.formatMessage(payoutMethodMessage[payout.method]),
    },
    {
      id: "type",
      term: intl.formatMessage(m.payoutType),
      description: intl.formatMessage(payout.automatic ? m.typeAutomatic : m.typeManual),
    },
    {
      id: "destination",
      term: intl.formatMessage(m.destination),
      description: <PayoutDestination destination={payout.destination} />,
    },
    {
      id: "balance-transaction",
      term: intl.formatMessage(m.balanceTransaction),
      description: <code>{bt ? bt.id : String(payout.balance_transaction)}</code>,
    },
    {
      id: "id",
      term: intl.formatMessage(m.payoutId),
      description: <code>{payout.id}</code>,
    },
  );
  return <DescriptionList items={items} />;
}

const failureMessages: Record<PayoutFailureCode, MessageDescriptor> = {
  account_closed: pd.failureAccountClosed,
  no_account: pd.failureNoAccount,
  could_not_process: pd.failureCouldNotProcess,
};

/** Why a failed payout failed: the bank's reason in the person's words, and its code. */
export function FailureFacts({ payout: p }: { payout: Payout }) {
  const intl = useIntl();
  if (p.status !== "failed" || p.failure_code === null) return null;
  const known = failureMessages[p.failure_code];
  return (
    <DescriptionList
      items={[
        {
          id: "failure-message",
          term: intl.formatMessage(pd.failureMessage),
          description: known ? intl.formatMessage(known) : (p.failure_message ?? ""),
        },
        {
          id: "failure-code",
          term: intl.formatMessage(pd.failureCode),
          description: <code>{p.failure_code}</code>,
        },
      ]}
    />
  );
}

/** One payout's content: its amount, facts and timeline (the detail's body). */
export function PayoutDetailBody({ payout }: { payout: Payout }) {
  const intl = useIntl();
  return (
    <div className="payout-detail">
      <p className="kit-heading-md">
        <Money amount={payout.amount} currency={payout.currency} />
      </p>
      <PayoutFacts payout={payout} />
      <FailureFacts payout={payout} />
      <Timeline label={intl.formatMessage(m.timelineLabel)} events={timelineOf(payout, intl)} />
    </div>
  );
}

/** One payout in a drawer: amount, status, fee, dates, destination and its timeline. */
export function PayoutDetail(props: PayoutDetailProps) {
  const intl = useIntl();
  return (
    <ResourceDetail
      {...props}
      title={intl.formatMessage(m.detailTitle)}
      failedTitle={intl.formatMessage(m.detailFailed)}
    >
      {(payout) => <PayoutDetailBody payout={payout} />}
    </ResourceDetail>
  );
}

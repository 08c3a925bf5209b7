import type { ReactNode } from "react";
import { type IntlShape, useIntl } from "react-intl";
import type { Charge } from "../../../protocol/objects/charge.schema.ts";
import type { Dispute } from "../../../protocol/objects/dispute.schema.ts";
import type { Refund } from "../../../protocol/objects/refund.schema.ts";
import { formatDate, formatMoney } from "../../i18n/format.ts";
import {
  type DescriptionItem,
  DescriptionList,
  Money,
  Timeline,
  type TimelineEvent,
} from "../../kit/index.ts";
import { DetailsPanel, DetailsSection, type DetailsStatus } from "../kit/details-panel.view.tsx";
import { DisputeFacts, disputeStatusText } from "../payment-disputes/payment-disputes.view.tsx";
import { PaymentStatusBadge, paymentMethodText } from "../payments/payment-parts.view.tsx";
import { paymentsMessages as pm } from "../payments/payments.messages.ts";
import { paymentDetailsMessages as m } from "./payment-details.messages.ts";

export type PaymentDetailsStatus = DetailsStatus;

export interface PaymentDetailsViewProps {
  /** In the page (`inline`) rather than a drawer reporting `overlaychange`. */
  inline: boolean;
  /** Shown: the host's `visible`, until the person closes it. */
  open: boolean;
  narrow: boolean;
  status: PaymentDetailsStatus;
  payment: Charge | null;
  refunds: readonly Refund[];
  disputes: readonly Dispute[];
  requestId: string | null;
  /** The session's `dispute_management`: the payment's disputes are shown. */
  showDisputes: boolean;
  /** The session's `enable_metadata_in_payment_details`. */
  showMetadata: boolean;
  /** The actions the session allows on this payment (refund, capture, cancel). */
  actions?: ReactNode;
  onClose(): void;
  onRetry(): void;
}

/**
 * The payment's history from its own fields, newest first: created (or failed), captured,
 * canceled, each refund, the dispute opened, its evidence submitted, the dispute closed.
 */
export function paymentTimeline(
  p: Charge,
  refunds: readonly Refund[],
  disputes: readonly Dispute[],
  intl: IntlShape,
): TimelineEvent[] {
  const money = (amount: number, currency: string) => formatMoney(amount, currency, intl.locale);
  const events: TimelineEvent[] = [
    p.status === "failed"
      ? {
          id: "created",
          title: intl.formatMessage(m.eventFailed),
          seconds: p.created,
          status: "danger",
          ...(p.failure_message ? { description: p.failure_message } : {}),
        }
      : { id: "created", title: intl.formatMessage(m.eventCreated), seconds: p.created },
  ];
  if (p.captured_at !== null)
    events.push({
      id: "captured",
      title: intl.formatMessage(m.eventCaptured),
      seconds: p.captured_at,
      status: "success",
    });
  if (p.canceled_at !== null)
    events.push({
      id: "canceled",
      title: intl.formatMessage(m.eventCanceled),
      seconds: p.canceled_at,
    });
  for (const r of refunds)
    events.push({
      id: `refund-${r.id}`,
      title: intl.formatMessage(m.eventRefunded, { amount: money(r.amount, r.currency) }),
      seconds: r.created,
    });
  for (const d of disputes) {
    events.push({
      id: `dispute-${d.id}`,
      title: intl.formatMessage(m.eventDisputed, { amount: money(d.amount, d.currency) }),
      seconds: d.created,
      status: "danger",
    });
    if (d.evidence_details.submitted_at !== null)
      events.push({
        id: `evidence-${d.id}`,
        title: intl.formatMessage(m.eventEvidenceSubmitted),
        seconds: d.evidence_details.submitted_at,
      });
    if (d.closed_at !== null)
      events.push({
        id: `closed-${d.id}`,
        title: intl.formatMessage(m.eventDisputeClosed, {
          status: disputeStatusText(d.status, intl),
        }),
        seconds: d.closed_at,
        status: d.status === "won" ? "success" : "neutral",
      });
  }
  // Newest first; what happened at the same second keeps the order it happened in.
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => b.event.seconds - a.event.seconds || b.index - a.index)
    .map(({ event }) => event);
}

function PaymentFacts({ payment: p }: { payment: Charge }) {
  const intl = useIntl();
  const bt = typeof p.balance_transaction === "object" ? p.balance_transaction : null;
  const money = (amount: number) => <Money amount={amount} currency={p.currency} />;
  const items: DescriptionItem[] = [
    { id: "amount", term: intl.formatMessage(pm.amount), description: money(p.amount) },
  ];
  if (bt)
    items.push(
      { id: "fee", term: intl.formatMessage(pm.fee), description: money(bt.fee) },
      { id: "net", term: intl.formatMessage(pm.net), description: money(bt.net) },
    );
  items.push({
    id: "status",
    term: intl.formatMessage(pm.status),
    description: <PaymentStatusBadge status={p.payment_status} />,
  });
  if (p.amount_refunded > 0)
    items.push({
      id: "refunded",
      term: intl.formatMessage(pm.refunded),
      description: money(p.amount_refunded),
    });
  items.push({
    id: "method",
    term: intl.formatMessage(pm.method),
    description: paymentMethodText(p, intl),
  });
  if (p.customer?.email || p.customer?.name)
    items.push({
      id: "customer",
      term: intl.formatMessage(pm.customer),
      description: [p.customer.name, p.customer.email].filter(Boolean).join(" · "),
    });
  if (p.description)
    items.push({
      id: "description",
      term: intl.formatMessage(pm.description),
      description: p.description,
    });
  items.push({
    id: "id",
    term: intl.formatMessage(pm.paymentId),
    description: <code>{p.id}</code>,
  });
  return <DescriptionList items={items} />;
}

/** Everything about one shown payment: facts, actions, timeline, refunds, disputes, metadata. */
function PaymentContent(props: PaymentDetailsViewProps & { payment: Charge }) {
  const intl = useIntl();
  const { payment: p, refunds, disputes } = props;
  const metadata = props.showMetadata ? Object.entries(p.metadata ?? {}) : [];
  return (
    <div className="kit-detail-sections">
      <PaymentFacts payment={p} />
      {props.actions}
      <DetailsSection title={intl.formatMessage(m.timeline)}>
        <Timeline
          label={intl.formatMessage(m.timeline)}
          events={paymentTimeline(p, refunds, props.showDisputes ? disputes : [], intl)}
        />
      </DetailsSection>
      {refunds.length > 0 ? (
        <DetailsSection title={intl.formatMessage(m.refunds)}>
          <DescriptionList
            items={refunds.map((r) => ({
              id: r.id,
              term: intl.formatMessage(m.refundLine, {
                amount: formatMoney(r.amount, r.currency, intl.locale),
                date: formatDate(r.created, intl.locale),
              }),
              description: r.reason ? refundReasonText(r.reason, intl) : <code>{r.id}</code>,
            }))}
          />
        </DetailsSection>
      ) : null}
      {props.showDisputes && disputes.length > 0 ? (
        <DetailsSection title={intl.formatMessage(m.disputes)}>
          {disputes.map((d) => (
            <DisputeFacts key={d.id} dispute={d} />
          ))}
        </DetailsSection>
      ) : null}
      {metadata.length > 0 ? (
        <DetailsSection title={intl.formatMessage(m.metadata)}>
          <DescriptionList
            items={metadata.map(([key, value]) => ({ id: key, term: key, description: value }))}
          />
        </DetailsSection>
      ) : null}
    </div>
  );
}

const refundReasons = {
  duplicate: pm.reasonDuplicate,
  fraudulent: pm.reasonFraudulent,
  requested_by_customer: pm.reasonRequestedByCustomer,
} as const;

function refundReasonText(reason: string, intl: IntlShape): string {
  const message = refundReasons[reason as keyof typeof refundReasons];
  return message ? intl.formatMessage(message) : reason;
}

/** One payment by id: a drawer (a dialog when narrow), or a section of the page inline. */
export function PaymentDetailsView(props: PaymentDetailsViewProps) {
  const intl = useIntl();
  return (
    <DetailsPanel
      inline={props.inline}
      open={props.open}
      narrow={props.narrow}
      status={props.status}
      item={props.payment}
      requestId={props.requestId}
      title={intl.formatMessage(m.title)}
      failedTitle={intl.formatMessage(m.loadFailed)}
      className="payment-details"
      onClose={props.onClose}
      onRetry={props.onRetry}
    >
      {(p) => <PaymentContent {...props} payment={p} />}
    </DetailsPanel>
  );
}

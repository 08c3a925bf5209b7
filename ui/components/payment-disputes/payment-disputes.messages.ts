/** The payment-disputes view's own messages (a dispute's status and reason words are the disputes list's). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type PaymentDisputesMessageValues = {
  title: None;
  amount: None;
  status: None;
  reason: None;
  respondBy: None;
  opened: None;
  emptyTitle: None;
  emptyDescription: None;
  rowLabel: { amount: string; status: string; reason: string };
  detailTitle: None;
  detailFailed: None;
  evidenceSubmitted: None;
  closed: None;
  disputeId: None;
};

export const paymentDisputesMessages = defineMessages<PaymentDisputesMessageValues>({
  title: {
    id: "paymentDisputes.title",
    defaultMessage: "Disputes of this payment",
    description: "Caption of the list of one payment's disputes",
  },
  amount: {
    id: "paymentDisputes.amount",
    defaultMessage: "Amount",
    description: "Column and term: the disputed amount",
  },
  status: {
    id: "paymentDisputes.status",
    defaultMessage: "Status",
    description: "Column and term: the dispute's state",
  },
  reason: {
    id: "paymentDisputes.reason",
    defaultMessage: "Reason",
    description: "Column and term: why the cardholder disputed the payment",
  },
  respondBy: {
    id: "paymentDisputes.respondBy",
    defaultMessage: "Respond by",
    description: "Column and term: the deadline for answering the dispute with evidence",
  },
  opened: {
    id: "paymentDisputes.opened",
    defaultMessage: "Opened",
    description: "Term: when the dispute was opened",
  },
  emptyTitle: {
    id: "paymentDisputes.emptyTitle",
    defaultMessage: "No disputes",
    description: "Title of the empty state: the payment has no dispute",
  },
  emptyDescription: {
    id: "paymentDisputes.emptyDescription",
    defaultMessage: "Nobody has disputed this payment.",
    description: "Text of the empty state of one payment's disputes",
  },
  rowLabel: {
    id: "paymentDisputes.rowLabel",
    defaultMessage: "Dispute of {amount}, {status}, {reason}",
    description: "Accessible name of one dispute's row (opens its details)",
  },
  detailTitle: {
    id: "paymentDisputes.detailTitle",
    defaultMessage: "Dispute",
    description: "Title of one dispute's details",
  },
  detailFailed: {
    id: "paymentDisputes.detailFailed",
    defaultMessage: "This dispute could not be loaded.",
    description: "Shown when one dispute's details failed to load",
  },
  evidenceSubmitted: {
    id: "paymentDisputes.evidenceSubmitted",
    defaultMessage: "Evidence submitted",
    description: "Term and timeline event: when the evidence was sent to the card network",
  },
  closed: {
    id: "paymentDisputes.closed",
    defaultMessage: "Closed",
    description: "Term: when the dispute was decided or closed",
  },
  disputeId: {
    id: "paymentDisputes.disputeId",
    defaultMessage: "Dispute ID",
    description: "Term: the dispute's identifier",
  },
});

/** The payment-disputes view's own messages, and a dispute's status and reason words. */
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
  statusWarningNeedsResponse: None;
  statusWarningClosed: None;
  statusNeedsResponse: None;
  statusUnderReview: None;
  statusWon: None;
  statusLost: None;
  reasonBankCannotProcess: None;
  reasonCreditNotProcessed: None;
  reasonCustomerInitiated: None;
  reasonDebitNotAuthorized: None;
  reasonDuplicate: None;
  reasonFraudulent: None;
  reasonGeneral: None;
  reasonIncorrectAccountDetails: None;
  reasonInsufficientFunds: None;
  reasonProductNotReceived: None;
  reasonProductUnacceptable: None;
  reasonSubscriptionCanceled: None;
  reasonUnrecognized: None;
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
  statusWarningNeedsResponse: {
    id: "paymentDisputes.statusWarningNeedsResponse",
    defaultMessage: "Inquiry: needs response",
    description: "Dispute status: an inquiry (not yet a chargeback) waiting for an answer",
  },
  statusWarningClosed: {
    id: "paymentDisputes.statusWarningClosed",
    defaultMessage: "Inquiry closed",
    description: "Dispute status: an inquiry that closed without a chargeback",
  },
  statusNeedsResponse: {
    id: "paymentDisputes.statusNeedsResponse",
    defaultMessage: "Needs response",
    description: "Dispute status: a chargeback waiting for evidence",
  },
  statusUnderReview: {
    id: "paymentDisputes.statusUnderReview",
    defaultMessage: "Under review",
    description: "Dispute status: the card network is reviewing the evidence",
  },
  statusWon: {
    id: "paymentDisputes.statusWon",
    defaultMessage: "Won",
    description: "Dispute status: decided in the business's favour",
  },
  statusLost: {
    id: "paymentDisputes.statusLost",
    defaultMessage: "Lost",
    description: "Dispute status: decided in the cardholder's favour",
  },
  reasonBankCannotProcess: {
    id: "paymentDisputes.reasonBankCannotProcess",
    defaultMessage: "Bank cannot process",
    description: "Dispute reason",
  },
  reasonCreditNotProcessed: {
    id: "paymentDisputes.reasonCreditNotProcessed",
    defaultMessage: "Credit not processed",
    description: "Dispute reason: the customer expected a refund",
  },
  reasonCustomerInitiated: {
    id: "paymentDisputes.reasonCustomerInitiated",
    defaultMessage: "Customer initiated",
    description: "Dispute reason",
  },
  reasonDebitNotAuthorized: {
    id: "paymentDisputes.reasonDebitNotAuthorized",
    defaultMessage: "Debit not authorized",
    description: "Dispute reason",
  },
  reasonDuplicate: {
    id: "paymentDisputes.reasonDuplicate",
    defaultMessage: "Duplicate",
    description: "Dispute reason: charged twice",
  },
  reasonFraudulent: {
    id: "paymentDisputes.reasonFraudulent",
    defaultMessage: "Fraudulent",
    description: "Dispute reason: the cardholder did not make the payment",
  },
  reasonGeneral: {
    id: "paymentDisputes.reasonGeneral",
    defaultMessage: "General",
    description: "Dispute reason: no more specific reason",
  },
  reasonIncorrectAccountDetails: {
    id: "paymentDisputes.reasonIncorrectAccountDetails",
    defaultMessage: "Incorrect account details",
    description: "Dispute reason",
  },
  reasonInsufficientFunds: {
    id: "paymentDisputes.reasonInsufficientFunds",
    defaultMessage: "Insufficient funds",
    description: "Dispute reason",
  },
  reasonProductNotReceived: {
    id: "paymentDisputes.reasonProductNotReceived",
    defaultMessage: "Product not received",
    description: "Dispute reason",
  },
  reasonProductUnacceptable: {
    id: "paymentDisputes.reasonProductUnacceptable",
    defaultMessage: "Product unacceptable",
    description: "Dispute reason: the product was defective or not as described",
  },
  reasonSubscriptionCanceled: {
    id: "paymentDisputes.reasonSubscriptionCanceled",
    defaultMessage: "Subscription canceled",
    description: "Dispute reason: charged after cancelling a subscription",
  },
  reasonUnrecognized: {
    id: "paymentDisputes.reasonUnrecognized",
    defaultMessage: "Unrecognized",
    description: "Dispute reason: the cardholder does not recognise the payment",
  },
});

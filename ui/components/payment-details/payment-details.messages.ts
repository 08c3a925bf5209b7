/**
 * The payment-details view's own messages (the facts it shares with the payments list —
 * amount, fee, net, status, method, customer — are the list's words).
 */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type PaymentDetailsMessageValues = {
  title: None;
  loadFailed: None;
  timeline: None;
  eventCreated: None;
  eventFailed: None;
  eventCaptured: None;
  eventCanceled: None;
  eventRefunded: { amount: string };
  eventDisputed: { amount: string };
  eventEvidenceSubmitted: None;
  eventDisputeClosed: { status: string };
  metadata: None;
  refunds: None;
  refundLine: { amount: string; date: string };
  disputes: None;
  capturePayment: None;
  captureConfirmTitle: None;
  captureConsequences: None;
  cancelPayment: None;
  cancelConfirmTitle: None;
  cancelConsequences: None;
  alreadyCaptured: None;
  alreadyCanceled: None;
  paymentFailed: None;
};

export const paymentDetailsMessages = defineMessages<PaymentDetailsMessageValues>({
  title: {
    id: "paymentDetails.title",
    defaultMessage: "Payment details",
    description: "Title of one payment's details (a drawer, or a section inline)",
  },
  loadFailed: {
    id: "paymentDetails.loadFailed",
    defaultMessage: "This payment could not be loaded.",
    description: "Shown when the payment, its refunds or its disputes failed to load",
  },
  timeline: {
    id: "paymentDetails.timeline",
    defaultMessage: "Timeline",
    description: "Heading of the payment's history, newest first",
  },
  eventCreated: {
    id: "paymentDetails.eventCreated",
    defaultMessage: "Payment created",
    description: "Timeline event: the customer paid (or the payment was authorized)",
  },
  eventFailed: {
    id: "paymentDetails.eventFailed",
    defaultMessage: "Payment failed",
    description: "Timeline event: the payment was declined",
  },
  eventCaptured: {
    id: "paymentDetails.eventCaptured",
    defaultMessage: "Payment captured",
    description: "Timeline event: the authorized amount was captured",
  },
  eventCanceled: {
    id: "paymentDetails.eventCanceled",
    defaultMessage: "Payment canceled",
    description: "Timeline event: the authorization was released without capture",
  },
  eventRefunded: {
    id: "paymentDetails.eventRefunded",
    defaultMessage: "Refunded {amount}",
    description: "Timeline event: one refund of the payment, with its amount",
  },
  eventDisputed: {
    id: "paymentDetails.eventDisputed",
    defaultMessage: "Disputed: {amount}",
    description: "Timeline event: the cardholder disputed the payment, for this amount",
  },
  eventEvidenceSubmitted: {
    id: "paymentDetails.eventEvidenceSubmitted",
    defaultMessage: "Dispute evidence submitted",
    description: "Timeline event: the evidence was sent to the card network",
  },
  eventDisputeClosed: {
    id: "paymentDetails.eventDisputeClosed",
    defaultMessage: "Dispute closed: {status}",
    description: "Timeline event: the dispute ended, with its outcome (Won, Lost, …)",
  },
  metadata: {
    id: "paymentDetails.metadata",
    defaultMessage: "Metadata",
    description: "Heading of the platform's own key-value data on the payment",
  },
  refunds: {
    id: "paymentDetails.refunds",
    defaultMessage: "Refunds",
    description: "Heading of the payment's refunds",
  },
  refundLine: {
    id: "paymentDetails.refundLine",
    defaultMessage: "{amount} on {date}",
    description: "One refund in the payment's refunds: its amount and its date",
  },
  disputes: {
    id: "paymentDetails.disputes",
    defaultMessage: "Disputes",
    description: "Heading of the payment's disputes",
  },
  capturePayment: {
    id: "paymentDetails.capturePayment",
    defaultMessage: "Capture payment",
    description: "Button: capture an authorized, uncaptured payment",
  },
  captureConfirmTitle: {
    id: "paymentDetails.captureConfirmTitle",
    defaultMessage: "Capture this payment?",
    description: "Title of the confirmation before capturing a payment",
  },
  captureConsequences: {
    id: "paymentDetails.captureConsequences",
    defaultMessage: "The customer is charged this amount and it is added to your balance.",
    description: "What capturing a payment does, in its confirmation",
  },
  cancelPayment: {
    id: "paymentDetails.cancelPayment",
    defaultMessage: "Cancel payment",
    description: "Button: release an uncaptured payment without charging the customer",
  },
  cancelConfirmTitle: {
    id: "paymentDetails.cancelConfirmTitle",
    defaultMessage: "Cancel this payment?",
    description: "Title of the confirmation before canceling an uncaptured payment",
  },
  cancelConsequences: {
    id: "paymentDetails.cancelConsequences",
    defaultMessage:
      "The authorization is released and the customer is not charged. This cannot be undone.",
    description: "What canceling an uncaptured payment does, in its confirmation",
  },
  alreadyCaptured: {
    id: "paymentDetails.alreadyCaptured",
    defaultMessage: "This payment has already been captured.",
    description: "Error: capture or cancel of a payment that was captured meanwhile",
  },
  alreadyCanceled: {
    id: "paymentDetails.alreadyCanceled",
    defaultMessage: "This payment has already been canceled.",
    description: "Error: capture or cancel of a payment that was canceled meanwhile",
  },
  paymentFailed: {
    id: "paymentDetails.paymentFailed",
    defaultMessage: "This payment failed, so it cannot be captured or canceled.",
    description: "Error: capture or cancel of a declined payment",
  },
});

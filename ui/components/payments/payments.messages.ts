/** The payments list's own messages (the load-failure text is the catalogue's). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type PaymentsMessageValues = {
  title: None;
  recentTitle: None;
  amount: None;
  status: None;
  method: None;
  description: None;
  customer: None;
  date: None;
  statusRequiresCapture: None;
  statusSucceeded: None;
  statusRefunded: None;
  statusPartiallyRefunded: None;
  statusDisputed: None;
  statusFailed: None;
  statusCanceled: None;
  methodCard: None;
  cardEnding: { brand: string; last4: string };
  filterEmail: None;
  filterMetadata: None;
  rowLabel: { amount: string; status: string; date: string };
  emptyTitle: None;
  emptyDescription: None;
  detailTitle: None;
  detailFailed: None;
  fee: None;
  net: None;
  refunded: None;
  created: None;
  captured: None;
  canceled: None;
  failureReason: None;
  paymentId: None;
  refundPayment: None;
  refundTitle: None;
  refundAmount: None;
  refundReason: None;
  reasonNone: None;
  reasonDuplicate: None;
  reasonFraudulent: None;
  reasonRequestedByCustomer: None;
  refundSubmit: None;
  refundCancel: None;
  refundConfirmTitle: None;
  refundConsequences: None;
  refundTooLarge: None;
  refundDisputed: None;
  refundAlreadyRefunded: None;
};

export const paymentsMessages = defineMessages<PaymentsMessageValues>({
  title: {
    id: "payments.title",
    defaultMessage: "Payments",
    description: "Caption of the table of the account's payments",
  },
  recentTitle: {
    id: "payments.recentTitle",
    defaultMessage: "Recent payments",
    description: "Caption of the short list of the newest payments",
  },
  amount: {
    id: "payments.amount",
    defaultMessage: "Amount",
    description: "Column header and filter name: the payment's amount",
  },
  status: {
    id: "payments.status",
    defaultMessage: "Status",
    description: "Column header and filter name: the payment's state",
  },
  method: {
    id: "payments.method",
    defaultMessage: "Payment method",
    description: "Column header and filter name: how the customer paid (e.g. a card)",
  },
  description: {
    id: "payments.description",
    defaultMessage: "Description",
    description: "Column header: the payment's description",
  },
  customer: {
    id: "payments.customer",
    defaultMessage: "Customer",
    description: "Column header: who paid (an email address)",
  },
  date: {
    id: "payments.date",
    defaultMessage: "Date",
    description: "Column header and filter name: when the payment was made",
  },
  statusRequiresCapture: {
    id: "payments.statusRequiresCapture",
    defaultMessage: "Uncaptured",
    description: "Payment state: authorised, waiting to be captured",
  },
  statusSucceeded: {
    id: "payments.statusSucceeded",
    defaultMessage: "Succeeded",
    description: "Payment state: the money was received",
  },
  statusRefunded: {
    id: "payments.statusRefunded",
    defaultMessage: "Refunded",
    description: "Payment state: the whole amount was given back",
  },
  statusPartiallyRefunded: {
    id: "payments.statusPartiallyRefunded",
    defaultMessage: "Partially refunded",
    description: "Payment state: part of the amount was given back",
  },
  statusDisputed: {
    id: "payments.statusDisputed",
    defaultMessage: "Disputed",
    description: "Payment state: the customer disputed it with their bank",
  },
  statusFailed: {
    id: "payments.statusFailed",
    defaultMessage: "Failed",
    description: "Payment state: the payment did not go through",
  },
  statusCanceled: {
    id: "payments.statusCanceled",
    defaultMessage: "Canceled",
    description: "Payment state: an uncaptured payment was released without capture",
  },
  methodCard: {
    id: "payments.methodCard",
    defaultMessage: "Card",
    description: "Payment method type: a card",
  },
  cardEnding: {
    id: "payments.cardEnding",
    defaultMessage: "{brand} ending in {last4}",
    description: "A card payment method: the card's brand (Visa) and its last four digits",
  },
  filterEmail: {
    id: "payments.filterEmail",
    defaultMessage: "Customer email",
    description: "Filter name: the paying customer's email address",
  },
  filterMetadata: {
    id: "payments.filterMetadata",
    defaultMessage: "Metadata",
    description: "Filter name: a key-value pair the platform attached to the payment",
  },
  rowLabel: {
    id: "payments.rowLabel",
    defaultMessage: "Payment of {amount}, {status}, {date}",
    description: "Accessible name of a row that opens the payment: its amount, state and date",
  },
  emptyTitle: {
    id: "payments.emptyTitle",
    defaultMessage: "No payments",
    description: "Title shown when the list has no payment (or none matches the filters)",
  },
  emptyDescription: {
    id: "payments.emptyDescription",
    defaultMessage: "Payments appear here as customers pay. Change the filters to see others.",
    description: "Text shown when the list has no payment",
  },
  detailTitle: {
    id: "payments.detailTitle",
    defaultMessage: "Payment",
    description: "Title of the panel showing one payment",
  },
  detailFailed: {
    id: "payments.detailFailed",
    defaultMessage: "This payment could not be loaded.",
    description: "Shown when one payment failed to load",
  },
  fee: { id: "payments.fee", defaultMessage: "Fees", description: "Label: the fees taken" },
  net: {
    id: "payments.net",
    defaultMessage: "Net",
    description: "Label: the amount after fees",
  },
  refunded: {
    id: "payments.refunded",
    defaultMessage: "Refunded amount",
    description: "Label: how much of the payment was refunded",
  },
  created: {
    id: "payments.created",
    defaultMessage: "Created",
    description: "Label: when the payment was made",
  },
  captured: {
    id: "payments.captured",
    defaultMessage: "Captured",
    description: "Label: when the payment was captured",
  },
  canceled: {
    id: "payments.canceled",
    defaultMessage: "Canceled on",
    description: "Label: when the uncaptured payment was released",
  },
  failureReason: {
    id: "payments.failureReason",
    defaultMessage: "Failure reason",
    description: "Label: why the payment failed",
  },
  paymentId: {
    id: "payments.paymentId",
    defaultMessage: "Payment ID",
    description: "Label: the payment's id",
  },
  refundPayment: {
    id: "payments.refundPayment",
    defaultMessage: "Refund payment",
    description: "Button in a payment's details: start refunding it",
  },
  refundTitle: {
    id: "payments.refundTitle",
    defaultMessage: "Refund",
    description: "Accessible name of the refund form in a payment's details",
  },
  refundAmount: {
    id: "payments.refundAmount",
    defaultMessage: "Amount to refund",
    description: "Label of the refund's amount field",
  },
  refundReason: {
    id: "payments.refundReason",
    defaultMessage: "Reason",
    description: "Label of the refund's reason select",
  },
  reasonNone: {
    id: "payments.reasonNone",
    defaultMessage: "No reason given",
    description: "Refund reason option: none",
  },
  reasonDuplicate: {
    id: "payments.reasonDuplicate",
    defaultMessage: "Duplicate payment",
    description: "Refund reason option: the customer paid twice",
  },
  reasonFraudulent: {
    id: "payments.reasonFraudulent",
    defaultMessage: "Fraudulent",
    description: "Refund reason option: the payment was fraudulent",
  },
  reasonRequestedByCustomer: {
    id: "payments.reasonRequestedByCustomer",
    defaultMessage: "Requested by the customer",
    description: "Refund reason option: the customer asked for it",
  },
  refundSubmit: {
    id: "payments.refundSubmit",
    defaultMessage: "Refund",
    description: "Button that asks to confirm the refund; also the confirmation's button",
  },
  refundCancel: {
    id: "payments.refundCancel",
    defaultMessage: "Cancel",
    description: "Button that closes the refund form without refunding",
  },
  refundConfirmTitle: {
    id: "payments.refundConfirmTitle",
    defaultMessage: "Refund this payment?",
    description: "Title of the dialog confirming a refund",
  },
  refundConsequences: {
    id: "payments.refundConsequences",
    defaultMessage:
      "The money goes back to the customer's payment method. A refund cannot be undone.",
    description: "What confirming a refund does",
  },
  refundTooLarge: {
    id: "payments.refundTooLarge",
    defaultMessage: "That is more than remains to refund on this payment.",
    description: "Error on the refund amount: the provider refused more than what remains",
  },
  refundDisputed: {
    id: "payments.refundDisputed",
    defaultMessage: "This payment is disputed and cannot be refunded.",
    description: "Error of a refund: the payment has an open dispute",
  },
  refundAlreadyRefunded: {
    id: "payments.refundAlreadyRefunded",
    defaultMessage: "This payment has already been refunded in full.",
    description: "Error of a refund: nothing remains to refund",
  },
});

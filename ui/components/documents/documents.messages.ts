/** The documents component's own messages (the load-failure text is the catalogue's, in the frame). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type DocumentsMessageValues = {
  title: None;
  period: None;
  number: None;
  issued: None;
  total: None;
  rowLabel: { period: string; total: string };
  emptyTitle: None;
  emptyDescription: None;
  detailTitle: None;
  detailFailed: None;
  billedTo: None;
  account: None;
  currency: None;
  fees: None;
  description: None;
  quantity: None;
  amount: None;
  linePaymentFees: None;
  lineRefundedPaymentFees: None;
  lineDisputeFees: None;
  lineInstantPayoutFees: None;
  lineOtherFees: None;
  download: None;
  downloadFailed: None;
};

export const documentsMessages = defineMessages<DocumentsMessageValues>({
  title: {
    id: "documents.title",
    defaultMessage: "Tax invoices",
    description: "Caption of the table of the account's tax invoices (one per month with fees)",
  },
  period: {
    id: "documents.period",
    defaultMessage: "Period",
    description: "Column header: the month an invoice bills",
  },
  number: {
    id: "documents.number",
    defaultMessage: "Invoice number",
    description: "Column header and label: the invoice's number",
  },
  issued: {
    id: "documents.issued",
    defaultMessage: "Issued",
    description: "Column header and label: the date the invoice was issued",
  },
  total: {
    id: "documents.total",
    defaultMessage: "Total",
    description: "Column header and label: the invoice's total amount",
  },
  rowLabel: {
    id: "documents.rowLabel",
    defaultMessage: "Tax invoice for {period}, total {total}. Open details",
    description: "Accessible name of an invoice row; period is a month and year, total an amount",
  },
  emptyTitle: {
    id: "documents.emptyTitle",
    defaultMessage: "No tax invoices yet",
    description: "Title shown when the account has no invoice",
  },
  emptyDescription: {
    id: "documents.emptyDescription",
    defaultMessage: "An invoice appears here after each month in which fees were charged.",
    description: "Shown when the account has no invoice",
  },
  detailTitle: {
    id: "documents.detailTitle",
    defaultMessage: "Tax invoice",
    description: "Title of the panel showing one invoice",
  },
  detailFailed: {
    id: "documents.detailFailed",
    defaultMessage: "This tax invoice could not be loaded.",
    description: "Shown when one invoice could not be loaded",
  },
  billedTo: {
    id: "documents.billedTo",
    defaultMessage: "Billed to",
    description: "Label: the business the invoice is addressed to",
  },
  account: {
    id: "documents.account",
    defaultMessage: "Account ID",
    description: "Label: the connected account's identifier",
  },
  currency: {
    id: "documents.currency",
    defaultMessage: "Currency",
    description: "Label: the invoice's currency",
  },
  fees: {
    id: "documents.fees",
    defaultMessage: "Fees",
    description: "Caption of the table of the invoice's lines (the fees charged, by kind)",
  },
  description: {
    id: "documents.description",
    defaultMessage: "Description",
    description: "Column header: what a line of the invoice is for",
  },
  quantity: {
    id: "documents.quantity",
    defaultMessage: "Quantity",
    description: "Column header: how many transactions a line of the invoice counts",
  },
  amount: {
    id: "documents.amount",
    defaultMessage: "Amount",
    description: "Column header: a line's amount",
  },
  linePaymentFees: {
    id: "documents.line.paymentFees",
    defaultMessage: "Payment processing fees",
    description: "Invoice line: the fees charged on payments",
  },
  lineRefundedPaymentFees: {
    id: "documents.line.refundedPaymentFees",
    defaultMessage: "Processing fees returned on refunds",
    description: "Invoice line: the part of payment fees given back when payments were refunded",
  },
  lineDisputeFees: {
    id: "documents.line.disputeFees",
    defaultMessage: "Dispute fees",
    description: "Invoice line: the fees charged on disputed payments",
  },
  lineInstantPayoutFees: {
    id: "documents.line.instantPayoutFees",
    defaultMessage: "Instant payout fees",
    description: "Invoice line: the fees charged on instant payouts",
  },
  lineOtherFees: {
    id: "documents.line.otherFees",
    defaultMessage: "Other fees",
    description: "Invoice line: any other fee",
  },
  download: {
    id: "documents.download",
    defaultMessage: "Download PDF",
    description: "Button: downloads the invoice as a PDF file",
  },
  downloadFailed: {
    id: "documents.downloadFailed",
    defaultMessage: "The PDF could not be downloaded.",
    description: "Shown when the invoice's PDF could not be downloaded",
  },
});

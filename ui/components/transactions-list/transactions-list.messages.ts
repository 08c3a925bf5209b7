/** The transactions list's own messages (the load-failure text is the catalogue's). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type TransactionsListMessageValues = {
  title: None;
  recentTitle: None;
  type: None;
  amount: None;
  fee: None;
  net: None;
  availableOn: None;
  description: None;
  status: None;
  typeCharge: None;
  typeRefund: None;
  typeAdjustment: None;
  typePayout: None;
  typePayoutCancel: None;
  typePayoutFailure: None;
  typeTopup: None;
  statusPending: None;
  statusAvailable: None;
  rowLabel: { type: string; amount: string; date: string };
  emptyTitle: None;
  emptyDescription: None;
  detailTitle: None;
  detailFailed: None;
  created: None;
  source: None;
  transactionId: None;
};

export const transactionsListMessages = defineMessages<TransactionsListMessageValues>({
  title: {
    id: "transactionsList.title",
    defaultMessage: "Transactions",
    description: "Caption of the table of the account's balance transactions",
  },
  recentTitle: {
    id: "transactionsList.recentTitle",
    defaultMessage: "Recent transactions",
    description: "Caption of the short list of the newest balance transactions",
  },
  type: {
    id: "transactionsList.type",
    defaultMessage: "Type",
    description: "Column header and filter name: what moved the balance (payment, refund, payout…)",
  },
  amount: {
    id: "transactionsList.amount",
    defaultMessage: "Amount",
    description: "Column header: the gross amount of a balance transaction",
  },
  fee: {
    id: "transactionsList.fee",
    defaultMessage: "Fee",
    description: "Column header: the fee taken on a balance transaction",
  },
  net: {
    id: "transactionsList.net",
    defaultMessage: "Net",
    description: "Column header: the amount after fees that moved the balance",
  },
  availableOn: {
    id: "transactionsList.availableOn",
    defaultMessage: "Available on",
    description: "Column header: the day the money becomes available in the balance",
  },
  description: {
    id: "transactionsList.description",
    defaultMessage: "Description",
    description: "Column header: the transaction's description",
  },
  status: {
    id: "transactionsList.status",
    defaultMessage: "Status",
    description: "Label: whether the transaction's money is pending or available",
  },
  typeCharge: {
    id: "transactionsList.typeCharge",
    defaultMessage: "Payment",
    description: "Balance transaction type: money received from a payment",
  },
  typeRefund: {
    id: "transactionsList.typeRefund",
    defaultMessage: "Refund",
    description: "Balance transaction type: money returned to a customer",
  },
  typeAdjustment: {
    id: "transactionsList.typeAdjustment",
    defaultMessage: "Adjustment",
    description: "Balance transaction type: a correction, e.g. for a dispute",
  },
  typePayout: {
    id: "transactionsList.typePayout",
    defaultMessage: "Payout",
    description: "Balance transaction type: money sent to the account's bank",
  },
  typePayoutCancel: {
    id: "transactionsList.typePayoutCancel",
    defaultMessage: "Canceled payout",
    description: "Balance transaction type: a canceled payout's money back in the balance",
  },
  typePayoutFailure: {
    id: "transactionsList.typePayoutFailure",
    defaultMessage: "Failed payout",
    description: "Balance transaction type: a failed payout's money back in the balance",
  },
  typeTopup: {
    id: "transactionsList.typeTopup",
    defaultMessage: "Top-up",
    description: "Balance transaction type: funds added from the account's bank account",
  },
  statusPending: {
    id: "transactionsList.statusPending",
    defaultMessage: "Pending",
    description: "Transaction status: the money is not available yet",
  },
  statusAvailable: {
    id: "transactionsList.statusAvailable",
    defaultMessage: "Available",
    description: "Transaction status: the money is available in the balance",
  },
  rowLabel: {
    id: "transactionsList.rowLabel",
    defaultMessage: "{type} of {amount}, {date}",
    description:
      "Accessible name of a row that opens the transaction: its type, net amount and creation date",
  },
  emptyTitle: {
    id: "transactionsList.emptyTitle",
    defaultMessage: "No transactions",
    description: "Title shown when the list has no balance transaction",
  },
  emptyDescription: {
    id: "transactionsList.emptyDescription",
    defaultMessage: "Payments, refunds and payouts appear here as they move your balance.",
    description: "Text shown when the list has no balance transaction",
  },
  detailTitle: {
    id: "transactionsList.detailTitle",
    defaultMessage: "Transaction",
    description: "Title of the panel showing one balance transaction",
  },
  detailFailed: {
    id: "transactionsList.detailFailed",
    defaultMessage: "This transaction could not be loaded.",
    description: "Shown when one balance transaction failed to load",
  },
  created: {
    id: "transactionsList.created",
    defaultMessage: "Created",
    description: "Label: when the transaction was created",
  },
  source: {
    id: "transactionsList.source",
    defaultMessage: "Source",
    description: "Label: the id of the payment, refund or payout that moved the money",
  },
  transactionId: {
    id: "transactionsList.transactionId",
    defaultMessage: "Transaction ID",
    description: "Label: the balance transaction's id",
  },
});

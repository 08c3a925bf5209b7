/** The words of the two report components (balance-report, payout-reconciliation-report). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type ReportsMessageValues = {
  from: None;
  to: None;
  show: None;
  periodInvalid: None;
  download: None;
  downloadFailed: None;
  empty: None;
  loadFailed: None;
  balanceTitle: None;
  summary: None;
  startingBalance: None;
  activityTotal: None;
  payoutsTotal: None;
  endingBalance: None;
  activity: None;
  payouts: None;
  category: None;
  count: None;
  gross: None;
  fee: None;
  net: None;
  categoryCharge: None;
  categoryRefund: None;
  categoryDispute: None;
  categoryDisputeReversal: None;
  categoryPayout: None;
  categoryPayoutReversal: None;
  reconciliationTitle: None;
  payout: None;
  arrival: None;
  status: None;
  settled: None;
  settledFor: { payout: string };
};

export const reportsMessages = defineMessages<ReportsMessageValues>({
  from: { id: "reports.from", defaultMessage: "From", description: "Period picker: first day" },
  to: { id: "reports.to", defaultMessage: "To", description: "Period picker: last day (included)" },
  show: {
    id: "reports.show",
    defaultMessage: "Show report",
    description: "Button: compute the report for the picked period",
  },
  periodInvalid: {
    id: "reports.periodInvalid",
    defaultMessage: "The last day must not be before the first day.",
    description: "Period picker: the days are in the wrong order",
  },
  download: {
    id: "reports.download",
    defaultMessage: "Download itemized CSV",
    description: "Button: download every transaction of the report as a CSV file",
  },
  downloadFailed: {
    id: "reports.downloadFailed",
    defaultMessage: "The report could not be downloaded.",
    description: "Shown when the CSV download failed",
  },
  empty: {
    id: "reports.empty",
    defaultMessage: "Nothing happened in this period.",
    description: "Shown when the period has no transaction or payout",
  },
  loadFailed: {
    id: "reports.loadFailed",
    defaultMessage: "This report could not be loaded.",
    description: "Shown when the report failed to load",
  },
  balanceTitle: {
    id: "reports.balanceTitle",
    defaultMessage: "Balance report",
    description: "Title of the balance report",
  },
  summary: {
    id: "reports.summary",
    defaultMessage: "Balance summary",
    description: "Caption of the table: starting balance, activity, payouts, ending balance",
  },
  startingBalance: {
    id: "reports.startingBalance",
    defaultMessage: "Starting balance",
    description: "The available balance at the start of the period",
  },
  activityTotal: {
    id: "reports.activityTotal",
    defaultMessage: "Activity",
    description: "What payments, refunds and disputes added to the balance in the period",
  },
  payoutsTotal: {
    id: "reports.payoutsTotal",
    defaultMessage: "Payouts",
    description: "What payouts took from the balance in the period",
  },
  endingBalance: {
    id: "reports.endingBalance",
    defaultMessage: "Ending balance",
    description: "The available balance at the end of the period",
  },
  activity: {
    id: "reports.activity",
    defaultMessage: "Activity by category",
    description: "Caption of the table of the period's activity by category",
  },
  payouts: {
    id: "reports.payouts",
    defaultMessage: "Payouts by category",
    description: "Caption of the table of the period's payouts (made, returned, canceled)",
  },
  category: { id: "reports.category", defaultMessage: "Category", description: "Column header" },
  count: {
    id: "reports.count",
    defaultMessage: "Transactions",
    description: "Column header: how many",
  },
  gross: {
    id: "reports.gross",
    defaultMessage: "Gross",
    description: "Column header: gross amount",
  },
  fee: { id: "reports.fee", defaultMessage: "Fees", description: "Column header: fees" },
  net: { id: "reports.net", defaultMessage: "Net", description: "Column header: net amount" },
  categoryCharge: {
    id: "reports.category.charge",
    defaultMessage: "Payments",
    description: "Reporting category",
  },
  categoryRefund: {
    id: "reports.category.refund",
    defaultMessage: "Refunds",
    description: "Reporting category",
  },
  categoryDispute: {
    id: "reports.category.dispute",
    defaultMessage: "Disputes",
    description: "Reporting category",
  },
  categoryDisputeReversal: {
    id: "reports.category.disputeReversal",
    defaultMessage: "Dispute reversals",
    description: "Reporting category: disputes won, money given back",
  },
  categoryPayout: {
    id: "reports.category.payout",
    defaultMessage: "Payouts",
    description: "Reporting category",
  },
  categoryPayoutReversal: {
    id: "reports.category.payoutReversal",
    defaultMessage: "Payouts canceled or returned",
    description: "Reporting category: payouts whose money came back to the balance",
  },
  reconciliationTitle: {
    id: "reports.reconciliationTitle",
    defaultMessage: "Payout reconciliation",
    description: "Title of the payout reconciliation report",
  },
  payout: {
    id: "reports.payout",
    defaultMessage: "Payout",
    description: "Column header: the payout",
  },
  arrival: { id: "reports.arrival", defaultMessage: "Arrival date", description: "Column header" },
  status: {
    id: "reports.status",
    defaultMessage: "Status",
    description: "Column header: payout status",
  },
  settled: {
    id: "reports.settled",
    defaultMessage: "Settled",
    description: "Column header: the net of the transactions the payout settled",
  },
  settledFor: {
    id: "reports.settledFor",
    defaultMessage: "What payout {payout} settled",
    description: "Caption of the table of one payout's settled transactions by category",
  },
});

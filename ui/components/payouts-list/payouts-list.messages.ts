/** The payouts list's own messages (the load-failure text is the catalogue's, in the frame). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type PayoutsListMessageValues = {
  title: None;
  recentTitle: None;
  amount: None;
  status: None;
  arrivalDate: None;
  method: None;
  destination: None;
  statusPending: None;
  statusInTransit: None;
  statusPaid: None;
  statusFailed: None;
  statusCanceled: None;
  methodStandard: None;
  methodInstant: None;
  bankAccountEnding: { last4: string };
  bankNameEnding: { bankName: string; last4: string };
  destinationDefault: None;
  rowLabel: { amount: string; status: string; date: string };
  emptyTitle: None;
  emptyDescription: None;
  detailTitle: None;
  fee: None;
  netAmount: None;
  balanceTransaction: None;
  created: None;
  payoutId: None;
  payoutType: None;
  typeAutomatic: None;
  typeManual: None;
  timelineLabel: None;
  eventCreated: None;
  eventExpected: None;
  eventArrived: None;
  eventFailed: None;
  detailFailed: None;
};

export const payoutsListMessages = defineMessages<PayoutsListMessageValues>({
  title: {
    id: "payoutsList.title",
    defaultMessage: "Payouts",
    description: "Caption of the payouts table",
  },
  recentTitle: {
    id: "payoutsList.recentTitle",
    defaultMessage: "Recent payouts",
    description: "Caption of the short list of the most recent payouts",
  },
  amount: { id: "payoutsList.amount", defaultMessage: "Amount", description: "Column header" },
  status: {
    id: "payoutsList.status",
    defaultMessage: "Payout status",
    description: "Column header: the payout's status",
  },
  arrivalDate: {
    id: "payoutsList.arrivalDate",
    defaultMessage: "Arrival date",
    description: "Column header: when the money reaches (reached) the bank account",
  },
  method: {
    id: "payoutsList.method",
    defaultMessage: "Payout speed",
    description: "Column header: standard or instant payout",
  },
  destination: {
    id: "payoutsList.destination",
    defaultMessage: "Paid to",
    description: "Column header: the bank account the payout goes to",
  },
  statusPending: {
    id: "payoutsList.status.pending",
    defaultMessage: "Pending",
    description: "Payout status: created, not yet sent to the bank",
  },
  statusInTransit: {
    id: "payoutsList.status.inTransit",
    defaultMessage: "In transit",
    description: "Payout status: sent, on its way to the bank",
  },
  statusPaid: {
    id: "payoutsList.status.paid",
    defaultMessage: "Paid",
    description: "Payout status: arrived in the bank account",
  },
  statusFailed: {
    id: "payoutsList.status.failed",
    defaultMessage: "Failed",
    description: "Payout status: the bank refused it; the money went back to the balance",
  },
  statusCanceled: {
    id: "payoutsList.status.canceled",
    defaultMessage: "Canceled",
    description: "Payout status: canceled before it was sent",
  },
  methodStandard: {
    id: "payoutsList.method.standard",
    defaultMessage: "Standard",
    description: "Payout speed: arrives in a few business days",
  },
  methodInstant: {
    id: "payoutsList.method.instant",
    defaultMessage: "Instant",
    description: "Payout speed: arrives within minutes",
  },
  bankAccountEnding: {
    id: "payoutsList.bankAccountEnding",
    defaultMessage: "Bank account ending in {last4}",
    description: "A bank account shown by its last four digits",
  },
  bankNameEnding: {
    id: "payoutsList.bankNameEnding",
    defaultMessage: "{bankName} account ending in {last4}",
    description: "A bank account shown by its bank's name and last four digits",
  },
  destinationDefault: {
    id: "payoutsList.destinationDefault",
    defaultMessage: "Default bank account",
    description: "The payout goes to the account's default bank account (no details known)",
  },
  rowLabel: {
    id: "payoutsList.rowLabel",
    defaultMessage: "Payout of {amount}, {status}, arrival {date}. Open details",
    description: "Accessible name of a payout row, which opens the payout's details",
  },
  emptyTitle: {
    id: "payoutsList.emptyTitle",
    defaultMessage: "No payouts yet",
    description: "Shown when the account has never had a payout",
  },
  emptyDescription: {
    id: "payoutsList.emptyDescription",
    defaultMessage: "Money sent to your bank account will appear here.",
    description: "Under the empty-state title",
  },
  detailTitle: {
    id: "payoutsList.detailTitle",
    defaultMessage: "Payout details",
    description: "Title of the drawer with one payout's details",
  },
  fee: {
    id: "payoutsList.fee",
    defaultMessage: "Payout fee",
    description: "The fee charged for the payout",
  },
  netAmount: {
    id: "payoutsList.netAmount",
    defaultMessage: "Total deducted from balance",
    description: "Amount plus fee, taken from the balance",
  },
  balanceTransaction: {
    id: "payoutsList.balanceTransaction",
    defaultMessage: "Balance transaction",
    description: "The id of the balance entry this payout made",
  },
  created: {
    id: "payoutsList.created",
    defaultMessage: "Created on",
    description: "When the payout was created",
  },
  payoutId: {
    id: "payoutsList.payoutId",
    defaultMessage: "Payout reference",
    description: "The payout's id",
  },
  payoutType: {
    id: "payoutsList.payoutType",
    defaultMessage: "Started by",
    description: "Whether the payout schedule or a person started the payout",
  },
  typeAutomatic: {
    id: "payoutsList.type.automatic",
    defaultMessage: "Payout schedule",
    description: "The payout was made automatically by the payout schedule",
  },
  typeManual: {
    id: "payoutsList.type.manual",
    defaultMessage: "Requested by hand",
    description: "Someone asked for this payout",
  },
  timelineLabel: {
    id: "payoutsList.timelineLabel",
    defaultMessage: "Payout history",
    description: "Accessible name of the payout's timeline",
  },
  eventCreated: {
    id: "payoutsList.event.created",
    defaultMessage: "Payout created",
    description: "Timeline event",
  },
  eventExpected: {
    id: "payoutsList.event.expected",
    defaultMessage: "Expected to arrive",
    description: "Timeline event: the date the money should reach the bank",
  },
  eventArrived: {
    id: "payoutsList.event.arrived",
    defaultMessage: "Arrived in the bank account",
    description: "Timeline event",
  },
  eventFailed: {
    id: "payoutsList.event.failed",
    defaultMessage: "Payout failed; the money went back to the balance",
    description: "Timeline event",
  },
  detailFailed: {
    id: "payoutsList.detailFailed",
    defaultMessage: "The details of this payout cannot be loaded.",
    description: "Shown in the payout drawer when its details failed to load",
  },
});

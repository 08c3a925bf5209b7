/**
 * The frame shell's messages. The load-failure texts live in the catalogue in English
 * (SPEC.md §8 verbatim, `protocol/catalogue/entries/error-texts.ts`); each has a message
 * here, keyed by its error-text key, whose default is that exact text, so it translates.
 * A test checks that every error text has its message and that the two agree.
 */
import { defineMessages, type MessageDescriptor } from "react-intl";
import { errorTexts } from "../../protocol/catalogue/entries/error-texts.ts";

export type ErrorTextKey = keyof typeof errorTexts;

export const frameMessages = defineMessages({
  unknownComponent: {
    id: "frame.loadFailure.unknownComponent",
    defaultMessage: "This component cannot be loaded.",
    description: "Shown in a component frame opened for a component name that does not exist",
  },
  sessionExpiredTitle: {
    id: "frame.sessionExpired.title",
    defaultMessage: "Your session has expired",
    description: "Title of the view shown when the signed-in session ended",
  },
  sessionExpiredBody: {
    id: "frame.sessionExpired.body",
    defaultMessage: "Reload the page to continue.",
    description: "Text under the session-expired title",
  },
});

/** One message per load-failure text; defaults are the catalogue's English, verbatim. */
export const loadFailureMessages = defineMessages<ErrorTextKey>({
  account: {
    id: "frame.loadFailure.account",
    defaultMessage: "Your money is secure, but your account information cannot be loaded here.",
  },
  paymentMethodSettings: {
    id: "frame.loadFailure.paymentMethodSettings",
    defaultMessage: "Your money is secure, but your payment method settings cannot be loaded here.",
  },
  payouts: {
    id: "frame.loadFailure.payouts",
    defaultMessage: "Your money is secure, but your payouts information cannot be loaded here.",
  },
  transactions: {
    id: "frame.loadFailure.transactions",
    defaultMessage: "Your money is secure, but your transactions cannot be loaded here.",
  },
  payments: {
    id: "frame.loadFailure.payments",
    defaultMessage: "Your money is secure, but your payments information cannot be loaded here.",
  },
  disputes: {
    id: "frame.loadFailure.disputes",
    defaultMessage: "Your money is secure, but your disputes information cannot be loaded here.",
  },
  documents: {
    id: "frame.loadFailure.documents",
    defaultMessage: "Your documents cannot be loaded.",
  },
  reportingChart: {
    id: "frame.loadFailure.reportingChart",
    defaultMessage: "Your money is secure, but your information cannot be loaded here.",
  },
  balanceReport: {
    id: "frame.loadFailure.balanceReport",
    defaultMessage: "Your balance report cannot be loaded.",
  },
  payoutReconciliationReport: {
    id: "frame.loadFailure.payoutReconciliationReport",
    defaultMessage: "Your payout reconciliation report cannot be loaded.",
  },
  balances: {
    id: "frame.loadFailure.balances",
    defaultMessage: "Your money is secure, but your balance information cannot be loaded here.",
  },
  financialAccount: {
    id: "frame.loadFailure.financialAccount",
    defaultMessage:
      "Your money is secure, but your financial account information cannot be loaded here.",
  },
  financialAccountTransactions: {
    id: "frame.loadFailure.financialAccountTransactions",
    defaultMessage:
      "Your money is secure, but your financial account transactions cannot be loaded here.",
  },
  recipients: {
    id: "frame.loadFailure.recipients",
    defaultMessage: "Your money is secure, but your recipients cannot be loaded here.",
  },
  issuingCards: {
    id: "frame.loadFailure.issuingCards",
    defaultMessage: "Your money is secure, but your card information cannot be loaded here.",
  },
  capitalFinancing: {
    id: "frame.loadFailure.capitalFinancing",
    defaultMessage: "Your money is secure, but your financing information cannot be loaded here.",
  },
  capitalOffer: {
    id: "frame.loadFailure.capitalOffer",
    defaultMessage: "Your money is secure, but your financing offer cannot be loaded here.",
  },
  tax: {
    id: "frame.loadFailure.tax",
    defaultMessage: "Your money is secure, but your tax information cannot be loaded here.",
  },
  taxCodes: {
    id: "frame.loadFailure.taxCodes",
    defaultMessage: "Product tax codes cannot be loaded.",
  },
  apps: {
    id: "frame.loadFailure.apps",
    defaultMessage: "This app cannot be loaded.",
  },
  earnings: {
    id: "frame.loadFailure.earnings",
    defaultMessage: "Your money is secure, but your earnings cannot be loaded here.",
  },
  invoices: {
    id: "frame.loadFailure.invoices",
    defaultMessage: "Your money is secure, but your invoice history cannot be loaded here.",
  },
  terminalHardware: {
    id: "frame.loadFailure.terminalHardware",
    defaultMessage: "Your terminal hardware orders cannot be loaded.",
  },
  checkScanning: {
    id: "frame.loadFailure.checkScanning",
    defaultMessage: "Your money is secure, but check scanning cannot be loaded here.",
  },
  debugTool: {
    id: "frame.loadFailure.debugTool",
    defaultMessage: "This debug tool cannot be loaded.",
  },
});

const keyByText = new Map<string, ErrorTextKey>(
  (Object.entries(errorTexts) as [ErrorTextKey, string][]).map(([key, text]) => [text, key]),
);

/** The message of a catalogue error text; unknown text (or none) → the generic message. */
export function loadFailureMessage(errorText: string | null): MessageDescriptor {
  const key = errorText === null ? undefined : keyByText.get(errorText);
  return key ? loadFailureMessages[key] : frameMessages.unknownComponent;
}

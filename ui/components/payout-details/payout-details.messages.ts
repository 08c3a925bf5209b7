/**
 * The payout-details component's own messages; its title, load failure and timeline label are
 * the payouts list's (one payout, the same words), the transaction words the transactions list's.
 */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type PayoutDetailsMessageValues = {
  failureCode: None;
  failureMessage: None;
  failureAccountClosed: None;
  failureNoAccount: None;
  failureCouldNotProcess: None;
  eventDebited: { amount: string };
  eventReturned: { amount: string };
  settled: None;
  settledEmpty: None;
  settledMore: { count: number };
};

export const payoutDetailsMessages = defineMessages<PayoutDetailsMessageValues>({
  failureCode: {
    id: "payoutDetails.failureCode",
    defaultMessage: "Failure code",
    description: "Term: the bank's code for why a payout failed",
  },
  failureMessage: {
    id: "payoutDetails.failureMessage",
    defaultMessage: "Why it failed",
    description: "Term: the explanation of why a payout failed",
  },
  failureAccountClosed: {
    id: "payoutDetails.failure.accountClosed",
    defaultMessage: "The bank account has been closed.",
    description: "Why a payout failed (code account_closed)",
  },
  failureNoAccount: {
    id: "payoutDetails.failure.noAccount",
    defaultMessage:
      "The bank account details on file probably are incorrect: no account was found.",
    description: "Why a payout failed (code no_account)",
  },
  failureCouldNotProcess: {
    id: "payoutDetails.failure.couldNotProcess",
    defaultMessage: "The bank could not process this payout.",
    description: "Why a payout failed (code could_not_process)",
  },
  eventDebited: {
    id: "payoutDetails.event.debited",
    defaultMessage: "{amount} taken from your balance",
    description: "Timeline: the payout's amount (and fee) left the balance",
  },
  eventReturned: {
    id: "payoutDetails.event.returned",
    defaultMessage: "{amount} returned to your balance",
    description: "Timeline: the bank returned a failed payout, the money is back in the balance",
  },
  settled: {
    id: "payoutDetails.settled",
    defaultMessage: "Transactions in this payout",
    description: "Heading and caption of the balance transactions a payout settled",
  },
  settledEmpty: {
    id: "payoutDetails.settledEmpty",
    defaultMessage: "This payout settled no transactions.",
    description: "Shown when a payout settled no balance transaction",
  },
  settledMore: {
    id: "payoutDetails.settledMore",
    defaultMessage: "Showing the newest {count, number} transactions.",
    description: "Below the settled transactions, when there are more than shown",
  },
});

/** The payout-account piece of the money-out views (adding or replacing the bank account). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type PayoutAccountMessageValues = {
  title: None;
  bankEnding: { last4: string };
  cardEnding: { last4: string };
  none: None;
  replace: None;
  add: None;
  holder: None;
  country: None;
  bankDetails: None;
  iban: None;
  continue: None;
  verifyTitle: None;
  verifyBody: None;
  code: None;
  codeFormat: None;
  codeWrong: None;
  codeExpired: None;
  resend: None;
  back: None;
  confirm: None;
  saved: { currency: string; last4: string };
  method: None;
  connect: None;
  manual: None;
  institution: None;
  bankAccount: None;
  checkingEnding: { last4: string };
  savingsEnding: { last4: string };
  noInstitutions: { country: string };
};

export const payoutAccountMessages = defineMessages<PayoutAccountMessageValues>({
  title: {
    id: "payoutAccount.title",
    defaultMessage: "Payout account",
    description: "Heading: where payouts go, per currency",
  },
  bankEnding: {
    id: "payoutAccount.bankEnding",
    defaultMessage: "Bank account ending in {last4}",
    description: "The payout bank account; last4 is its last four digits",
  },
  cardEnding: {
    id: "payoutAccount.cardEnding",
    defaultMessage: "Debit card ending in {last4}",
    description: "The payout debit card; last4 is its last four digits",
  },
  none: {
    id: "payoutAccount.none",
    defaultMessage: "No payout account yet",
    description: "No bank account or card receives payouts in this currency",
  },
  replace: {
    id: "payoutAccount.replace",
    defaultMessage: "Replace bank account",
    description: "Button: put another bank account in place of the payout account",
  },
  add: {
    id: "payoutAccount.add",
    defaultMessage: "Add bank account",
    description: "Button: add a bank account for payouts",
  },
  holder: {
    id: "payoutAccount.holder",
    defaultMessage: "Account holder name",
    description: "Field: the name on the bank account",
  },
  country: {
    id: "payoutAccount.country",
    defaultMessage: "Bank country",
    description: "Field: the country of the bank",
  },
  bankDetails: {
    id: "payoutAccount.bankDetails",
    defaultMessage: "Bank account",
    description: "Label of the routing and account numbers together",
  },
  iban: {
    id: "payoutAccount.iban",
    defaultMessage: "Account number (IBAN)",
    description: "Field: the bank account's IBAN",
  },
  continue: {
    id: "payoutAccount.continue",
    defaultMessage: "Continue",
    description: "Button: go on to the verification",
  },
  verifyTitle: {
    id: "payoutAccount.verifyTitle",
    defaultMessage: "Confirm it is you",
    description: "Heading of the verification step",
  },
  verifyBody: {
    id: "payoutAccount.verifyBody",
    defaultMessage:
      "We sent a 6-digit code to the account owner. Enter it to make this bank account the one your payouts go to.",
    description: "What the verification step asks",
  },
  code: {
    id: "payoutAccount.code",
    defaultMessage: "Verification code",
    description: "Field: the code that was sent",
  },
  codeFormat: {
    id: "payoutAccount.codeFormat",
    defaultMessage: "Enter the 6 digits of the code.",
    description: "Error: the code is not six digits",
  },
  codeWrong: {
    id: "payoutAccount.codeWrong",
    defaultMessage: "That code is not correct. Try again.",
    description: "Error: the provider refused the code",
  },
  codeExpired: {
    id: "payoutAccount.codeExpired",
    defaultMessage: "This code can no longer be used. Send a new code.",
    description: "Error: no attempts left, or the code ran out of time",
  },
  resend: {
    id: "payoutAccount.resend",
    defaultMessage: "Send a new code",
    description: "Button: send another verification code",
  },
  back: {
    id: "payoutAccount.back",
    defaultMessage: "Back",
    description: "Button: back to the bank details",
  },
  confirm: {
    id: "payoutAccount.confirm",
    defaultMessage: "Confirm",
    description: "Button: check the code and save the bank account",
  },
  saved: {
    id: "payoutAccount.saved",
    defaultMessage: "Payouts in {currency} now go to the bank account ending in {last4}.",
    description: "Success: the new bank account is the default; currency is a code like USD",
  },
  method: {
    id: "payoutAccount.method",
    defaultMessage: "How to add the bank account",
    description: "Label of the choice between connecting a bank and typing the bank details",
  },
  connect: {
    id: "payoutAccount.connect",
    defaultMessage: "Connect your bank",
    description: "Tab: choose the bank account at a bank the provider connects to",
  },
  manual: {
    id: "payoutAccount.manual",
    defaultMessage: "Enter details manually",
    description: "Tab: type the bank account's numbers",
  },
  institution: {
    id: "payoutAccount.institution",
    defaultMessage: "Bank",
    description: "Label of the list of banks to connect to",
  },
  bankAccount: {
    id: "payoutAccount.bankAccount",
    defaultMessage: "Account",
    description: "Label of the list of the chosen bank's accounts",
  },
  checkingEnding: {
    id: "payoutAccount.checkingEnding",
    defaultMessage: "Checking ••{last4}",
    description:
      "A checking (current) account at the connected bank; last4 is its last four digits",
  },
  savingsEnding: {
    id: "payoutAccount.savingsEnding",
    defaultMessage: "Savings ••{last4}",
    description: "A savings account at the connected bank; last4 is its last four digits",
  },
  noInstitutions: {
    id: "payoutAccount.noInstitutions",
    defaultMessage: "No bank in {country} can be connected yet. Enter the details manually.",
    description: "Shown when no bank of the country can be connected; country is its name",
  },
});

/**
 * The payment-method-settings component's own messages (the load-failure text is the
 * catalogue's, in the frame; the sign-in prompt is the popup's). Brand names (Apple Pay,
 * Klarna, iDEAL, …) are not translated: they are in the view.
 */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;
type Method = { method: string };

type PaymentMethodSettingsMessageValues = {
  title: None;
  intro: { country: string; currency: string };
  kindCard: None;
  kindWallet: None;
  kindBankDebit: None;
  kindBuyNowPayLater: None;
  kindBankRedirect: None;
  methodCard: None;
  methodUsBankAccount: None;
  methodSepaDebit: None;
  methodBacsDebit: None;
  methodAuBecsDebit: None;
  methodAcssDebit: None;
  on: None;
  off: None;
  notAvailable: None;
  actionNeeded: None;
  unavailableCountry: { country: string };
  unavailableCurrency: { currency: string };
  needsCardPayments: None;
  needsWebsite: None;
  needsSupportEmail: None;
  waiting: None;
  turnOnTitle: Method;
  turnOffTitle: Method;
  turnOnConsequences: Method;
  turnOffConsequences: Method;
  turnOn: None;
  turnOff: None;
  refusedUnavailable: None;
  refusedRequirements: None;
};

export const paymentMethodSettingsMessages = defineMessages<PaymentMethodSettingsMessageValues>({
  title: {
    id: "paymentMethodSettings.title",
    defaultMessage: "Payment methods",
    description: "Heading of the list of payment methods the account offers its customers",
  },
  intro: {
    id: "paymentMethodSettings.intro",
    defaultMessage:
      "Choose how your customers can pay. What is offered depends on your account's country ({country}) and currency ({currency}).",
    description: "Text under the heading; country is a country name, currency an ISO code (USD)",
  },
  kindCard: {
    id: "paymentMethodSettings.kindCard",
    defaultMessage: "Cards",
    description: "Group heading: card payments",
  },
  kindWallet: {
    id: "paymentMethodSettings.kindWallet",
    defaultMessage: "Wallets",
    description: "Group heading: digital wallets (Apple Pay, Google Pay, Link)",
  },
  kindBankDebit: {
    id: "paymentMethodSettings.kindBankDebit",
    defaultMessage: "Bank debits",
    description: "Group heading: direct debits from the customer's bank account",
  },
  kindBuyNowPayLater: {
    id: "paymentMethodSettings.kindBuyNowPayLater",
    defaultMessage: "Buy now, pay later",
    description: "Group heading: instalment payments (Klarna, Affirm)",
  },
  kindBankRedirect: {
    id: "paymentMethodSettings.kindBankRedirect",
    defaultMessage: "Bank redirects and local methods",
    description: "Group heading: methods that redirect to the customer's bank, and local ones",
  },
  methodCard: {
    id: "paymentMethodSettings.methodCard",
    defaultMessage: "Cards",
    description: "Payment method name: credit and debit cards",
  },
  methodUsBankAccount: {
    id: "paymentMethodSettings.methodUsBankAccount",
    defaultMessage: "ACH Direct Debit",
    description: "Payment method name: US bank account debits (ACH is a proper name)",
  },
  methodSepaDebit: {
    id: "paymentMethodSettings.methodSepaDebit",
    defaultMessage: "SEPA Direct Debit",
    description: "Payment method name: euro bank account debits (SEPA is a proper name)",
  },
  methodBacsDebit: {
    id: "paymentMethodSettings.methodBacsDebit",
    defaultMessage: "Bacs Direct Debit",
    description: "Payment method name: UK bank account debits (Bacs is a proper name)",
  },
  methodAuBecsDebit: {
    id: "paymentMethodSettings.methodAuBecsDebit",
    defaultMessage: "BECS Direct Debit",
    description: "Payment method name: Australian bank account debits (BECS is a proper name)",
  },
  methodAcssDebit: {
    id: "paymentMethodSettings.methodAcssDebit",
    defaultMessage: "Pre-authorized debits",
    description: "Payment method name: Canadian bank account debits",
  },
  on: {
    id: "paymentMethodSettings.on",
    defaultMessage: "On",
    description: "Beside a switch: the payment method is on",
  },
  off: {
    id: "paymentMethodSettings.off",
    defaultMessage: "Off",
    description: "Beside a switch: the payment method is off",
  },
  notAvailable: {
    id: "paymentMethodSettings.notAvailable",
    defaultMessage: "Not available",
    description: "Badge: the payment method is not offered for this account",
  },
  actionNeeded: {
    id: "paymentMethodSettings.actionNeeded",
    defaultMessage: "Action needed",
    description: "Badge: the account must do something before the method can be turned on",
  },
  unavailableCountry: {
    id: "paymentMethodSettings.unavailableCountry",
    defaultMessage: "Not offered to accounts in {country}.",
    description: "Why a payment method cannot be turned on; country is a country name",
  },
  unavailableCurrency: {
    id: "paymentMethodSettings.unavailableCurrency",
    defaultMessage: "Not offered to accounts that use {currency}.",
    description: "Why a payment method cannot be turned on; currency is an ISO code (USD)",
  },
  needsCardPayments: {
    id: "paymentMethodSettings.needsCardPayments",
    defaultMessage: "Card payments must be active on your account first.",
    description: "A requirement before the payment method can be turned on",
  },
  needsWebsite: {
    id: "paymentMethodSettings.needsWebsite",
    defaultMessage: "Add your business website to your account details.",
    description: "A requirement before the payment method can be turned on",
  },
  needsSupportEmail: {
    id: "paymentMethodSettings.needsSupportEmail",
    defaultMessage: "Add a customer support email to your account details.",
    description: "A requirement before the payment method can be turned on",
  },
  waiting: {
    id: "paymentMethodSettings.waiting",
    defaultMessage: "Turned on: customers see it once the above is done.",
    description: "Note on a method the account turned on that still waits on a requirement",
  },
  turnOnTitle: {
    id: "paymentMethodSettings.turnOnTitle",
    defaultMessage: "Turn on {method}?",
    description: "Confirmation title; method is a payment method's name",
  },
  turnOffTitle: {
    id: "paymentMethodSettings.turnOffTitle",
    defaultMessage: "Turn off {method}?",
    description: "Confirmation title; method is a payment method's name",
  },
  turnOnConsequences: {
    id: "paymentMethodSettings.turnOnConsequences",
    defaultMessage: "Your customers will be able to pay with {method}.",
    description: "What turning a payment method on does",
  },
  turnOffConsequences: {
    id: "paymentMethodSettings.turnOffConsequences",
    defaultMessage:
      "Your customers will no longer be able to pay with {method}. Payments already made are not affected.",
    description: "What turning a payment method off does",
  },
  turnOn: {
    id: "paymentMethodSettings.turnOn",
    defaultMessage: "Turn on",
    description: "Confirm button: turn the payment method on",
  },
  turnOff: {
    id: "paymentMethodSettings.turnOff",
    defaultMessage: "Turn off",
    description: "Confirm button: turn the payment method off",
  },
  refusedUnavailable: {
    id: "paymentMethodSettings.refusedUnavailable",
    defaultMessage: "This payment method is not offered to your account.",
    description: "The provider refused to turn a method on: not available for the account",
  },
  refusedRequirements: {
    id: "paymentMethodSettings.refusedRequirements",
    defaultMessage: "Your account must meet this payment method's requirements first.",
    description: "The provider refused to turn a method on: requirements unmet",
  },
});

/** Issuing cards and financial accounts (treasury). */
import { defineComponent, enableFlag } from "../definition.schema.ts";
import {
  booleanAttribute,
  financialAccountId,
  functionValue,
  issuingCardId,
  nonEmptyText,
} from "../inputs.schema.ts";
import { errorTexts } from "./error-texts.ts";
import {
  cardholderManagement,
  cardManagement,
  cardSpendDisputeManagement,
  disableUserAuthentication,
  externalAccountCollection,
  spendControlManagement,
} from "./features.ts";

const showSpendControls = {
  name: "show-spend-controls",
  internal: false,
  description: "Shows the card's spend controls.",
  schema: booleanAttribute,
} as const;

const setFetchEphemeralKey = {
  name: "setFetchEphemeralKey",
  type: "SupplementalFunction",
  target: { kind: "object", name: "fetchEphemeralKey" },
  internal: false,
  description:
    "A platform function that fetches an ephemeral key, so sensitive card data such as the " +
    "full card number can be shown.",
  schema: functionValue,
} as const;

const financialAccount = {
  name: "financial-account",
  internal: false,
  description: "The financial account (its id).",
  schema: financialAccountId,
} as const;

export const issuingEntries = {
  "issuing-card": defineComponent({
    enabledKey: "issuing_card",
    enabledOverrideFlag: enableFlag("issuing_card"),
    releaseState: "ga",
    friendlyName: "Issuing card",
    description:
      "One card; the user can switch cards, activate and deactivate them, and view spend controls.",
    docSitePath: "/components/issuing-card",
    errorText: errorTexts.issuingCards,
    features: [
      cardManagement,
      cardholderManagement,
      cardSpendDisputeManagement,
      spendControlManagement,
    ],
    // A card face wider than this looks stretched.
    maxWidth: 500,
    htmlAttributes: [
      {
        name: "default-card",
        internal: false,
        description: "The card shown first.",
        schema: issuingCardId,
      },
      {
        name: "card-switching",
        internal: false,
        description: "Lets the user switch to other cards.",
        schema: booleanAttribute,
      },
      showSpendControls,
    ],
    customHtmlElementMethods: [setFetchEphemeralKey],
  }),

  "issuing-cards-list": defineComponent({
    enabledKey: "issuing_cards_list",
    enabledOverrideFlag: enableFlag("issuing_cards_list"),
    releaseState: "ga",
    friendlyName: "Issuing cards list",
    description: "The cards of the connected account.",
    docSitePath: "/components/issuing-cards-list",
    errorText: errorTexts.issuingCards,
    features: [
      cardManagement,
      cardholderManagement,
      cardSpendDisputeManagement,
      spendControlManagement,
      disableUserAuthentication,
    ],
    htmlAttributes: [
      showSpendControls,
      {
        name: "issuing-program",
        internal: false,
        description: "Shows only the cards of this issuing program.",
        schema: nonEmptyText,
      },
    ],
    customHtmlElementMethods: [setFetchEphemeralKey],
  }),

  "financial-account": defineComponent({
    enabledKey: "financial_account",
    // SPEC.md §9 names this flag as its example of a treasury component's flag.
    enabledOverrideFlag: enableFlag("treasury_financial_account"),
    releaseState: "ga",
    friendlyName: "Financial account",
    description: "The balance and money-movement options of a financial account.",
    docSitePath: "/components/financial-account",
    errorText: errorTexts.financialAccount,
    features: [
      {
        name: "money_movement",
        default: false,
        description: "Move money in and out of the financial account.",
      },
      { name: "send_money", default: false, description: "Send money from the financial account." },
      {
        name: "transfer_balance",
        default: false,
        description: "Transfer the balance to the financial account.",
      },
      externalAccountCollection,
    ],
    htmlAttributes: [financialAccount],
  }),

  "financial-account-transactions": defineComponent({
    enabledKey: "financial_account_transactions",
    enabledOverrideFlag: enableFlag("treasury_financial_account_transactions"),
    releaseState: "ga",
    friendlyName: "Financial account transactions",
    description: "The transaction list of a financial account.",
    docSitePath: "/components/financial-account-transactions",
    errorText: errorTexts.financialAccountTransactions,
    features: [cardSpendDisputeManagement],
    htmlAttributes: [financialAccount],
  }),

  // SPEC.md §1 lists recipients for financial accounts; §2 gives no entry, so it takes the
  // same financial-account attribute as its siblings and ships as a preview.
  recipients: defineComponent({
    enabledKey: "recipients",
    enabledOverrideFlag: enableFlag("treasury_recipients"),
    releaseState: "preview",
    friendlyName: "Recipients",
    description: "The recipients a financial account can send money to.",
    docSitePath: "/components/recipients",
    errorText: errorTexts.recipients,
    htmlAttributes: [financialAccount],
  }),
} as const;

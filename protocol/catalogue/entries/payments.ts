/** Payments, disputes and balance transactions. */
import { z } from "zod";
import { defineComponent, enableFlag } from "../definition.schema.ts";
import {
  booleanAttribute,
  chargeId,
  paymentId,
  paymentsDefaultFilters,
  transactionsDefaultFilters,
} from "../inputs.schema.ts";
import { errorTexts } from "./error-texts.ts";
import {
  destinationOnBehalfOfChargeManagement,
  disputeManagement,
  exportData,
  moneyManagement,
  refundManagement,
} from "./features.ts";

export const paymentEntries = {
  payments: defineComponent({
    enabledKey: "payments",
    enabledOverrideFlag: enableFlag("payments"),
    releaseState: "ga",
    friendlyName: "Payments",
    description: "A list of payments, with refunds, dispute management and capture of charges.",
    docSitePath: "/components/payments",
    errorText: errorTexts.payments,
    features: [
      ...moneyManagement,
      exportData,
      {
        name: "enable_embedded_email_filter_in_payments_list",
        default: false,
        description: "Filter the payments by the customer's email.",
        flag: true,
      },
      {
        name: "enable_embedded_metadata_filter_in_payments_list",
        default: false,
        description: "Filter the payments by a metadata key and value.",
        flag: true,
      },
    ],
    htmlAttributes: [
      {
        name: "recent-payments",
        internal: true,
        description: "Shows only the most recent payments, without paging.",
        schema: booleanAttribute,
      },
    ],
    customHtmlElementMethods: [
      {
        name: "setDefaultFilters",
        type: "SupplementalObject",
        target: { kind: "object", name: "defaultFilters" },
        internal: false,
        description: "Filters applied when the list opens: amount, date, status, payment method.",
        schema: paymentsDefaultFilters,
      },
    ],
  }),

  "payment-details": defineComponent({
    enabledKey: "payment_details",
    enabledOverrideFlag: enableFlag("payment_details"),
    releaseState: "ga",
    friendlyName: "Payment details",
    description: "One payment, with refunds and dispute management.",
    docSitePath: "/components/payment-details",
    errorText: errorTexts.payments,
    features: [
      ...moneyManagement,
      {
        name: "enable_metadata_in_payment_details",
        default: false,
        description: "Show the payment's metadata.",
        flag: true,
      },
    ],
    optionalInlineOverlay: true,
    errorConfiguration: { expectedErrors: ["resource_missing"], mutedErrors: [] },
    htmlAttributes: [
      {
        name: "charge-id",
        internal: false,
        description: "The charge to show (older form of payment).",
        schema: chargeId,
      },
      {
        name: "visible",
        internal: false,
        description: "Whether the overlay is open.",
        schema: booleanAttribute,
      },
      { name: "payment", internal: false, description: "The payment to show.", schema: paymentId },
      {
        name: "inline",
        internal: true,
        description: "Renders inline in the page instead of as an overlay.",
        schema: booleanAttribute,
      },
    ],
    htmlEvents: [{ name: "close", internal: false, description: "The user closed the details." }],
  }),

  "payment-disputes": defineComponent({
    enabledKey: "payment_disputes",
    enabledOverrideFlag: enableFlag("payment_disputes"),
    releaseState: "ga",
    friendlyName: "Payment disputes",
    description: "The disputes of one payment, with dispute management.",
    docSitePath: "/components/payment-disputes",
    errorText: errorTexts.disputes,
    features: [refundManagement, disputeManagement, destinationOnBehalfOfChargeManagement],
    htmlAttributes: [
      { name: "payment", internal: false, description: "The disputed payment.", schema: paymentId },
    ],
    htmlEvents: [
      {
        name: "ondisputesloaded",
        internal: false,
        description: "The disputes loaded; gives their number.",
        detail: z.strictObject({ total: z.number().int().nonnegative() }),
      },
    ],
  }),

  "disputes-list": defineComponent({
    enabledKey: "disputes_list",
    enabledOverrideFlag: enableFlag("disputes_list"),
    releaseState: "ga",
    friendlyName: "Disputes list",
    description: "All disputes of the account, with dispute management.",
    docSitePath: "/components/disputes-list",
    errorText: errorTexts.disputes,
    features: [...moneyManagement, exportData],
  }),

  "transactions-list": defineComponent({
    enabledKey: "transactions_list",
    enabledOverrideFlag: enableFlag("transactions_list"),
    releaseState: "internal",
    friendlyName: "Transactions list",
    description: "The account's balance transactions.",
    docSitePath: "/components/transactions-list",
    errorText: errorTexts.transactions,
    htmlAttributes: [
      {
        name: "recent-transactions",
        internal: true,
        description: "Shows only the most recent transactions, without paging.",
        schema: booleanAttribute,
      },
    ],
    customHtmlElementMethods: [
      {
        name: "setDefaultFilters",
        type: "SupplementalObject",
        target: { kind: "object", name: "defaultFilters" },
        internal: false,
        description: "Filters applied when the list opens: transaction type only.",
        schema: transactionsDefaultFilters,
      },
    ],
  }),
} as const;

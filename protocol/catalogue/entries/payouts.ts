/** Balances, payouts and instant payouts. */
import { z } from "zod";
import { tagName } from "../../provider.ts";
import { defineComponent, enableFlag } from "../definition.schema.ts";
import { booleanAttribute, payoutId } from "../inputs.schema.ts";
import { errorTexts } from "./error-texts.ts";
import {
  enableTopups,
  instantPayouts as instantPayoutsFeature,
  instantPayoutsRtpDisabled,
  instantPayoutsToDebitCardsDisabled,
  payoutManagement,
} from "./features.ts";

const instantPayoutOnly = [
  instantPayoutsFeature,
  instantPayoutsRtpDisabled,
  instantPayoutsToDebitCardsDisabled,
] as const;

const manualScheduleAttributes = [
  {
    name: "show-manual-payout-schedule-contact-platform-message",
    internal: true,
    description: "Tells users on a manual payout schedule to contact the platform.",
    schema: booleanAttribute,
  },
  {
    name: "hide-manual-payout-schedule-status",
    internal: true,
    description: 'Hides the "Next payout Manual" status.',
    schema: booleanAttribute,
  },
] as const;

const instantPayoutCreated = {
  name: "instantpayoutcreated",
  internal: false,
  description: "An instant payout was created; gives its id.",
  detail: z.strictObject({ payoutId: payoutId }),
} as const;

const instantPayouts = defineComponent({
  enabledKey: "instant_payouts",
  enabledOverrideFlag: enableFlag("instant_payouts"),
  releaseState: "ga",
  friendlyName: "Instant payouts",
  description: "Makes instant payouts of the available balance.",
  docSitePath: "/components/instant-payouts",
  deprecatedMessage: `${tagName("instant-payouts")} is deprecated: use ${tagName("balances")}, which includes instant payouts.`,
  errorText: errorTexts.payments,
  features: payoutManagement,
  htmlEvents: [instantPayoutCreated],
});

export const payoutEntries = {
  payouts: defineComponent({
    enabledKey: "payouts",
    enabledOverrideFlag: enableFlag("payouts"),
    releaseState: "ga",
    friendlyName: "Payouts",
    description:
      "A list of payouts, with manual payouts, instant payouts and payout schedule management.",
    docSitePath: "/components/payouts",
    errorText: errorTexts.payouts,
    features: payoutManagement,
    htmlAttributes: manualScheduleAttributes,
  }),

  balances: defineComponent({
    enabledKey: "balances",
    enabledOverrideFlag: enableFlag("balances"),
    releaseState: "ga",
    friendlyName: "Balances",
    description:
      "The balance, with manual payouts, instant payouts, the payout schedule and adding funds.",
    docSitePath: "/components/balances",
    errorText: errorTexts.balances,
    features: [...payoutManagement, enableTopups],
    htmlAttributes: [
      ...manualScheduleAttributes,
      {
        name: "instant-payouts",
        internal: false,
        description: "Offers instant payouts from the balance.",
        schema: booleanAttribute,
      },
    ],
  }),

  "payouts-list": defineComponent({
    enabledKey: "payouts_list",
    enabledOverrideFlag: enableFlag("payouts_list"),
    releaseState: "ga",
    friendlyName: "Payouts list",
    description: "The list of payouts only.",
    docSitePath: "/components/payouts-list",
    errorText: errorTexts.payouts,
    htmlAttributes: [
      {
        name: "recent-payouts",
        internal: true,
        description: "Shows only the most recent payouts, without paging.",
        schema: booleanAttribute,
      },
    ],
  }),

  "payout-details": defineComponent({
    enabledKey: "payout_details",
    enabledOverrideFlag: enableFlag("payout_details"),
    releaseState: "ga",
    friendlyName: "Payout details",
    description: "One payout.",
    docSitePath: "/components/payout-details",
    errorText: errorTexts.payouts,
    optionalInlineOverlay: true,
    errorConfiguration: { expectedErrors: ["resource_missing"], mutedErrors: [] },
    htmlAttributes: [
      { name: "payout", internal: false, description: "The payout to show.", schema: payoutId },
      {
        name: "inline",
        internal: false,
        description: "Renders inline in the page instead of as an overlay.",
        schema: booleanAttribute,
      },
    ],
    htmlEvents: [{ name: "close", internal: false, description: "The user closed the details." }],
  }),

  "instant-payouts": instantPayouts,

  // SPEC.md §2: "a legacy instant payouts experience tag reuses instant-payouts". We name it
  // after what it is, with the suffix so it sorts beside its target in lists and docs and no
  // platform mistakes it for a separate product.
  "instant-payouts-legacy": {
    ...instantPayouts,
    aliasOf: "instant-payouts",
    friendlyName: "Instant payouts (legacy)",
    docSitePath: "/components/instant-payouts",
  },

  "instant-payouts-promotion": defineComponent({
    enabledKey: "instant_payouts_promotion",
    enabledOverrideFlag: enableFlag("instant_payouts_promotion"),
    releaseState: "ga",
    friendlyName: "Instant payouts promotion",
    description: "A banner that encourages instant payouts, with a button to make one.",
    docSitePath: "/components/instant-payouts-promotion",
    errorText: errorTexts.payouts,
    componentControlledBackground: true,
    // Its button makes an instant payout: the session enables it as for instant-payouts.
    features: instantPayoutOnly,
    htmlEvents: [
      {
        name: "oninstantpayoutspromotionloaded",
        internal: false,
        description: "The promotion loaded; says whether it is shown.",
        detail: z.strictObject({ promotionShown: z.boolean() }),
      },
      instantPayoutCreated,
    ],
  }),
} as const;

/** Capital financing: promotion, application, financing, and the deprecated overview. */
import { z } from "zod";
import { tagName } from "../../provider.ts";
import { defineComponent, enableFlag } from "../definition.schema.ts";
import {
  applicationPresentation,
  booleanAttribute,
  financingOfferId,
  nonEmptyText,
  promotionLayout,
  urlAttribute,
} from "../inputs.schema.ts";
import { errorTexts } from "./error-texts.ts";

const url = <const N extends string>(name: N, what: string) =>
  ({ internal: false, description: `Link to ${what}.`, schema: urlAttribute, name }) as const;

const privacyPolicyUrl = url("privacy-policy-url", "the platform's privacy policy");
const howCapitalWorksUrl = url("how-capital-works-url", "an explanation of how financing works");
const capitalScheme = {
  name: "capital-scheme",
  internal: true,
  description: "The financing scheme the offers belong to.",
  schema: nonEmptyText,
} as const;
const debug = {
  name: "debug",
  internal: true,
  description: "Shows debug output.",
  schema: booleanAttribute,
} as const;

const applicationSubmitted = {
  name: "onapplicationsubmitted",
  internal: false,
  description: "The user submitted the financing application.",
} as const;
const applicationStepChange = {
  name: "onapplicationstepchange",
  internal: false,
  description: "The user moved to another step of the application.",
  detail: z.strictObject({ step: z.string().min(1) }),
} as const;

export const capitalEntries = {
  "capital-financing-promotion": defineComponent({
    enabledKey: "capital_financing_promotion",
    enabledOverrideFlag: enableFlag("capital_financing_promotion"),
    releaseState: "ga",
    friendlyName: "Capital financing promotion",
    description:
      "Shows eligible financing offers; its start-application action opens the application.",
    docSitePath: "/components/capital-financing-promotion",
    errorText: errorTexts.capitalOffer,
    componentControlledBackground: true,
    htmlAttributes: [
      {
        name: "layout",
        internal: false,
        description: 'How the promotion is laid out: "banner" or "full".',
        schema: promotionLayout,
      },
      privacyPolicyUrl,
      url("eligibility-criteria-url", "the eligibility criteria for financing"),
      howCapitalWorksUrl,
      {
        name: "disable-view-offer-button",
        internal: true,
        description: 'Disables "View offer", with a tooltip saying why (admins only may apply).',
        schema: booleanAttribute,
      },
      { ...url("support-url", "the platform's support page"), internal: true },
      {
        name: "application-presentation",
        internal: true,
        description: 'How "Start application" presents the application.',
        schema: applicationPresentation,
      },
      capitalScheme,
      debug,
    ],
    htmlEvents: [
      applicationSubmitted,
      {
        name: "oneligiblefinancingofferloaded",
        internal: false,
        description: "The eligible offer loaded; says whether there is one.",
        detail: z.strictObject({ hasEligibleOffer: z.boolean() }),
      },
      applicationStepChange,
    ],
  }),

  "capital-financing-application": defineComponent({
    enabledKey: "capital_financing_application",
    enabledOverrideFlag: enableFlag("capital_financing_application"),
    releaseState: "ga",
    friendlyName: "Capital financing application",
    description: "The application form of a financing offer.",
    docSitePath: "/components/capital-financing-application",
    errorText: errorTexts.capitalOffer,
    htmlAttributes: [privacyPolicyUrl, howCapitalWorksUrl, capitalScheme, debug],
    htmlEvents: [applicationSubmitted, applicationStepChange],
  }),

  "capital-financing": defineComponent({
    enabledKey: "capital_financing",
    enabledOverrideFlag: enableFlag("capital_financing"),
    releaseState: "ga",
    friendlyName: "Capital financing",
    description: "Balance and reporting of active or past accepted financing.",
    docSitePath: "/components/capital-financing",
    errorText: errorTexts.capitalFinancing,
    htmlAttributes: [
      {
        name: "default-financing-offer",
        internal: false,
        description: "The financing shown first.",
        schema: financingOfferId,
      },
      {
        name: "show-financing-selector",
        internal: false,
        description: "Shows a dropdown to change the focused financing.",
        schema: booleanAttribute,
      },
      howCapitalWorksUrl,
      url("faq-url", "an explanation of how financing works (older name of how-capital-works-url)"),
      url("support-url", "the platform's support page"),
      capitalScheme,
      {
        name: "direct-financing-object",
        internal: true,
        description: "Reads the financing object directly rather than through the offer.",
        schema: booleanAttribute,
      },
    ],
    htmlEvents: [
      {
        name: "onfinancingsloaded",
        internal: false,
        description: "The financings loaded; gives their total count.",
        detail: z.strictObject({ total: z.number().int().nonnegative() }),
      },
      {
        name: "onchangefinancing",
        internal: true,
        description: "The focused financing changed.",
        detail: z.strictObject({ index: z.number().int().nonnegative(), id: z.string().min(1) }),
      },
    ],
  }),

  "capital-overview": defineComponent({
    enabledKey: "capital_overview",
    enabledOverrideFlag: enableFlag("capital_overview"),
    releaseState: "ga",
    friendlyName: "Capital overview",
    description: "A mini dashboard of loans.",
    docSitePath: "/components/capital-overview",
    deprecatedMessage: `${tagName("capital-overview")} is deprecated: use ${tagName("capital-financing")}.`,
    errorText: errorTexts.capitalFinancing,
  }),
} as const;

/** Account surfaces: management, onboarding, the single-section form, banner, documents. */
import { z } from "zod";
import { defineComponent, enableFlag } from "../definition.schema.ts";
import {
  booleanAttribute,
  booleanValue,
  collectionFields,
  collectionOptions,
  disabledSections,
  functionValue,
  hiddenSections,
  nonEmptyText,
  paymentMethodConfigurationId,
  propertyBag,
  sectionView,
  urlAttribute,
} from "../inputs.schema.ts";
import { errorTexts } from "./error-texts.ts";
import { accountCollection, accountManagementFeatures } from "./features.ts";

/** Setters that account-management, the banner and the form share. */
const setDisabledSections = (internal: boolean) =>
  ({
    name: "setDisabledSections",
    type: "SupplementalObject",
    target: { kind: "object", name: "disabledSections" },
    internal,
    description: "Sections the user cannot edit: company, person, support or external_account.",
    schema: disabledSections,
  }) as const;

const setDisableBankConnections = (internal: boolean) =>
  ({
    name: "setDisableBankConnections",
    type: "SupplementalObject",
    target: { kind: "object", name: "disableBankConnections" },
    internal,
    description: "Hides the option to link a bank account through a bank connection.",
    schema: booleanValue,
  }) as const;

const setCollectionOptions = {
  name: "setCollectionOptions",
  type: "SupplementalObject",
  target: { kind: "object", name: "collectionOptions" },
  internal: false,
  description: "Which requirements to collect: currently or eventually due, future ones or not.",
  schema: collectionOptions,
} as const;

const enableAddressAutocomplete = {
  name: "enable-address-autocomplete",
  internal: true,
  description: "Suggests addresses while the user types one.",
  schema: booleanAttribute,
} as const;

const stepDetail = z.strictObject({ step: z.string().min(1) });

export const accountEntries = {
  "account-management": defineComponent({
    enabledKey: "account_management",
    enabledOverrideFlag: enableFlag("account_management"),
    releaseState: "ga",
    requiresAuthentication: true,
    friendlyName: "Account management",
    description:
      "Shows and edits the account information collected at onboarding, the user's " +
      "credentials, and linked external bank accounts.",
    docSitePath: "/components/account-management",
    errorText: errorTexts.account,
    features: accountManagementFeatures,
    htmlAttributes: [
      enableAddressAutocomplete,
      {
        name: "show-express-settings",
        internal: true,
        description: "Shows the settings of the express dashboard.",
        schema: booleanAttribute,
      },
    ],
    customHtmlElementMethods: [
      setDisabledSections(true),
      {
        name: "setHiddenSections",
        type: "SupplementalObject",
        target: { kind: "object", name: "hiddenSections" },
        internal: true,
        description: "Sections not shown at all.",
        schema: hiddenSections,
      },
      setCollectionOptions,
      setDisableBankConnections(true),
      {
        name: "setIsDirectSettings",
        type: "SupplementalObject",
        target: { kind: "object", name: "isDirectSettings" },
        internal: true,
        description: "Renders the provider's own settings page rather than an embedded one.",
        schema: booleanValue,
      },
      {
        name: "setIsOrrM5",
        type: "SupplementalObject",
        target: { kind: "object", name: "isOrrM5" },
        internal: true,
        description: "Turns on the M5 layout of the account requirements review.",
        schema: booleanValue,
      },
    ],
  }),

  "account-onboarding": defineComponent({
    enabledKey: "account_onboarding",
    enabledOverrideFlag: enableFlag("account_onboarding"),
    releaseState: "ga",
    requiresAuthentication: true,
    friendlyName: "Account onboarding",
    description:
      "Collects the information that satisfies the account's requirements so its " +
      "capabilities are enabled; performs the user claim step when no user has claimed it.",
    docSitePath: "/components/account-onboarding",
    errorText: errorTexts.account,
    features: accountCollection,
    htmlAttributes: [
      {
        name: "full-terms-of-service-url",
        internal: false,
        description: "The platform's full terms of service (custom accounts only).",
        schema: urlAttribute,
        customAccountsOnly: true,
      },
      {
        name: "recipient-terms-of-service-url",
        internal: false,
        description: "The platform's recipient terms of service (custom accounts only).",
        schema: urlAttribute,
        customAccountsOnly: true,
      },
      {
        name: "privacy-policy-url",
        internal: false,
        description: "The platform's privacy policy (custom accounts only).",
        schema: urlAttribute,
        customAccountsOnly: true,
      },
      {
        name: "skip-terms-of-service-collection",
        internal: false,
        description:
          "Skips terms-of-service acceptance; the platform must collect it elsewhere " +
          "(custom accounts only).",
        schema: booleanAttribute,
        customAccountsOnly: true,
      },
      {
        name: "align",
        internal: true,
        description: "Horizontal alignment of the flow.",
        schema: z.enum(["start", "center"], { error: 'must be "start" or "center"' }),
      },
      {
        name: "collect",
        internal: true,
        description: "Which requirement fields to collect.",
        schema: collectionFields,
      },
      {
        name: "intent",
        internal: true,
        description: "Why the flow was opened.",
        schema: nonEmptyText,
      },
      {
        name: "analytics-flow",
        internal: true,
        description: "Flow name recorded with analytics events.",
        schema: nonEmptyText,
      },
      {
        name: "analytics-prefix",
        internal: true,
        description: "Prefix of the analytics event names.",
        schema: nonEmptyText,
      },
      {
        name: "show-icons",
        internal: true,
        description: "Shows an icon beside each step.",
        schema: booleanAttribute,
      },
      {
        name: "emit-v2-account-link-webhook",
        internal: true,
        description: "Emits the v2 account-link webhook when the flow finishes.",
        schema: booleanAttribute,
      },
      {
        name: "show-verbose-redirect",
        internal: true,
        description: "Explains the redirect when the flow leaves the page.",
        schema: booleanAttribute,
      },
      {
        name: "show-save-for-later",
        internal: true,
        description: "Offers a save-for-later action.",
        schema: booleanAttribute,
      },
      {
        name: "hide-footer-links",
        internal: true,
        description: "Hides the footer's legal links.",
        schema: booleanAttribute,
      },
      enableAddressAutocomplete,
      {
        name: "preselected-legal-entity-token",
        internal: true,
        description: "Legal entity to share, preselected (legal entity sharing only).",
        schema: nonEmptyText,
      },
      {
        name: "debug",
        internal: true,
        description: "Shows debug output.",
        schema: booleanAttribute,
      },
      {
        name: "use-platform-branding-settings",
        internal: true,
        description: "Brands the flow with the platform's branding settings.",
        schema: booleanAttribute,
      },
      {
        name: "edit-payout-schedule-enabled",
        internal: true,
        description: "Lets the user edit the payout schedule during onboarding.",
        schema: booleanAttribute,
      },
    ],
    htmlEvents: [
      { name: "exit", internal: false, description: "The user left the onboarding flow." },
      {
        name: "onboardingexited",
        internal: false,
        description: "The onboarding flow was exited (also fired after exit, for older code).",
      },
      {
        name: "stepchange",
        internal: false,
        description: "The user moved to another step.",
        detail: stepDetail,
      },
    ],
    customHtmlElementMethods: [
      {
        name: "setFullTermsOfService",
        type: "AttributeSettingMethod",
        target: { kind: "attribute", name: "full-terms-of-service-url" },
        internal: false,
        description: "Sets full-terms-of-service-url (custom accounts only).",
        schema: urlAttribute,
        customAccountsOnly: true,
      },
      {
        name: "setRecipientTermsOfService",
        type: "AttributeSettingMethod",
        target: { kind: "attribute", name: "recipient-terms-of-service-url" },
        internal: false,
        description: "Sets recipient-terms-of-service-url (custom accounts only).",
        schema: urlAttribute,
        customAccountsOnly: true,
      },
      {
        name: "setPrivacyPolicy",
        type: "AttributeSettingMethod",
        target: { kind: "attribute", name: "privacy-policy-url" },
        internal: false,
        description: "Sets privacy-policy-url (custom accounts only).",
        schema: urlAttribute,
        customAccountsOnly: true,
      },
      {
        name: "setSkipTermsOfServiceCollection",
        type: "AttributeSettingMethod",
        target: { kind: "attribute", name: "skip-terms-of-service-collection" },
        internal: false,
        description: "Sets skip-terms-of-service-collection (custom accounts only).",
        schema: booleanValue,
        customAccountsOnly: true,
      },
      {
        name: "setOnExit",
        type: "EventListenerMethod",
        target: { kind: "event", name: "exit" },
        internal: false,
        description: "Called when the user leaves the onboarding flow.",
        schema: functionValue,
      },
      {
        name: "setOnStepChange",
        type: "EventListenerMethod",
        target: { kind: "event", name: "stepchange" },
        internal: false,
        description: "Called with the new step whenever the user changes step.",
        schema: functionValue,
      },
      setCollectionOptions,
      {
        name: "setPrefillOptions",
        type: "SupplementalObject",
        target: { kind: "object", name: "prefillOptions" },
        internal: true,
        description: "Prefill data passed on from an authorization flow.",
        schema: propertyBag,
      },
      {
        name: "setStep",
        type: "SupplementalObject",
        target: { kind: "object", name: "step" },
        internal: true,
        description: "Skips to the given step.",
        schema: nonEmptyText,
      },
      {
        name: "setPreselectedLegalEntityToken",
        type: "AttributeSettingMethod",
        target: { kind: "attribute", name: "preselected-legal-entity-token" },
        internal: true,
        description: "Sets preselected-legal-entity-token (legal entity sharing only).",
        schema: nonEmptyText,
      },
    ],
  }),

  "account-management-form": defineComponent({
    enabledKey: "account_management_form",
    enabledOverrideFlag: enableFlag("account_management_form"),
    releaseState: "internal",
    friendlyName: "Account management form",
    description: "One section of account management, for a host that lays out its own page.",
    docSitePath: "/components/account-management-form",
    errorText: errorTexts.account,
    htmlEvents: [
      { name: "accountmanagementformclose", internal: false, description: "The form closed." },
    ],
    customHtmlElementMethods: [
      {
        name: "setSectionView",
        type: "SupplementalObject",
        target: { kind: "object", name: "sectionView" },
        internal: false,
        description:
          "The section (company, person, support or external_account) and subview to show.",
        schema: sectionView,
      },
      setDisableBankConnections(false),
    ],
  }),

  "notification-banner": defineComponent({
    enabledKey: "notification_banner",
    enabledOverrideFlag: enableFlag("notification_banner"),
    releaseState: "ga",
    requiresAuthentication: true,
    friendlyName: "Notification banner",
    description:
      "Shows an entry when risk interventions or compliance requirements are due, an " +
      '"in review" status while they are pending, and nothing otherwise.',
    docSitePath: "/components/notification-banner",
    errorText: errorTexts.payments,
    features: accountManagementFeatures,
    // A blank banner is a valid state, so the banner paints no background of its own.
    componentControlledBackground: true,
    disableMinWidth: true,
    htmlAttributes: [
      {
        name: "is-hosted-dashboard",
        internal: true,
        description: "The banner runs inside the provider's hosted dashboard.",
        schema: booleanAttribute,
      },
    ],
    htmlEvents: [
      {
        name: "onnotificationschange",
        internal: false,
        description: "The notifications changed; gives the total count.",
        detail: z.strictObject({
          total: z.number().int().nonnegative(),
          actionRequired: z.number().int().nonnegative(),
        }),
      },
    ],
    customHtmlElementMethods: [
      setDisabledSections(false),
      {
        name: "setMobileBannerOptions",
        type: "SupplementalObject",
        target: { kind: "object", name: "mobileBannerOptions" },
        internal: false,
        description: "Presentation options of the banner in mobile web views.",
        schema: z.strictObject(
          {
            compact: z.boolean().optional(),
            dismissible: z.boolean().optional(),
          },
          { error: "must be an object { compact, dismissible }" },
        ),
      },
      setDisableBankConnections(false),
      setCollectionOptions,
    ],
  }),

  documents: defineComponent({
    enabledKey: "documents",
    enabledOverrideFlag: enableFlag("documents"),
    releaseState: "ga",
    friendlyName: "Documents",
    description: "The account's documents; currently tax invoices only.",
    docSitePath: "/components/documents",
    errorText: errorTexts.documents,
  }),

  "payment-method-settings": defineComponent({
    enabledKey: "payment_method_settings",
    enabledOverrideFlag: enableFlag("payment_method_settings"),
    releaseState: "ga",
    requiresAuthentication: true,
    friendlyName: "Payment method settings",
    description: "The local payment methods enabled or disabled for the account, editable.",
    docSitePath: "/components/payment-method-settings",
    errorText: errorTexts.paymentMethodSettings,
    htmlAttributes: [
      {
        name: "payment-method-configuration",
        internal: false,
        description: "The payment method configuration to show (its id).",
        schema: paymentMethodConfigurationId,
      },
    ],
  }),
} as const;

/** The notification banner's own messages. */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type NotificationBannerMessageValues = {
  actionTitle: { count: number };
  inReviewTitle: None;
  interventionEntry: { reason: string };
  requirementEntry: { requirement: string };
  inReview: None;
  actionRequired: None;
  resolve: None;
  collectedElsewhere: None;
  riskFormTitle: None;
  page: { current: number; total: number };
  businessDescription: None;
  customerSupportUrl: None;
  disputeExplanation: None;
  refundPolicy: None;
  requirementValue: { requirement: string };
  fieldEmail: None;
  fieldBusinessName: None;
  fieldBusinessUrl: None;
  fieldBusinessMcc: None;
  fieldProductDescription: None;
  fieldSupportPhone: None;
  fieldCompanyName: None;
  fieldCompanyPhone: None;
  fieldCompanyTaxId: None;
  next: None;
  back: None;
  submit: None;
  cancel: None;
  loadFailed: None;
  retry: None;
  showDetails: None;
  hideDetails: None;
};

export const notificationBannerMessages = defineMessages<NotificationBannerMessageValues>({
  actionTitle: {
    id: "notificationBanner.actionTitle",
    defaultMessage: "Items that need your attention: {count}",
    description: "Title of the banner when account items need action",
  },
  inReviewTitle: {
    id: "notificationBanner.inReviewTitle",
    defaultMessage: "Your information is in review",
    description: "Title of the banner when every item is being reviewed",
  },
  interventionEntry: {
    id: "notificationBanner.interventionEntry",
    defaultMessage: "Review of your account: {reason}",
    description: "One risk intervention entry; reason is the provider's explanation",
  },
  requirementEntry: {
    id: "notificationBanner.requirementEntry",
    defaultMessage: "Information needed: {requirement}",
    description: "One requirement entry; requirement is the API name of the missing field",
  },
  inReview: {
    id: "notificationBanner.inReview",
    defaultMessage: "In review",
    description: "Status of an entry being reviewed",
  },
  actionRequired: {
    id: "notificationBanner.actionRequired",
    defaultMessage: "Action required",
    description: "Status of an entry that needs the user's action",
  },
  resolve: {
    id: "notificationBanner.resolve",
    defaultMessage: "Resolve",
    description: "Button that opens the form resolving one entry",
  },
  collectedElsewhere: {
    id: "notificationBanner.collectedElsewhere",
    defaultMessage: "Your platform collects this information.",
    description: "Shown instead of a Resolve button for a section the platform collects itself",
  },
  riskFormTitle: {
    id: "notificationBanner.riskFormTitle",
    defaultMessage: "Tell us about your business",
    description: "Title of the multi-page risk review form",
  },
  page: {
    id: "notificationBanner.page",
    defaultMessage: "Step {current} of {total}",
    description: "Progress of the multi-page risk form",
  },
  businessDescription: {
    id: "notificationBanner.businessDescription",
    defaultMessage: "What does your business sell, and to whom?",
    description: "Risk form field",
  },
  customerSupportUrl: {
    id: "notificationBanner.customerSupportUrl",
    defaultMessage: "Customer support page (URL)",
    description: "Risk form field",
  },
  disputeExplanation: {
    id: "notificationBanner.disputeExplanation",
    defaultMessage: "Why have customers disputed payments recently?",
    description: "Risk form field",
  },
  refundPolicy: {
    id: "notificationBanner.refundPolicy",
    defaultMessage: "What is your refund policy?",
    description: "Risk form field",
  },
  requirementValue: {
    id: "notificationBanner.requirementValue",
    defaultMessage: "Value for {requirement}",
    description: "Label of the single field of a requirement's form",
  },
  fieldEmail: {
    id: "notificationBanner.fieldEmail",
    defaultMessage: "Business email address",
    description: "Label of a requirement's field",
  },
  fieldBusinessName: {
    id: "notificationBanner.fieldBusinessName",
    defaultMessage: "Business name",
    description: "Label of a requirement's field",
  },
  fieldBusinessUrl: {
    id: "notificationBanner.fieldBusinessUrl",
    defaultMessage: "Business website",
    description: "Label of a requirement's field",
  },
  fieldBusinessMcc: {
    id: "notificationBanner.fieldBusinessMcc",
    defaultMessage: "Merchant category code (MCC)",
    description: "Label of a requirement's field",
  },
  fieldProductDescription: {
    id: "notificationBanner.fieldProductDescription",
    defaultMessage: "What your business sells",
    description: "Label of a requirement's field",
  },
  fieldSupportPhone: {
    id: "notificationBanner.fieldSupportPhone",
    defaultMessage: "Customer support phone number",
    description: "Label of a requirement's field",
  },
  fieldCompanyName: {
    id: "notificationBanner.fieldCompanyName",
    defaultMessage: "Company's legal name",
    description: "Label of a requirement's field",
  },
  fieldCompanyPhone: {
    id: "notificationBanner.fieldCompanyPhone",
    defaultMessage: "Company phone number",
    description: "Label of a requirement's field",
  },
  fieldCompanyTaxId: {
    id: "notificationBanner.fieldCompanyTaxId",
    defaultMessage: "Company tax ID",
    description: "Label of a requirement's field",
  },
  next: {
    id: "notificationBanner.next",
    defaultMessage: "Next",
    description: "Button: next page of a form",
  },
  back: {
    id: "notificationBanner.back",
    defaultMessage: "Back",
    description: "Button: previous page of a form",
  },
  submit: {
    id: "notificationBanner.submit",
    defaultMessage: "Submit",
    description: "Button: send the form",
  },
  cancel: {
    id: "notificationBanner.cancel",
    defaultMessage: "Cancel",
    description: "Button: close the form without sending",
  },
  loadFailed: {
    id: "notificationBanner.loadFailed",
    defaultMessage: "The notifications could not be loaded.",
    description: "Shown when the banner failed to load",
  },
  retry: {
    id: "notificationBanner.retry",
    defaultMessage: "Try again",
    description: "Button: load again",
  },
  showDetails: {
    id: "notificationBanner.showDetails",
    defaultMessage: "Show details",
    description: "Button of a compact banner: show the entries",
  },
  hideDetails: {
    id: "notificationBanner.hideDetails",
    defaultMessage: "Hide details",
    description: "Button of a compact banner: hide the entries",
  },
});

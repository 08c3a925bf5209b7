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
  personRequirementEntry: { requirement: string; person: string };
  challengeEntry: { person: string };
  documentNotVerified: None;
  fieldEmail: None;
  fieldBusinessName: None;
  fieldBusinessUrl: None;
  fieldBusinessMcc: None;
  fieldProductDescription: None;
  fieldSupportPhone: None;
  fieldCompanyName: None;
  fieldCompanyPhone: None;
  fieldCompanyTaxId: None;
  fieldBusinessType: None;
  fieldTerms: None;
  fieldPayoutAccount: None;
  fieldCompanyAddress: None;
  fieldCompanyOwners: None;
  fieldCompanyDirectors: None;
  fieldCompanyExecutives: None;
  fieldCompanyStructure: None;
  personName: None;
  personEmail: None;
  personPhone: None;
  personDob: None;
  personAddress: None;
  personSsnLast4: None;
  personIdNumber: None;
  personTitle: None;
  personIdDocument: None;
  roleIndividual: None;
  roleRepresentative: None;
  roleOwner: None;
  roleDirector: None;
  roleExecutive: None;
  rolePerson: None;
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
    description:
      "One requirement entry; requirement names the missing information in words (e.g. Company tax ID)",
  },
  personRequirementEntry: {
    id: "notificationBanner.personRequirementEntry",
    defaultMessage: "Information needed: {requirement} ({person})",
    description:
      "One requirement entry about a person; requirement names the missing information (e.g. Date of birth), person is the person's name or their role (e.g. Jenny Rosen, or Owner)",
  },
  challengeEntry: {
    id: "notificationBanner.challengeEntry",
    defaultMessage: "Verify {person}'s identity",
    description:
      "An identity challenge entry, and the heading of its form; person is the person's name or their role (e.g. Jenny Rosen, or Owner)",
  },
  documentNotVerified: {
    id: "notificationBanner.documentNotVerified",
    defaultMessage: "The document could not be verified. Upload a clear photo of another one.",
    description:
      "On the identity document's upload field when the provider's check refused the document last sent",
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
  fieldBusinessType: {
    id: "notificationBanner.fieldBusinessType",
    defaultMessage: "Business type",
    description: "Label of a requirement: the kind of business (individual, company, …)",
  },
  fieldTerms: {
    id: "notificationBanner.fieldTerms",
    defaultMessage: "Terms of service",
    description: "Label of a requirement: accepting the terms of service",
  },
  fieldPayoutAccount: {
    id: "notificationBanner.fieldPayoutAccount",
    defaultMessage: "Payout bank account",
    description: "Label of a requirement: the bank account payouts go to",
  },
  fieldCompanyAddress: {
    id: "notificationBanner.fieldCompanyAddress",
    defaultMessage: "Company address",
    description: "Label of a requirement: the company's registered address",
  },
  fieldCompanyOwners: {
    id: "notificationBanner.fieldCompanyOwners",
    defaultMessage: "Owners of the company",
    description: "Label of a requirement: who owns the company",
  },
  fieldCompanyDirectors: {
    id: "notificationBanner.fieldCompanyDirectors",
    defaultMessage: "Directors of the company",
    description: "Label of a requirement: who the company's directors are",
  },
  fieldCompanyExecutives: {
    id: "notificationBanner.fieldCompanyExecutives",
    defaultMessage: "Executives of the company",
    description: "Label of a requirement: who the company's executives are",
  },
  fieldCompanyStructure: {
    id: "notificationBanner.fieldCompanyStructure",
    defaultMessage: "Legal structure of the company",
    description: "Label of a requirement: the company's legal form",
  },
  personName: {
    id: "notificationBanner.personName",
    defaultMessage: "Full legal name",
    description: "Label of a person's requirement: their first and last name",
  },
  personEmail: {
    id: "notificationBanner.personEmail",
    defaultMessage: "Email address",
    description: "Label of a person's requirement",
  },
  personPhone: {
    id: "notificationBanner.personPhone",
    defaultMessage: "Phone number",
    description: "Label of a person's requirement",
  },
  personDob: {
    id: "notificationBanner.personDob",
    defaultMessage: "Date of birth",
    description: "Label of a person's requirement",
  },
  personAddress: {
    id: "notificationBanner.personAddress",
    defaultMessage: "Home address",
    description: "Label of a person's requirement",
  },
  personSsnLast4: {
    id: "notificationBanner.personSsnLast4",
    defaultMessage: "Last 4 digits of the Social Security number",
    description: "Label of a person's requirement (US)",
  },
  personIdNumber: {
    id: "notificationBanner.personIdNumber",
    defaultMessage: "Personal ID number",
    description:
      "Label of a person's requirement: a government-issued number such as a Social Security or Social Insurance number",
  },
  personTitle: {
    id: "notificationBanner.personTitle",
    defaultMessage: "Job title",
    description: "Label of a person's requirement: their title in the company",
  },
  personIdDocument: {
    id: "notificationBanner.personIdDocument",
    defaultMessage: "Identity document",
    description:
      "Label of a person's requirement: a photo of a passport, driving licence or ID card",
  },
  roleIndividual: {
    id: "notificationBanner.roleIndividual",
    defaultMessage: "Account holder",
    description:
      "A person named by their role when the provider has no name: the individual the account belongs to",
  },
  roleRepresentative: {
    id: "notificationBanner.roleRepresentative",
    defaultMessage: "Representative",
    description: "A person named by their role: the company's representative",
  },
  roleOwner: {
    id: "notificationBanner.roleOwner",
    defaultMessage: "Owner",
    description: "A person named by their role: an owner of the company",
  },
  roleDirector: {
    id: "notificationBanner.roleDirector",
    defaultMessage: "Director",
    description: "A person named by their role: a director of the company",
  },
  roleExecutive: {
    id: "notificationBanner.roleExecutive",
    defaultMessage: "Executive",
    description: "A person named by their role: an executive of the company",
  },
  rolePerson: {
    id: "notificationBanner.rolePerson",
    defaultMessage: "Person on the account",
    description: "A person named by their role when the provider gives none",
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

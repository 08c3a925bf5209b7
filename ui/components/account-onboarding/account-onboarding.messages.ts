/** account-onboarding's own messages (the kit's steps, fields and errors are the kit's). */
import { defineMessages, type MessageTag, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type OnboardingMessageValues = {
  loadFailed: None;
  stepBusinessType: None;
  businessType: None;
  businessTypeIndividual: None;
  businessTypeCompany: None;
  businessTypeNonProfit: None;
  businessTypeGovernment: None;
  stepBusiness: None;
  businessUrl: None;
  businessMcc: None;
  stepDetails: None;
  firstName: None;
  lastName: None;
  email: None;
  phone: None;
  dob: None;
  homeAddress: None;
  ssnLast4: None;
  ssn: None;
  idNumber: None;
  stepDocument: None;
  documentIntro: None;
  documentFront: None;
  documentBack: None;
  stepBank: None;
  bankNeeded: None;
  stepTerms: None;
  termsAgreement: None;
  termsAccept: { terms: MessageTag; privacy: MessageTag };
  stepReview: None;
  reviewIntro: None;
  statusComplete: None;
  statusNeeded: None;
  submit: None;
  completeTitle: None;
  completeBody: None;
  done: None;
  nothingDue: None;
};

export const onboardingMessages = defineMessages<OnboardingMessageValues>({
  loadFailed: {
    id: "accountOnboarding.loadFailed",
    defaultMessage: "Your account's details could not be loaded.",
    description: "Shown when the account could not be read",
  },
  stepBusinessType: {
    id: "accountOnboarding.stepBusinessType",
    defaultMessage: "Type of business",
    description: "Title of the business type step",
  },
  businessType: {
    id: "accountOnboarding.businessType",
    defaultMessage: "Business type",
    description: "Label of the business type choice",
  },
  businessTypeIndividual: {
    id: "accountOnboarding.businessTypeIndividual",
    defaultMessage: "Individual or sole proprietor",
    description: "Business type option",
  },
  businessTypeCompany: {
    id: "accountOnboarding.businessTypeCompany",
    defaultMessage: "Company",
    description: "Business type option",
  },
  businessTypeNonProfit: {
    id: "accountOnboarding.businessTypeNonProfit",
    defaultMessage: "Non-profit organization",
    description: "Business type option",
  },
  businessTypeGovernment: {
    id: "accountOnboarding.businessTypeGovernment",
    defaultMessage: "Government entity",
    description: "Business type option",
  },
  stepBusiness: {
    id: "accountOnboarding.stepBusiness",
    defaultMessage: "About your business",
    description: "Title of the step collecting the business's website and category",
  },
  businessUrl: {
    id: "accountOnboarding.businessUrl",
    defaultMessage: "Business website",
    description: "Label of the business website field",
  },
  businessMcc: {
    id: "accountOnboarding.businessMcc",
    defaultMessage: "Merchant category code (4 digits)",
    description: "Label of the merchant category code field",
  },
  stepDetails: {
    id: "accountOnboarding.stepDetails",
    defaultMessage: "Your personal details",
    description: "Title of the individual's details step",
  },
  firstName: {
    id: "accountOnboarding.firstName",
    defaultMessage: "First name",
    description: "Label",
  },
  lastName: {
    id: "accountOnboarding.lastName",
    defaultMessage: "Last name",
    description: "Label",
  },
  email: {
    id: "accountOnboarding.email",
    defaultMessage: "Email address",
    description: "Label",
  },
  phone: {
    id: "accountOnboarding.phone",
    defaultMessage: "Phone number",
    description: "Label",
  },
  dob: {
    id: "accountOnboarding.dob",
    defaultMessage: "Date of birth",
    description: "Label",
  },
  homeAddress: {
    id: "accountOnboarding.homeAddress",
    defaultMessage: "Home address",
    description: "Label of the address group",
  },
  ssnLast4: {
    id: "accountOnboarding.ssnLast4",
    defaultMessage: "Last 4 digits of your Social Security number",
    description: "Label (US only)",
  },
  ssn: {
    id: "accountOnboarding.ssn",
    defaultMessage: "Your Social Security number (all 9 digits)",
    description: "Label (US only), where the whole number is asked",
  },
  idNumber: {
    id: "accountOnboarding.idNumber",
    defaultMessage: "Personal ID number (optional)",
    description: "Label of the national id number field outside the US",
  },
  stepDocument: {
    id: "accountOnboarding.stepDocument",
    defaultMessage: "Verify your identity",
    description: "Title of the identity document step",
  },
  documentIntro: {
    id: "accountOnboarding.documentIntro",
    defaultMessage:
      "Upload a photo of a government-issued ID, such as a passport, driver's license or ID card.",
    description: "Explains the identity document step",
  },
  documentFront: {
    id: "accountOnboarding.documentFront",
    defaultMessage: "Front of the document",
    description: "Label of the upload",
  },
  documentBack: {
    id: "accountOnboarding.documentBack",
    defaultMessage: "Back of the document",
    description: "Label of the upload",
  },
  stepBank: {
    id: "accountOnboarding.stepBank",
    defaultMessage: "Payout bank account",
    description: "Title of the bank account step",
  },
  bankNeeded: {
    id: "accountOnboarding.bankNeeded",
    defaultMessage: "Add a bank account to continue.",
    description: "Shown when Continue is pressed without a bank account",
  },
  stepTerms: {
    id: "accountOnboarding.stepTerms",
    defaultMessage: "Terms of service",
    description: "Title of the terms step",
  },
  termsAgreement: {
    id: "accountOnboarding.termsAgreement",
    defaultMessage: "Agreement",
    description: "Label of the terms checkbox group",
  },
  termsAccept: {
    id: "accountOnboarding.termsAccept",
    defaultMessage:
      "I agree to the <terms>terms of service</terms> and the <privacy>privacy policy</privacy>.",
    description: "Text of the terms checkbox; the terms and privacy tags are links",
  },
  stepReview: {
    id: "accountOnboarding.stepReview",
    defaultMessage: "Review and submit",
    description: "Title of the last step",
  },
  reviewIntro: {
    id: "accountOnboarding.reviewIntro",
    defaultMessage: "Check that every step is complete, then submit your information.",
    description: "Explains the review step",
  },
  statusComplete: {
    id: "accountOnboarding.statusComplete",
    defaultMessage: "Complete",
    description: "A step's status on the review",
  },
  statusNeeded: {
    id: "accountOnboarding.statusNeeded",
    defaultMessage: "Needed",
    description: "A step's status on the review",
  },
  submit: {
    id: "accountOnboarding.submit",
    defaultMessage: "Submit",
    description: "Button of the last step",
  },
  completeTitle: {
    id: "accountOnboarding.completeTitle",
    defaultMessage: "Your information has been submitted",
    description: "Shown when the flow is complete",
  },
  completeBody: {
    id: "accountOnboarding.completeBody",
    defaultMessage: "We are verifying it now. There is nothing else to do.",
    description: "Shown when the flow is complete",
  },
  done: {
    id: "accountOnboarding.done",
    defaultMessage: "Done",
    description: "Button leaving the completed flow",
  },
  nothingDue: {
    id: "accountOnboarding.nothingDue",
    defaultMessage: "Your account has all the information it needs.",
    description: "Shown instead of the flow when the account owes nothing it collects",
  },
});

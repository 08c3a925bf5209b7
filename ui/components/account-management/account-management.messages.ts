/**
 * account-management's own messages, which account-management-form shares (the load-failure
 * text is the catalogue's, in the frame; the sign-in prompt is the popup's; the person's and
 * the business's field labels are account-onboarding's and the notification banner's).
 */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type AccountManagementMessageValues = {
  sectionBusiness: None;
  sectionCompany: None;
  sectionIndividual: None;
  sectionPersons: None;
  sectionSupport: None;
  sectionSignIn: None;
  edit: { section: string };
  save: None;
  saved: None;
  notProvided: None;
  provided: None;
  needed: None;
  supportEmail: None;
  supportUrl: None;
  addPerson: None;
  editPerson: { name: string };
  newPerson: None;
  unnamedPerson: None;
  noPersons: None;
  signedIn: None;
  signedInAs: { email: string };
  signInOnEdit: { provider: string };
  signInNotNeeded: None;
  removePerson: { name: string };
  removeTitle: { name: string };
  removeConsequences: { name: string };
  removeConfirm: None;
  removeRepresentative: None;
  removeFailed: None;
  close: None;
};

export const managementMessages = defineMessages<AccountManagementMessageValues>({
  sectionBusiness: {
    id: "accountManagement.sectionBusiness",
    defaultMessage: "Business details",
    description: "Heading of the section with the business's name, website, category and products",
  },
  sectionCompany: {
    id: "accountManagement.sectionCompany",
    defaultMessage: "Company",
    description: "Heading of the section with the company's legal name, phone and tax ID",
  },
  sectionIndividual: {
    id: "accountManagement.sectionIndividual",
    defaultMessage: "Personal details",
    description: "Heading of the section with the account holder's own name, contact and address",
  },
  sectionPersons: {
    id: "accountManagement.sectionPersons",
    defaultMessage: "People",
    description:
      "Heading of the section listing the business's people (representative, owners, directors)",
  },
  sectionSupport: {
    id: "accountManagement.sectionSupport",
    defaultMessage: "Public details",
    description: "Heading of the section with the support email, phone and website customers see",
  },
  sectionSignIn: {
    id: "accountManagement.sectionSignIn",
    defaultMessage: "Sign-in",
    description: "Heading of the section saying who is signed in to make changes",
  },
  edit: {
    id: "accountManagement.edit",
    defaultMessage: "Edit {section}",
    description: "Button that opens a section's form; {section} is the section's heading",
  },
  save: {
    id: "accountManagement.save",
    defaultMessage: "Save",
    description: "Button that sends a section's changed details to the provider",
  },
  saved: {
    id: "accountManagement.saved",
    defaultMessage: "Your changes were saved.",
    description: "Notice shown in a section after the provider accepted its changes",
  },
  notProvided: {
    id: "accountManagement.notProvided",
    defaultMessage: "Not provided",
    description: "Value shown for a detail the account has no value for",
  },
  provided: {
    id: "accountManagement.provided",
    defaultMessage: "Provided",
    description: "Value shown for a secret detail (a tax ID) that is on file but never shown",
  },
  needed: {
    id: "accountManagement.needed",
    defaultMessage: "Information needed",
    description: "Badge beside a section's heading when the provider needs something in it",
  },
  supportEmail: {
    id: "accountManagement.supportEmail",
    defaultMessage: "Customer support email",
    description: "Label of the public support email address field",
  },
  supportUrl: {
    id: "accountManagement.supportUrl",
    defaultMessage: "Customer support website",
    description: "Label of the public support website field",
  },
  addPerson: {
    id: "accountManagement.addPerson",
    defaultMessage: "Add a person",
    description:
      "Button that opens the form adding a person (an owner, a director) to the business",
  },
  editPerson: {
    id: "accountManagement.editPerson",
    defaultMessage: "Edit {name}",
    description: "Button that opens a person's form; {name} is the person's name",
  },
  newPerson: {
    id: "accountManagement.newPerson",
    defaultMessage: "New person",
    description: "Heading of the form adding a person to the business",
  },
  unnamedPerson: {
    id: "accountManagement.unnamedPerson",
    defaultMessage: "Person without a name",
    description: "Shown for a person of the business whose name is not on file yet",
  },
  noPersons: {
    id: "accountManagement.noPersons",
    defaultMessage: "No people added yet.",
    description: "Shown in the people section when the business has no person on file",
  },
  signedIn: {
    id: "accountManagement.signedIn",
    defaultMessage: "You are signed in and can make changes.",
    description: "Shown when the provider user has signed in (their email is not known here)",
  },
  signedInAs: {
    id: "accountManagement.signedInAs",
    defaultMessage: "Signed in as {email}",
    description: "Who is signed in to make changes; {email} is the user's email address",
  },
  signInOnEdit: {
    id: "accountManagement.signInOnEdit",
    defaultMessage: "You sign in with your {provider} account before you change anything.",
    description:
      "Explains that editing asks for a sign-in first; {provider} is the provider's name",
  },
  signInNotNeeded: {
    id: "accountManagement.signInNotNeeded",
    defaultMessage: "Your platform confirmed who you are: no separate sign-in is needed.",
    description: "Shown when the platform vouches for the person, so no sign-in popup is needed",
  },
  removePerson: {
    id: "accountManagement.removePerson",
    defaultMessage: "Remove {name}",
    description: "Button that removes one person from the business; {name} is the person's name",
  },
  removeTitle: {
    id: "accountManagement.removeTitle",
    defaultMessage: "Remove {name}?",
    description: "Title of the dialog confirming a person's removal; {name} is the person's name",
  },
  removeConsequences: {
    id: "accountManagement.removeConsequences",
    defaultMessage:
      "{name} will no longer be listed among the people of your business. You can add them again later.",
    description: "What removing a person from the business does; {name} is the person's name",
  },
  removeConfirm: {
    id: "accountManagement.removeConfirm",
    defaultMessage: "Remove person",
    description: "The confirm button of the dialog removing a person from the business",
  },
  removeRepresentative: {
    id: "accountManagement.removeRepresentative",
    defaultMessage:
      "The representative cannot be removed. Make someone else the representative first.",
    description: "The provider refused to remove the business's representative",
  },
  removeFailed: {
    id: "accountManagement.removeFailed",
    defaultMessage: "The person could not be removed. Please try again.",
    description: "Removing a person failed for another reason (a network error, say)",
  },
  close: {
    id: "accountManagement.close",
    defaultMessage: "Close",
    description: "Button that closes the single-section form",
  },
});

/** account-onboarding's messages for a company: its details and its persons. */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type CompanyMessageValues = {
  stepCompany: None;
  companyName: None;
  companyAddress: None;
  companyPhone: None;
  companyTaxId: None;
  stepPersons: None;
  personsIntro: None;
  personsLabel: None;
  personsEmpty: None;
  addPerson: None;
  editPerson: { name: string };
  edit: None;
  savePerson: None;
  newPerson: None;
  relationship: None;
  roleRepresentative: None;
  roleOwner: None;
  roleDirector: None;
  roleExecutive: None;
  jobTitle: None;
  percentOwnership: None;
  documentRejected: None;
  reasonDocumentFailed: None;
  reasonKeyedIdentity: None;
  reasonIdNumber: None;
  reasonOther: None;
  attestOwners: None;
  attestDirectors: None;
  attestExecutives: None;
  confirm: None;
  personsIncomplete: None;
};

export const companyMessages = defineMessages<CompanyMessageValues>({
  stepCompany: {
    id: "accountOnboarding.stepCompany",
    defaultMessage: "About your company",
    description: "Title of the step collecting the company's name, address, phone and tax id",
  },
  companyName: {
    id: "accountOnboarding.companyName",
    defaultMessage: "Legal name of the company",
    description: "Label of the company's registered name",
  },
  companyAddress: {
    id: "accountOnboarding.companyAddress",
    defaultMessage: "Registered address",
    description: "Label of the company's registered address",
  },
  companyPhone: {
    id: "accountOnboarding.companyPhone",
    defaultMessage: "Company phone number",
    description: "Label of the company's phone number",
  },
  companyTaxId: {
    id: "accountOnboarding.companyTaxId",
    defaultMessage: "Company registration or tax number",
    description: "Label of the company's tax id (a GB company number, a US EIN, …)",
  },
  stepPersons: {
    id: "accountOnboarding.stepPersons",
    defaultMessage: "People at your company",
    description: "Title of the step collecting the company's representative, owners and directors",
  },
  personsIntro: {
    id: "accountOnboarding.personsIntro",
    defaultMessage:
      "Add the person who represents the company, and each of its owners, directors and executives.",
    description: "Introduction of the persons step",
  },
  personsLabel: {
    id: "accountOnboarding.personsLabel",
    defaultMessage: "People added",
    description: "Accessible name of the list of the company's persons",
  },
  personsEmpty: {
    id: "accountOnboarding.personsEmpty",
    defaultMessage: "No one has been added yet.",
    description: "Shown in the persons list before anyone is added",
  },
  addPerson: {
    id: "accountOnboarding.addPerson",
    defaultMessage: "Add a person",
    description: "Button opening the form for a new person of the company",
  },
  editPerson: {
    id: "accountOnboarding.editPerson",
    defaultMessage: "Edit {name}",
    description: "Button opening the form of a person on the list; name is the person's name",
  },
  edit: {
    id: "accountOnboarding.edit",
    defaultMessage: "Edit",
    description: "Visible words of the button opening a person's form",
  },
  savePerson: {
    id: "accountOnboarding.savePerson",
    defaultMessage: "Save person",
    description: "Button sending the person's form",
  },
  newPerson: {
    id: "accountOnboarding.newPerson",
    defaultMessage: "New person",
    description: "Heading of the form of a person not yet added",
  },
  relationship: {
    id: "accountOnboarding.relationship",
    defaultMessage: "Role at the company",
    description: "Label of the group of a person's relationships to the company",
  },
  roleRepresentative: {
    id: "accountOnboarding.roleRepresentative",
    defaultMessage: "Representative",
    description: "A person's relationship: may act for the company",
  },
  roleOwner: {
    id: "accountOnboarding.roleOwner",
    defaultMessage: "Owner",
    description: "A person's relationship: owns part of the company",
  },
  roleDirector: {
    id: "accountOnboarding.roleDirector",
    defaultMessage: "Director",
    description: "A person's relationship: sits on the company's board",
  },
  roleExecutive: {
    id: "accountOnboarding.roleExecutive",
    defaultMessage: "Executive",
    description: "A person's relationship: manages the company",
  },
  jobTitle: {
    id: "accountOnboarding.jobTitle",
    defaultMessage: "Job title",
    description: "Label of a person's title at the company",
  },
  percentOwnership: {
    id: "accountOnboarding.percentOwnership",
    defaultMessage: "Percentage owned",
    description: "Label of the share of the company an owner holds",
  },
  documentRejected: {
    id: "accountOnboarding.documentRejected",
    defaultMessage: "The identity document was not accepted",
    description: "Title of the notice on a person whose identity document the provider rejected",
  },
  reasonDocumentFailed: {
    id: "accountOnboarding.reasonDocumentFailed",
    defaultMessage: "The document could not be verified. Upload a clear photo of another one.",
    description: "Why a person's identity document was rejected",
  },
  reasonKeyedIdentity: {
    id: "accountOnboarding.reasonKeyedIdentity",
    defaultMessage:
      "The name and date of birth could not be matched to a real person. Check them and upload an identity document.",
    description: "Why a person's identity could not be verified",
  },
  reasonIdNumber: {
    id: "accountOnboarding.reasonIdNumber",
    defaultMessage:
      "The ID number does not match the person. Check it and upload an identity document.",
    description: "Why a person's identity could not be verified",
  },
  reasonOther: {
    id: "accountOnboarding.reasonOther",
    defaultMessage: "The identity could not be verified. Upload an identity document.",
    description: "Why a person's identity could not be verified, when no reason is known",
  },
  attestOwners: {
    id: "accountOnboarding.attestOwners",
    defaultMessage: "Every owner of the company has been added",
    description: "Checkbox attesting that all the company's owners are on the list",
  },
  attestDirectors: {
    id: "accountOnboarding.attestDirectors",
    defaultMessage: "Every director of the company has been added",
    description: "Checkbox attesting that all the company's directors are on the list",
  },
  attestExecutives: {
    id: "accountOnboarding.attestExecutives",
    defaultMessage: "Every executive of the company has been added",
    description: "Checkbox attesting that all the company's executives are on the list",
  },
  confirm: {
    id: "accountOnboarding.confirm",
    defaultMessage: "Confirm",
    description: "Label of an attestation's checkbox",
  },
  personsIncomplete: {
    id: "accountOnboarding.personsIncomplete",
    defaultMessage: "Some people still need details. Open each one marked as needed.",
    description: "Shown when Continue is pressed while a person still owes something",
  },
});

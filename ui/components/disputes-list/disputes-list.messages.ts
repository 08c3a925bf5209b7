/** The disputes list's own messages (the load-failure text is the catalogue's). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type DisputesListMessageValues = {
  title: None;
  amount: None;
  status: None;
  reason: None;
  respondBy: None;
  opened: None;
  daysLeft: { count: number };
  rowLabel: { amount: string; status: string; date: string };
  emptyTitle: None;
  emptyDescription: None;
  detailTitle: None;
  detailFailed: None;
  statusWarningNeedsResponse: None;
  statusWarningClosed: None;
  statusNeedsResponse: None;
  statusUnderReview: None;
  statusWon: None;
  statusLost: None;
  reasonBankCannotProcess: None;
  reasonCreditNotProcessed: None;
  reasonCustomerInitiated: None;
  reasonDebitNotAuthorized: None;
  reasonDuplicate: None;
  reasonFraudulent: None;
  reasonGeneral: None;
  reasonIncorrectAccountDetails: None;
  reasonInsufficientFunds: None;
  reasonProductNotReceived: None;
  reasonProductUnacceptable: None;
  reasonSubscriptionCanceled: None;
  reasonUnrecognized: None;
  payment: None;
  disputeId: None;
  submittedAt: None;
  closedAt: None;
  responseTitle: None;
  responseIntro: None;
  saveDraft: None;
  draftSaved: None;
  submit: None;
  accept: None;
  submitTitle: None;
  submitConsequences: None;
  acceptTitle: None;
  acceptConsequences: None;
  submitted: None;
  accepted: None;
  evidenceAccessActivityLog: None;
  evidenceBillingAddress: None;
  evidenceCancellationPolicyDisclosure: None;
  evidenceCancellationRebuttal: None;
  evidenceCustomerEmailAddress: None;
  evidenceCustomerName: None;
  evidenceCustomerPurchaseIp: None;
  evidenceDuplicateChargeExplanation: None;
  evidenceDuplicateChargeId: None;
  evidenceProductDescription: None;
  evidenceRefundPolicyDisclosure: None;
  evidenceRefundRefusalExplanation: None;
  evidenceServiceDate: None;
  evidenceShippingAddress: None;
  evidenceShippingCarrier: None;
  evidenceShippingDate: None;
  evidenceShippingTrackingNumber: None;
  evidenceUncategorizedText: None;
  evidenceCancellationPolicy: None;
  evidenceCustomerCommunication: None;
  evidenceCustomerSignature: None;
  evidenceDuplicateChargeDocumentation: None;
  evidenceReceipt: None;
  evidenceRefundPolicy: None;
  evidenceServiceDocumentation: None;
  evidenceShippingDocumentation: None;
  evidenceUncategorizedFile: None;
};

export const disputesListMessages = defineMessages<DisputesListMessageValues>({
  title: {
    id: "disputes.title",
    defaultMessage: "Disputes",
    description: "Heading and table name of the disputes list",
  },
  amount: {
    id: "disputes.amount",
    defaultMessage: "Amount",
    description: "Column and fact: the disputed amount",
  },
  status: {
    id: "disputes.status",
    defaultMessage: "Status",
    description: "Column, filter and fact: the dispute's status",
  },
  reason: {
    id: "disputes.reason",
    defaultMessage: "Reason",
    description: "Column, filter and fact: why the cardholder disputed the payment",
  },
  respondBy: {
    id: "disputes.respondBy",
    defaultMessage: "Respond by",
    description: "Column and fact: the last day to answer the dispute",
  },
  opened: {
    id: "disputes.opened",
    defaultMessage: "Opened",
    description: "Column, filter and fact: when the dispute was opened",
  },
  daysLeft: {
    id: "disputes.daysLeft",
    defaultMessage:
      "{count, plural, =0 {Last day to respond} one {# day left to respond} other {# days left to respond}}",
    description: "Marks a dispute whose response is due in fewer than 10 days",
  },
  rowLabel: {
    id: "disputes.rowLabel",
    defaultMessage: "Dispute of {amount}, {status}, opened {date}",
    description: "Accessible name of a row that opens the dispute",
  },
  emptyTitle: {
    id: "disputes.emptyTitle",
    defaultMessage: "No disputes",
    description: "Empty state title of the disputes list",
  },
  emptyDescription: {
    id: "disputes.emptyDescription",
    defaultMessage: "Disputes your customers open on their payments appear here.",
    description: "Empty state text of the disputes list",
  },
  detailTitle: {
    id: "disputes.detailTitle",
    defaultMessage: "Dispute details",
    description: "Title of the drawer showing one dispute",
  },
  detailFailed: {
    id: "disputes.detailFailed",
    defaultMessage: "The dispute could not be loaded.",
    description: "Shown when one dispute cannot be retrieved",
  },
  statusWarningNeedsResponse: {
    id: "disputes.statusWarningNeedsResponse",
    defaultMessage: "Inquiry: needs response",
    description: "Dispute status: an inquiry awaiting the account's answer",
  },
  statusWarningClosed: {
    id: "disputes.statusWarningClosed",
    defaultMessage: "Inquiry closed",
    description: "Dispute status: an inquiry that closed",
  },
  statusNeedsResponse: {
    id: "disputes.statusNeedsResponse",
    defaultMessage: "Needs response",
    description: "Dispute status: a chargeback awaiting evidence",
  },
  statusUnderReview: {
    id: "disputes.statusUnderReview",
    defaultMessage: "Under review",
    description: "Dispute status: evidence submitted, the card network is reviewing it",
  },
  statusWon: {
    id: "disputes.statusWon",
    defaultMessage: "Won",
    description: "Dispute status: decided for the account",
  },
  statusLost: {
    id: "disputes.statusLost",
    defaultMessage: "Lost",
    description: "Dispute status: decided for the cardholder, or accepted",
  },
  reasonBankCannotProcess: {
    id: "disputes.reasonBankCannotProcess",
    defaultMessage: "Bank cannot process",
    description: "Dispute reason",
  },
  reasonCreditNotProcessed: {
    id: "disputes.reasonCreditNotProcessed",
    defaultMessage: "Credit not processed",
    description: "Dispute reason: the customer expected a refund",
  },
  reasonCustomerInitiated: {
    id: "disputes.reasonCustomerInitiated",
    defaultMessage: "Customer initiated",
    description: "Dispute reason",
  },
  reasonDebitNotAuthorized: {
    id: "disputes.reasonDebitNotAuthorized",
    defaultMessage: "Debit not authorized",
    description: "Dispute reason",
  },
  reasonDuplicate: {
    id: "disputes.reasonDuplicate",
    defaultMessage: "Duplicate",
    description: "Dispute reason: charged twice",
  },
  reasonFraudulent: {
    id: "disputes.reasonFraudulent",
    defaultMessage: "Fraudulent",
    description: "Dispute reason: the cardholder did not make the payment",
  },
  reasonGeneral: {
    id: "disputes.reasonGeneral",
    defaultMessage: "General",
    description: "Dispute reason: no specific category",
  },
  reasonIncorrectAccountDetails: {
    id: "disputes.reasonIncorrectAccountDetails",
    defaultMessage: "Incorrect account details",
    description: "Dispute reason",
  },
  reasonInsufficientFunds: {
    id: "disputes.reasonInsufficientFunds",
    defaultMessage: "Insufficient funds",
    description: "Dispute reason",
  },
  reasonProductNotReceived: {
    id: "disputes.reasonProductNotReceived",
    defaultMessage: "Product not received",
    description: "Dispute reason",
  },
  reasonProductUnacceptable: {
    id: "disputes.reasonProductUnacceptable",
    defaultMessage: "Product unacceptable",
    description: "Dispute reason: the product was defective or not as described",
  },
  reasonSubscriptionCanceled: {
    id: "disputes.reasonSubscriptionCanceled",
    defaultMessage: "Subscription canceled",
    description: "Dispute reason: charged after cancelling",
  },
  reasonUnrecognized: {
    id: "disputes.reasonUnrecognized",
    defaultMessage: "Unrecognized",
    description: "Dispute reason: the cardholder does not recognise the payment",
  },
  payment: {
    id: "disputes.payment",
    defaultMessage: "Payment",
    description: "Fact: the disputed payment",
  },
  disputeId: {
    id: "disputes.disputeId",
    defaultMessage: "Dispute ID",
    description: "Fact: the dispute's identifier",
  },
  submittedAt: {
    id: "disputes.submittedAt",
    defaultMessage: "Evidence submitted",
    description: "Fact: when the evidence was submitted",
  },
  closedAt: {
    id: "disputes.closedAt",
    defaultMessage: "Closed",
    description: "Fact: when the dispute closed",
  },
  responseTitle: {
    id: "disputes.responseTitle",
    defaultMessage: "Your response",
    description: "Heading of the evidence form of a dispute",
  },
  responseIntro: {
    id: "disputes.responseIntro",
    defaultMessage:
      "Give the evidence that answers this dispute. Save a draft at any time; submitting is final.",
    description: "Introduction of the evidence form",
  },
  saveDraft: {
    id: "disputes.saveDraft",
    defaultMessage: "Save draft",
    description: "Button: save the evidence without submitting it",
  },
  draftSaved: {
    id: "disputes.draftSaved",
    defaultMessage: "Draft saved.",
    description: "Shown when the evidence draft was saved",
  },
  submit: {
    id: "disputes.submit",
    defaultMessage: "Submit evidence",
    description: "Button: submit the evidence for review",
  },
  accept: {
    id: "disputes.accept",
    defaultMessage: "Accept dispute",
    description: "Button: accept the dispute instead of answering it",
  },
  submitTitle: {
    id: "disputes.submitTitle",
    defaultMessage: "Submit this evidence?",
    description: "Title of the dialog confirming the submission",
  },
  submitConsequences: {
    id: "disputes.submitConsequences",
    defaultMessage:
      "Submitting is final: you cannot change the evidence afterwards. The card network reviews it and decides the dispute.",
    description: "What submitting the evidence means",
  },
  acceptTitle: {
    id: "disputes.acceptTitle",
    defaultMessage: "Accept this dispute?",
    description: "Title of the dialog confirming acceptance",
  },
  acceptConsequences: {
    id: "disputes.acceptConsequences",
    defaultMessage:
      "Accepting is final: the dispute closes as lost and the disputed amount stays with the cardholder.",
    description: "What accepting a dispute means",
  },
  submitted: {
    id: "disputes.submitted",
    defaultMessage: "Evidence submitted. The dispute is under review.",
    description: "Shown after the evidence was submitted",
  },
  accepted: {
    id: "disputes.accepted",
    defaultMessage: "You accepted this dispute. It is closed as lost.",
    description: "Shown after the dispute was accepted",
  },
  evidenceAccessActivityLog: {
    id: "disputes.evidenceAccessActivityLog",
    defaultMessage: "Access activity log",
    description: "Evidence field: the customer's use of the product or service",
  },
  evidenceBillingAddress: {
    id: "disputes.evidenceBillingAddress",
    defaultMessage: "Billing address",
    description: "Evidence field",
  },
  evidenceCancellationPolicyDisclosure: {
    id: "disputes.evidenceCancellationPolicyDisclosure",
    defaultMessage: "How the cancellation policy was shown",
    description: "Evidence field",
  },
  evidenceCancellationRebuttal: {
    id: "disputes.evidenceCancellationRebuttal",
    defaultMessage: "Why the subscription was not cancelled",
    description: "Evidence field",
  },
  evidenceCustomerEmailAddress: {
    id: "disputes.evidenceCustomerEmailAddress",
    defaultMessage: "Customer email",
    description: "Evidence field",
  },
  evidenceCustomerName: {
    id: "disputes.evidenceCustomerName",
    defaultMessage: "Customer name",
    description: "Evidence field",
  },
  evidenceCustomerPurchaseIp: {
    id: "disputes.evidenceCustomerPurchaseIp",
    defaultMessage: "Customer IP address at purchase",
    description: "Evidence field",
  },
  evidenceDuplicateChargeExplanation: {
    id: "disputes.evidenceDuplicateChargeExplanation",
    defaultMessage: "Why the payments are not duplicates",
    description: "Evidence field",
  },
  evidenceDuplicateChargeId: {
    id: "disputes.evidenceDuplicateChargeId",
    defaultMessage: "ID of the other payment",
    description: "Evidence field",
  },
  evidenceProductDescription: {
    id: "disputes.evidenceProductDescription",
    defaultMessage: "Product or service description",
    description: "Evidence field",
  },
  evidenceRefundPolicyDisclosure: {
    id: "disputes.evidenceRefundPolicyDisclosure",
    defaultMessage: "How the refund policy was shown",
    description: "Evidence field",
  },
  evidenceRefundRefusalExplanation: {
    id: "disputes.evidenceRefundRefusalExplanation",
    defaultMessage: "Why no refund was given",
    description: "Evidence field",
  },
  evidenceServiceDate: {
    id: "disputes.evidenceServiceDate",
    defaultMessage: "Service date",
    description: "Evidence field",
  },
  evidenceShippingAddress: {
    id: "disputes.evidenceShippingAddress",
    defaultMessage: "Shipping address",
    description: "Evidence field",
  },
  evidenceShippingCarrier: {
    id: "disputes.evidenceShippingCarrier",
    defaultMessage: "Shipping carrier",
    description: "Evidence field",
  },
  evidenceShippingDate: {
    id: "disputes.evidenceShippingDate",
    defaultMessage: "Shipping date",
    description: "Evidence field",
  },
  evidenceShippingTrackingNumber: {
    id: "disputes.evidenceShippingTrackingNumber",
    defaultMessage: "Tracking number",
    description: "Evidence field",
  },
  evidenceUncategorizedText: {
    id: "disputes.evidenceUncategorizedText",
    defaultMessage: "Other information",
    description: "Evidence field: anything else",
  },
  evidenceCancellationPolicy: {
    id: "disputes.evidenceCancellationPolicy",
    defaultMessage: "Cancellation policy (file)",
    description: "Evidence file field",
  },
  evidenceCustomerCommunication: {
    id: "disputes.evidenceCustomerCommunication",
    defaultMessage: "Customer communication (file)",
    description: "Evidence file field",
  },
  evidenceCustomerSignature: {
    id: "disputes.evidenceCustomerSignature",
    defaultMessage: "Customer signature (file)",
    description: "Evidence file field",
  },
  evidenceDuplicateChargeDocumentation: {
    id: "disputes.evidenceDuplicateChargeDocumentation",
    defaultMessage: "Documentation of the other payment (file)",
    description: "Evidence file field",
  },
  evidenceReceipt: {
    id: "disputes.evidenceReceipt",
    defaultMessage: "Receipt (file)",
    description: "Evidence file field",
  },
  evidenceRefundPolicy: {
    id: "disputes.evidenceRefundPolicy",
    defaultMessage: "Refund policy (file)",
    description: "Evidence file field",
  },
  evidenceServiceDocumentation: {
    id: "disputes.evidenceServiceDocumentation",
    defaultMessage: "Service documentation (file)",
    description: "Evidence file field",
  },
  evidenceShippingDocumentation: {
    id: "disputes.evidenceShippingDocumentation",
    defaultMessage: "Shipping documentation (file)",
    description: "Evidence file field",
  },
  evidenceUncategorizedFile: {
    id: "disputes.evidenceUncategorizedFile",
    defaultMessage: "Other file",
    description: "Evidence file field: anything else",
  },
});

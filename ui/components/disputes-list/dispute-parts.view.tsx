import type { MessageDescriptor } from "react-intl";
import { useIntl } from "react-intl";
import type {
  Dispute,
  DisputeReason,
  DisputeStatus,
} from "../../../protocol/objects/dispute.schema.ts";
import type { DisputeEvidenceField } from "../../../protocol/objects/dispute-evidence.schema.ts";
import { Badge, type BadgeStatus, DateTime } from "../../kit/index.ts";
import { disputesListMessages as m } from "./disputes-list.messages.ts";

/** Each dispute state: its words and its badge colour (the words carry the meaning). */
export const disputeStatusDisplay: Record<
  DisputeStatus,
  { message: MessageDescriptor; badge: BadgeStatus }
> = {
  warning_needs_response: { message: m.statusWarningNeedsResponse, badge: "warning" },
  warning_closed: { message: m.statusWarningClosed, badge: "neutral" },
  needs_response: { message: m.statusNeedsResponse, badge: "danger" },
  under_review: { message: m.statusUnderReview, badge: "warning" },
  won: { message: m.statusWon, badge: "success" },
  lost: { message: m.statusLost, badge: "neutral" },
};

export const disputeReasonMessage: Record<DisputeReason, MessageDescriptor> = {
  bank_cannot_process: m.reasonBankCannotProcess,
  credit_not_processed: m.reasonCreditNotProcessed,
  customer_initiated: m.reasonCustomerInitiated,
  debit_not_authorized: m.reasonDebitNotAuthorized,
  duplicate: m.reasonDuplicate,
  fraudulent: m.reasonFraudulent,
  general: m.reasonGeneral,
  incorrect_account_details: m.reasonIncorrectAccountDetails,
  insufficient_funds: m.reasonInsufficientFunds,
  product_not_received: m.reasonProductNotReceived,
  product_unacceptable: m.reasonProductUnacceptable,
  subscription_canceled: m.reasonSubscriptionCanceled,
  unrecognized: m.reasonUnrecognized,
};

export const evidenceFieldMessage: Record<DisputeEvidenceField, MessageDescriptor> = {
  access_activity_log: m.evidenceAccessActivityLog,
  billing_address: m.evidenceBillingAddress,
  cancellation_policy_disclosure: m.evidenceCancellationPolicyDisclosure,
  cancellation_rebuttal: m.evidenceCancellationRebuttal,
  customer_email_address: m.evidenceCustomerEmailAddress,
  customer_name: m.evidenceCustomerName,
  customer_purchase_ip: m.evidenceCustomerPurchaseIp,
  duplicate_charge_explanation: m.evidenceDuplicateChargeExplanation,
  duplicate_charge_id: m.evidenceDuplicateChargeId,
  product_description: m.evidenceProductDescription,
  refund_policy_disclosure: m.evidenceRefundPolicyDisclosure,
  refund_refusal_explanation: m.evidenceRefundRefusalExplanation,
  service_date: m.evidenceServiceDate,
  shipping_address: m.evidenceShippingAddress,
  shipping_carrier: m.evidenceShippingCarrier,
  shipping_date: m.evidenceShippingDate,
  shipping_tracking_number: m.evidenceShippingTrackingNumber,
  uncategorized_text: m.evidenceUncategorizedText,
  cancellation_policy: m.evidenceCancellationPolicy,
  customer_communication: m.evidenceCustomerCommunication,
  customer_signature: m.evidenceCustomerSignature,
  duplicate_charge_documentation: m.evidenceDuplicateChargeDocumentation,
  receipt: m.evidenceReceipt,
  refund_policy: m.evidenceRefundPolicy,
  service_documentation: m.evidenceServiceDocumentation,
  shipping_documentation: m.evidenceShippingDocumentation,
  uncategorized_file: m.evidenceUncategorizedFile,
};

export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  const intl = useIntl();
  const display = disputeStatusDisplay[status];
  return <Badge status={display.badge}>{intl.formatMessage(display.message)}</Badge>;
}

/** A deadline this near is marked (the catalogue's "fewer than 10 days remain"). */
export const DUE_SOON_DAYS = 10;

/**
 * The respond-by date; while a response is awaited and fewer than 10 days remain (on the
 * provider's clock: `evidence_details.days_remaining`), marked with the days left in words,
 * so a screen reader hears it as well as the eye sees it.
 */
export function RespondBy({ dispute }: { dispute: Dispute }) {
  const intl = useIntl();
  const { due_by, days_remaining } = dispute.evidence_details;
  const soon = days_remaining !== null && days_remaining < DUE_SOON_DAYS;
  return (
    <span className="disputes-list__respond-by" data-due-soon={soon || undefined}>
      <DateTime seconds={due_by} />
      {soon ? (
        <>
          {" "}
          <Badge status="danger">{intl.formatMessage(m.daysLeft, { count: days_remaining })}</Badge>
        </>
      ) : null}
    </span>
  );
}

import type { IntlShape, MessageDescriptor } from "react-intl";
import { useIntl } from "react-intl";
import { disputeReasons } from "../../../protocol/filters.ts";
import type { Dispute, DisputeStatus } from "../../../protocol/objects/dispute.schema.ts";
import { Badge, type BadgeStatus } from "../../kit/index.ts";
import { paymentDisputesMessages as m } from "./payment-disputes.messages.ts";

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

export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  const intl = useIntl();
  const display = disputeStatusDisplay[status];
  return <Badge status={display.badge}>{intl.formatMessage(display.message)}</Badge>;
}

type DisputeReason = (typeof disputeReasons)[number];

const reasonMessages: Record<DisputeReason, MessageDescriptor> = {
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

/** A dispute's reason in words (the provider's code as it is, should a new one appear). */
export function disputeReasonText(reason: Dispute["reason"], intl: IntlShape): string {
  const known = (disputeReasons as readonly string[]).includes(reason);
  return known ? intl.formatMessage(reasonMessages[reason as DisputeReason]) : reason;
}

import type { MessageDescriptor } from "react-intl";
import { useIntl } from "react-intl";
import type { Charge, PaymentStatus } from "../../../protocol/objects/charge.schema.ts";
import { Badge, type BadgeStatus } from "../../kit/index.ts";
import { paymentsMessages as m } from "./payments.messages.ts";

/** Each payment state: its words and its badge colour (the words carry the meaning). */
export const paymentStatusDisplay: Record<
  PaymentStatus,
  { message: MessageDescriptor; badge: BadgeStatus }
> = {
  requires_capture: { message: m.statusRequiresCapture, badge: "warning" },
  succeeded: { message: m.statusSucceeded, badge: "success" },
  refunded: { message: m.statusRefunded, badge: "neutral" },
  partially_refunded: { message: m.statusPartiallyRefunded, badge: "neutral" },
  disputed: { message: m.statusDisputed, badge: "danger" },
  failed: { message: m.statusFailed, badge: "danger" },
  canceled: { message: m.statusCanceled, badge: "neutral" },
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const intl = useIntl();
  const display = paymentStatusDisplay[status];
  return <Badge status={display.badge}>{intl.formatMessage(display.message)}</Badge>;
}

/** Card brands as they are written (names, not words: the same in every language). */
const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  jcb: "JCB",
  unionpay: "UnionPay",
  diners: "Diners Club",
};

/** How the customer paid: "Visa ending in 4242". */
export function paymentMethodText(
  charge: Pick<Charge, "payment_method_details">,
  intl: ReturnType<typeof useIntl>,
) {
  const { card } = charge.payment_method_details;
  return intl.formatMessage(m.cardEnding, {
    brand: brandNames[card.brand] ?? card.brand,
    last4: card.last4,
  });
}

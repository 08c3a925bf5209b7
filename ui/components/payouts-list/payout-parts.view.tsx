import type { MessageDescriptor } from "react-intl";
import { useIntl } from "react-intl";
import type {
  Payout,
  PayoutMethod,
  PayoutStatus,
} from "../../../protocol/objects/payout.schema.ts";
import { Badge, type BadgeStatus } from "../../kit/index.ts";
import { payoutsListMessages as m } from "./payouts-list.messages.ts";

/** Each payout status: its words and its badge colour (the words carry the meaning). */
export const payoutStatusDisplay: Record<
  PayoutStatus,
  { message: MessageDescriptor; badge: BadgeStatus }
> = {
  pending: { message: m.statusPending, badge: "neutral" },
  in_transit: { message: m.statusInTransit, badge: "warning" },
  paid: { message: m.statusPaid, badge: "success" },
  failed: { message: m.statusFailed, badge: "danger" },
  canceled: { message: m.statusCanceled, badge: "neutral" },
};

export const payoutMethodMessage: Record<PayoutMethod, MessageDescriptor> = {
  standard: m.methodStandard,
  instant: m.methodInstant,
};

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const intl = useIntl();
  const display = payoutStatusDisplay[status];
  return <Badge status={display.badge}>{intl.formatMessage(display.message)}</Badge>;
}

/** Where the payout goes: the bank account's last four digits when the API gave them. */
export function PayoutDestination({ destination }: { destination: Payout["destination"] }) {
  const intl = useIntl();
  if (destination && typeof destination === "object" && destination.last4) {
    return (
      <>
        {destination.object === "bank_account" && destination.bank_name
          ? intl.formatMessage(m.bankNameEnding, {
              bankName: destination.bank_name,
              last4: destination.last4,
            })
          : intl.formatMessage(m.bankAccountEnding, { last4: destination.last4 })}
      </>
    );
  }
  return <>{intl.formatMessage(m.destinationDefault)}</>;
}

/**
 * The payment's state as a person sees it (READING.md: requires_capture, succeeded,
 * refunded, partially_refunded, disputed, failed; and canceled, an uncaptured payment
 * released). It is stored (`charges.payment_status`, migration 0013) and written in the same
 * transaction as each change that moves it, so the payments list filters it through an index;
 * this function is the one rule every writer uses (the API and the sandbox history).
 *
 * A chargeback that is open or lost makes the payment disputed; an inquiry does not (nothing
 * moved), and a won chargeback gives the payment its state back.
 */
import type { PaymentStatus } from "../../protocol/objects/charge.schema.ts";
import type { ChargesTable } from "./money.tables.ts";

type Facts = Pick<
  ChargesTable,
  "status" | "captured" | "amount_captured" | "amount_refunded" | "canceled_at"
>;

export function paymentStatusOf(charge: Facts, chargeback: boolean): PaymentStatus {
  if (charge.status === "failed") return "failed";
  if (charge.canceled_at !== null) return "canceled";
  if (!charge.captured) return "requires_capture";
  if (chargeback) return "disputed";
  if (charge.amount_refunded === 0) return "succeeded";
  return charge.amount_refunded === charge.amount_captured ? "refunded" : "partially_refunded";
}

/** Dispute states in which the chargeback keeps the payment disputed. */
export const chargebackStatuses = ["needs_response", "under_review", "lost"] as const;

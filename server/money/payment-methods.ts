/**
 * Sandbox payment methods: documented test tokens, each standing for a card and an outcome,
 * as the well-known API's test mode does. Nothing here touches a card network.
 */
import type { CardDetails } from "../../protocol/objects/charge.schema.ts";

export interface TestPaymentMethod {
  card: CardDetails;
  /** Set when the card is declined: the charge is stored as failed. */
  decline?: { code: string; message: string };
  /** The cardholder opens an inquiry right after the charge succeeds. */
  inquiry?: boolean;
}

const card = (
  brand: string,
  last4: string,
  country = "US",
  funding: CardDetails["funding"] = "credit",
): CardDetails => ({ brand, last4, exp_month: 12, exp_year: 2034, country, funding });

export const testPaymentMethods: Readonly<Record<string, TestPaymentMethod>> = {
  pm_card_visa: { card: card("visa", "4242") },
  pm_card_visa_debit: { card: card("visa", "5556", "US", "debit") },
  pm_card_mastercard: { card: card("mastercard", "4444") },
  pm_card_amex: { card: card("amex", "8431") },
  pm_card_discover: { card: card("discover", "1117") },
  pm_card_gb: { card: card("visa", "0003", "GB") },
  pm_card_chargeDeclined: {
    card: card("visa", "0002"),
    decline: { code: "card_declined", message: "Your card was declined." },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    card: card("visa", "9995"),
    decline: { code: "insufficient_funds", message: "Your card has insufficient funds." },
  },
  pm_card_createDisputeInquiry: { card: card("visa", "0259"), inquiry: true },
};

export const testPaymentMethodNames = Object.keys(testPaymentMethods) as [string, ...string[]];

/** The processing fee of a card charge: 2.9 % + 30 (minor units), never above the amount. */
export const cardFee = (amount: number) => Math.min(amount, Math.round(amount * 0.029) + 30);

/** The fee withdrawn with a disputed amount (kept when the dispute is won, as is common). */
export const disputeFee = 1500;

/** The fee of an instant payout (defined once, with the frames that show it). */
export { instantPayoutFee } from "../../protocol/payouts.ts";

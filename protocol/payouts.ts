/**
 * The payout rules a frame shows before the provider applies them, defined once for both:
 * the instant payout's fee (shown in the money confirmation before the person confirms, and
 * withdrawn by the provider) and which payout destinations can receive an instant payout
 * under the session's `instant_payouts_rtp_disabled` and
 * `instant_payouts_to_debit_cards_disabled` (the view offers an instant payout only to such
 * a destination; the provider refuses any other).
 */

/** The fee of an instant payout: 1 %, at least 50 (minor units). */
export const instantPayoutFee = (amount: number): number => Math.max(50, Math.round(amount * 0.01));

/** What the rule reads of a payout destination (an external account). */
export interface InstantDestination {
  object: "bank_account" | "card";
  country: string;
  currency: string;
}

/** The session's instant-payout switches (both off by default). */
export interface InstantPayoutSwitches {
  rtpDisabled: boolean;
  debitCardsDisabled: boolean;
}

/**
 * Why `destination` cannot receive an instant payout, or null when it can: a debit card
 * (unless debit cards are disabled), or a US dollar bank account in the US, which the
 * real-time payments network reaches (unless RTP is disabled). Any other bank account is
 * reached by standard payouts only.
 */
export function instantPayoutRefusal(
  destination: InstantDestination,
  switches: InstantPayoutSwitches,
):
  | "instant_payouts_to_debit_cards_disabled"
  | "instant_payouts_rtp_disabled"
  | "instant_payouts_unsupported"
  | null {
  if (destination.object === "card")
    return switches.debitCardsDisabled ? "instant_payouts_to_debit_cards_disabled" : null;
  if (destination.country !== "US" || destination.currency !== "usd")
    return "instant_payouts_unsupported";
  return switches.rtpDisabled ? "instant_payouts_rtp_disabled" : null;
}

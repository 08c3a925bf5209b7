/**
 * Account-session features shared by several components, each named once. An entry lists
 * the ones it offers (`features`); the provider, the frames and the example platform read
 * them from the catalogue.
 */
import { disableBankConnectionsFeature } from "../../objects/bank-connection.schema.ts";
import { provider } from "../../provider.ts";

const feature = <const N extends string>(name: N, byDefault: boolean, description: string) =>
  ({ name, default: byDefault, description }) as const;

export const refundManagement = feature(
  "refund_management",
  true,
  "Refund a payment, in full or in part, with a reason.",
);
export const disputeManagement = feature(
  "dispute_management",
  true,
  "Answer a dispute: save and submit evidence, or accept it.",
);
export const capturePayments = feature(
  "capture_payments",
  true,
  "Capture or cancel a payment that was authorized without capture.",
);
export const destinationOnBehalfOfChargeManagement = feature(
  "destination_on_behalf_of_charge_management",
  false,
  "Show and manage destination charges made on behalf of the account.",
);
export const exportData = feature(
  "export",
  false,
  "Download the filtered list as a CSV file, produced by the provider over the whole filter.",
);

export const instantPayouts = feature("instant_payouts", true, "Make an instant payout.");
export const standardPayouts = feature("standard_payouts", true, "Make a standard payout.");
export const editPayoutSchedule = feature(
  "edit_payout_schedule",
  true,
  "Change the payout schedule.",
);
export const externalAccountCollection = feature(
  "external_account_collection",
  true,
  "Collect and change the bank account or debit card that payouts go to.",
);
export const disableBankConnections = feature(
  disableBankConnectionsFeature,
  false,
  "Offer only typed bank details for the payout bank account: no linking through a bank connection.",
);
export const disableUserAuthentication = feature(
  provider.flags.disableUserAuthentication,
  false,
  "Skip the provider user's sign-in (the platform owns the account's login).",
);

export const cardManagement = feature("card_management", false, "Manage issued cards.");
export const cardholderManagement = feature("cardholder_management", false, "Manage cardholders.");
export const cardSpendDisputeManagement = feature(
  "card_spend_dispute_management",
  false,
  "Dispute a card transaction.",
);
export const spendControlManagement = feature(
  "spend_control_management",
  false,
  "Set the spending controls of a card.",
);

/** Payments, refunds, disputes and capture, for every payments view. */
export const moneyManagement = [
  refundManagement,
  disputeManagement,
  capturePayments,
  destinationOnBehalfOfChargeManagement,
] as const;

/** Payouts, their schedule and their destination, for the payout views. */
/** Flags of SPEC.md §9 that a session sets per component: where instant payouts may go. */
export const instantPayoutsRtpDisabled = {
  ...feature(
    "instant_payouts_rtp_disabled",
    false,
    "No instant payouts to bank accounts over real-time payments (RTP).",
  ),
  flag: true,
} as const;
export const instantPayoutsToDebitCardsDisabled = {
  ...feature(
    "instant_payouts_to_debit_cards_disabled",
    false,
    "No instant payouts to debit cards.",
  ),
  flag: true,
} as const;

/**
 * A flag of SPEC.md §9 that balances (and the add-funds entry point) take per session: the
 * person may add funds from the payout bank account. The provider also needs to own the
 * account's loss liability (`POST /v1/topups`, server/money/README.md).
 */
export const enableTopups = {
  ...feature(
    "enable_topups",
    false,
    "Add funds to the balance from the payout bank account (where the provider owns the account's loss liability).",
  ),
  flag: true,
} as const;

export const payoutManagement = [
  instantPayouts,
  standardPayouts,
  editPayoutSchedule,
  externalAccountCollection,
  disableBankConnections,
  disableUserAuthentication,
  instantPayoutsRtpDisabled,
  instantPayoutsToDebitCardsDisabled,
] as const;

/** Who owns the account's details and sign-in, for the account views. */
export const accountCollection = [externalAccountCollection, disableUserAuthentication] as const;
/**
 * The account views that replace the payout bank account beside onboarding's fixed pair
 * (SPEC.md §3): account management and the notification banner, which may turn bank
 * connections off.
 */
export const accountManagementFeatures = [...accountCollection, disableBankConnections] as const;

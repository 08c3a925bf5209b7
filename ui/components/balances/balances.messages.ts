/** The balances view's own messages (the load-failure text is the catalogue's, in the frame). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type BalancesMessageValues = {
  title: None;
  available: None;
  pending: None;
  instantAvailable: None;
  nextPayout: None;
  nextPayoutManual: None;
  contactPlatform: { platform: string };
  payOut: None;
  instantPayOut: None;
  amount: None;
  cancel: None;
  payoutConfirmTitle: None;
  payoutConsequences: None;
  instantConfirmTitle: None;
  instantConsequences: { fee: string; total: string };
  balanceInsufficient: None;
  noDestination: None;
  instantRefused: None;
  schedule: None;
  editSchedule: None;
  interval: None;
  intervalDaily: None;
  intervalWeekly: None;
  intervalMonthly: None;
  intervalManual: None;
  weeklyAnchor: None;
  monthlyAnchor: None;
  delayDays: None;
  delayDaysValue: { days: number };
  saveSchedule: None;
  scheduleConfirmTitle: None;
  scheduleConsequences: None;
  noBalance: None;
  promotionTitle: None;
  promotionText: { amount: string };
  addFunds: None;
  addFundsConfirmTitle: None;
  addFundsConsequences: None;
  topupRefused: None;
};

export const balancesMessages = defineMessages<BalancesMessageValues>({
  title: { id: "balances.title", defaultMessage: "Balance", description: "Heading of the balance" },
  available: {
    id: "balances.available",
    defaultMessage: "Available",
    description: "Money that can be paid out now",
  },
  pending: {
    id: "balances.pending",
    defaultMessage: "Pending",
    description: "Money not yet available (from recent payments)",
  },
  instantAvailable: {
    id: "balances.instantAvailable",
    defaultMessage: "Available for instant payout",
    description: "Money that can be paid out instantly now",
  },
  nextPayout: {
    id: "balances.nextPayout",
    defaultMessage: "Next payout",
    description: "Term: the date of the next automatic payout",
  },
  nextPayoutManual: {
    id: "balances.nextPayoutManual",
    defaultMessage: "Manual",
    description: "Next payout status when payouts are made only on request",
  },
  contactPlatform: {
    id: "balances.contactPlatform",
    defaultMessage:
      "Payouts are made only when you request them. Contact {platform} to set up automatic payouts.",
    description: "Message on a manual payout schedule; platform is the platform's name",
  },
  payOut: {
    id: "balances.payOut",
    defaultMessage: "Pay out",
    description: "Button: start a payout",
  },
  instantPayOut: {
    id: "balances.instantPayOut",
    defaultMessage: "Instant payout",
    description: "Button: start an instant payout",
  },
  amount: { id: "balances.amount", defaultMessage: "Amount", description: "Field: payout amount" },
  cancel: {
    id: "balances.cancel",
    defaultMessage: "Cancel",
    description: "Button: close the form",
  },
  payoutConfirmTitle: {
    id: "balances.payoutConfirmTitle",
    defaultMessage: "Pay out to your bank account?",
    description: "Confirmation title of a standard payout",
  },
  payoutConsequences: {
    id: "balances.payoutConsequences",
    defaultMessage: "The money leaves your balance now and arrives in about 2 days.",
    description: "Confirmation of a standard payout: what happens",
  },
  instantConfirmTitle: {
    id: "balances.instantConfirmTitle",
    defaultMessage: "Make an instant payout?",
    description: "Confirmation title of an instant payout",
  },
  instantConsequences: {
    id: "balances.instantConsequences",
    defaultMessage:
      "Instant payout fee: {fee}. {total} leaves your balance, and the money arrives within 30 minutes.",
    description: "Confirmation of an instant payout: its fee and the total debited",
  },
  balanceInsufficient: {
    id: "balances.balanceInsufficient",
    defaultMessage: "That is more than your available balance.",
    description: "Error: the payout amount is above the available balance",
  },
  noDestination: {
    id: "balances.noDestination",
    defaultMessage: "Add a bank account or debit card to receive payouts.",
    description: "Error: the account has nowhere to pay out to",
  },
  instantRefused: {
    id: "balances.instantRefused",
    defaultMessage: "Instant payouts are not available for your payout account.",
    description: "Error: the provider refused an instant payout to this destination",
  },
  schedule: {
    id: "balances.schedule",
    defaultMessage: "Payout schedule",
    description: "Heading: when automatic payouts are made",
  },
  editSchedule: {
    id: "balances.editSchedule",
    defaultMessage: "Change schedule",
    description: "Button: edit the payout schedule",
  },
  interval: {
    id: "balances.interval",
    defaultMessage: "Frequency",
    description: "Field: how often",
  },
  intervalDaily: {
    id: "balances.interval.daily",
    defaultMessage: "Daily",
    description: "Frequency",
  },
  intervalWeekly: {
    id: "balances.interval.weekly",
    defaultMessage: "Weekly",
    description: "Frequency",
  },
  intervalMonthly: {
    id: "balances.interval.monthly",
    defaultMessage: "Monthly",
    description: "Frequency",
  },
  intervalManual: {
    id: "balances.interval.manual",
    defaultMessage: "Manual",
    description: "Frequency: only when requested",
  },
  weeklyAnchor: {
    id: "balances.weeklyAnchor",
    defaultMessage: "Day of the week",
    description: "Field: the weekday of weekly payouts",
  },
  monthlyAnchor: {
    id: "balances.monthlyAnchor",
    defaultMessage: "Day of the month",
    description: "Field: the day (1–31) of monthly payouts",
  },
  delayDays: {
    id: "balances.delayDays",
    defaultMessage: "Days until funds are available",
    description: "Field and term: days a payment's funds stay pending",
  },
  delayDaysValue: {
    id: "balances.delayDaysValue",
    defaultMessage: "{days, plural, one {# day} other {# days}}",
    description: "A number of days",
  },
  saveSchedule: {
    id: "balances.saveSchedule",
    defaultMessage: "Save schedule",
    description: "Button: save the payout schedule",
  },
  scheduleConfirmTitle: {
    id: "balances.scheduleConfirmTitle",
    defaultMessage: "Change the payout schedule?",
    description: "Confirmation title of a schedule change",
  },
  scheduleConsequences: {
    id: "balances.scheduleConsequences",
    defaultMessage: "Automatic payouts follow the new schedule from the next payout day.",
    description: "Confirmation of a schedule change: what happens",
  },
  noBalance: {
    id: "balances.noBalance",
    defaultMessage: "No balance yet.",
    description: "The account has no balance in any currency",
  },
  promotionTitle: {
    id: "balances.promotionTitle",
    defaultMessage: "Get paid in minutes",
    description: "Title of the instant payouts promotion",
  },
  promotionText: {
    id: "balances.promotionText",
    defaultMessage: "{amount} is available for an instant payout.",
    description: "Instant payouts promotion: the amount that can be paid out instantly",
  },
  addFunds: {
    id: "balances.addFunds",
    defaultMessage: "Add funds",
    description: "Button and form title: add money to the balance from the payout bank account",
  },
  addFundsConfirmTitle: {
    id: "balances.addFundsConfirmTitle",
    defaultMessage: "Add funds to your balance?",
    description: "Title of the dialog confirming a top-up",
  },
  addFundsConsequences: {
    id: "balances.addFundsConsequences",
    defaultMessage:
      "The amount is taken from your payout bank account. It is pending, then becomes available in a few days.",
    description: "What confirming a top-up does",
  },
  topupRefused: {
    id: "balances.topupRefused",
    defaultMessage: "Funds cannot be added to this account. Contact the platform.",
    description: "The provider refused a top-up (not allowed for the account, or no bank account)",
  },
});

/**
 * Load-failure texts. The first group is SPEC.md §8's table verbatim; the rest are ours, for
 * the components the table leaves out, in the same calm voice ("Your money is secure, but
 * ..." wherever money is shown).
 */
export const errorTexts = {
  // SPEC.md §8, verbatim.
  account: "Your money is secure, but your account information cannot be loaded here.",
  paymentMethodSettings:
    "Your money is secure, but your payment method settings cannot be loaded here.",
  payouts: "Your money is secure, but your payouts information cannot be loaded here.",
  transactions: "Your money is secure, but your transactions cannot be loaded here.",
  payments: "Your money is secure, but your payments information cannot be loaded here.",
  disputes: "Your money is secure, but your disputes information cannot be loaded here.",
  documents: "Your documents cannot be loaded.",
  reportingChart: "Your money is secure, but your information cannot be loaded here.",
  balanceReport: "Your balance report cannot be loaded.",
  payoutReconciliationReport: "Your payout reconciliation report cannot be loaded.",

  // Ours, in the same voice.
  balances: "Your money is secure, but your balance information cannot be loaded here.",
  financialAccount:
    "Your money is secure, but your financial account information cannot be loaded here.",
  financialAccountTransactions:
    "Your money is secure, but your financial account transactions cannot be loaded here.",
  recipients: "Your money is secure, but your recipients cannot be loaded here.",
  issuingCards: "Your money is secure, but your card information cannot be loaded here.",
  capitalFinancing: "Your money is secure, but your financing information cannot be loaded here.",
  capitalOffer: "Your money is secure, but your financing offer cannot be loaded here.",
  tax: "Your money is secure, but your tax information cannot be loaded here.",
  taxCodes: "Product tax codes cannot be loaded.",
  apps: "This app cannot be loaded.",
  earnings: "Your money is secure, but your earnings cannot be loaded here.",
  invoices: "Your money is secure, but your invoice history cannot be loaded here.",
  terminalHardware: "Your terminal hardware orders cannot be loaded.",
  checkScanning: "Your money is secure, but check scanning cannot be loaded here.",
  debugTool: "This debug tool cannot be loaded.",
} as const;

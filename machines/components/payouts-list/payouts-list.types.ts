/**
 * What the payouts list works with: the payout as the API answers it (READING.md
 * conventions, `server/money/money.schema.ts`), one page of the keyset list, and the page
 * requests the machine asks its actor for. Plain types: the machine and the view share them,
 * the actor validates what the API sends before either sees it.
 */

export const payoutStatuses = ["pending", "in_transit", "paid", "failed", "canceled"] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const payoutMethods = ["standard", "instant"] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

/** The bank account paid to, when the API expands it; else its id (or null). */
export interface PayoutBankAccount {
  id: string;
  bank_name: string | null;
  last4: string | null;
}

/** The balance transaction of a payout, when expanded: it carries the fee. */
export interface PayoutBalanceTransaction {
  id: string;
  amount: number;
  fee: number;
  net: number;
  currency: string;
}

export interface Payout {
  id: string;
  /** Integer minor units. */
  amount: number;
  /** Lower-case ISO code. */
  currency: string;
  /** Unix seconds. */
  created: number;
  /** Unix seconds: when it arrives (or arrived) at the bank. */
  arrival_date: number;
  status: PayoutStatus;
  method: PayoutMethod;
  automatic: boolean;
  description: string | null;
  destination: string | PayoutBankAccount | null;
  balance_transaction: string | PayoutBalanceTransaction;
  failure_message: string | null;
}

/** One page of `GET /v1/payouts`, newest first. */
export interface PayoutPage {
  payouts: Payout[];
  /** More payouts lie beyond this page in the direction it was asked for. */
  hasMore: boolean;
}

/**
 * Which page to ask for: the newest, the one after (older than) a payout, or the one before
 * (newer than) a payout — `starting_after` / `ending_before`.
 */
export type PageRequest =
  | { kind: "newest"; limit: number }
  | { kind: "older"; limit: number; startingAfter: string }
  | { kind: "newer"; limit: number; endingBefore: string };

/**
 * What the payouts list works with: the payout as the API answers it (one schema,
 * `protocol/objects/payout.schema.ts`), one page of the keyset list, and the page requests
 * the machine asks its actor for. The actor validates what the API sends before the machine
 * or the view sees it.
 */

export type {
  Payout,
  PayoutMethod,
  PayoutStatus,
} from "../../../protocol/objects/payout.schema.ts";
export { payoutMethods, payoutStatuses } from "../../../protocol/objects/payout.schema.ts";

import type { Payout } from "../../../protocol/objects/payout.schema.ts";

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

/**
 * The money core of the reference provider, one folder with a file per concern: the ledger
 * (`ledger.ts`, balances derived from `balance_transactions`), charges and refunds, disputes,
 * payouts with the schedule and balance, top-ups. `moneyApps` are mounted by `app.ts`.
 */
import { chargesApp } from "./charges.routes.ts";
import { disputesApp } from "./disputes.routes.ts";
import { payoutExportsApp } from "./payout-filters.ts";
import { payoutsApp } from "./payouts.routes.ts";
import { topupsApp } from "./topups.routes.ts";

export const moneyApps = [
  chargesApp,
  disputesApp,
  payoutsApp,
  payoutExportsApp,
  topupsApp,
] as const;

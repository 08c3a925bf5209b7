/**
 * The money core's tables (migrations 0005, 0011), merged into `Database` by `db/schema.ts`.
 * Amounts are integer minor units (int8); times are Unix seconds.
 */

import type { BalanceTransactionType } from "../../protocol/objects/balance-transaction.schema.ts";
import type {
  ChargeStatus,
  PaymentMethodDetails,
  PaymentStatus,
} from "../../protocol/objects/charge.schema.ts";
import type { DisputeReason, DisputeStatus } from "../../protocol/objects/dispute.schema.ts";
import type { PayoutFailureCode, PayoutMethod } from "../../protocol/objects/payout.schema.ts";
import type { PayoutInterval, Weekday } from "../../protocol/objects/payout-schedule.schema.ts";
import type { Json, JsonWithDefault } from "../db/json.ts";

export interface BalanceTransactionsTable {
  id: string;
  platform_id: string;
  account_id: string;
  livemode: boolean;
  /** Gross amount: positive credits the account, negative debits it. */
  amount: number;
  fee: number;
  /** amount - fee (a check constraint holds it). */
  net: number;
  currency: string;
  type: BalanceTransactionType;
  reporting_category: string;
  /** The id of the object that moved the money (ch_, re_, dp_, po_). */
  source: string;
  description: string | null;
  /** From this second on the row counts as available, before it as pending. */
  available_on: number;
  created: number;
}

export interface ChargesTable {
  id: string;
  platform_id: string;
  account_id: string;
  livemode: boolean;
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  captured: boolean;
  status: ChargeStatus;
  customer_email: string | null;
  customer_name: string | null;
  /** The sandbox payment method token the charge was made with (`pm_card_visa`, ...). */
  payment_method: string;
  payment_method_details: Json<PaymentMethodDetails>;
  description: string | null;
  metadata: JsonWithDefault<Record<string, string>>;
  failure_code: string | null;
  failure_message: string | null;
  balance_transaction: string | null;
  /** Migration 0013: kept in the transaction of each change (`payment-status.ts`). */
  payment_status: PaymentStatus;
  captured_at: number | null;
  canceled_at: number | null;
  created: number;
}

export interface RefundsTable {
  id: string;
  account_id: string;
  livemode: boolean;
  charge: string;
  amount: number;
  currency: string;
  reason: string | null;
  status: "succeeded";
  metadata: JsonWithDefault<Record<string, string>>;
  balance_transaction: string;
  created: number;
}

export interface DisputesTable {
  id: string;
  account_id: string;
  livemode: boolean;
  charge: string;
  amount: number;
  currency: string;
  reason: DisputeReason;
  status: DisputeStatus;
  evidence: JsonWithDefault<Record<string, string>>;
  evidence_submitted_at: number | null;
  due_by: number;
  /** The ledger row that withdrew the disputed amount and fee (null for an inquiry). */
  withdrawal: string | null;
  /** The ledger row that gave the amount back when the dispute was won. */
  reinstatement: string | null;
  metadata: JsonWithDefault<Record<string, string>>;
  /** When it was decided or accepted (migration 0013); null while open. */
  closed_at: number | null;
  created: number;
}

export interface PayoutsTable {
  id: string;
  account_id: string;
  livemode: boolean;
  amount: number;
  currency: string;
  method: PayoutMethod;
  automatic: boolean;
  /** The external account paid to; null until external accounts exist. */
  destination: string | null;
  description: string | null;
  statement_descriptor: string | null;
  metadata: JsonWithDefault<Record<string, string>>;
  balance_transaction: string;
  /** The payout_cancel ledger row, once canceled. */
  reversal: string | null;
  /** When the payout leaves `pending` (it can be canceled until then). */
  submitted_at: number;
  arrival_date: number;
  canceled_at: number | null;
  /** Sandbox: the bank returns this payout once submitted (from its destination). */
  failure_code: PayoutFailureCode | null;
  /** The `payout_failure` ledger row that gave the money back, once written. */
  failure_balance_transaction: string | null;
  created: number;
}

/** Top-ups (migration 0011): money added from the account's payout bank account. */
export interface TopupsTable {
  id: string;
  platform_id: string;
  account_id: string;
  livemode: boolean;
  amount: number;
  currency: string;
  /** The external account the money comes from. */
  source: string;
  /** The `topup` ledger row (pending until `available_on`). */
  balance_transaction: string;
  description: string | null;
  metadata: JsonWithDefault<Record<string, string>>;
  available_on: number;
  created: number;
}

export interface PayoutSchedulesTable {
  account_id: string;
  interval: PayoutInterval;
  delay_days: number;
  weekly_anchor: Weekday | null;
  monthly_anchor: number | null;
  updated: number;
}

export interface MoneyTables {
  balance_transactions: BalanceTransactionsTable;
  charges: ChargesTable;
  refunds: RefundsTable;
  disputes: DisputesTable;
  payouts: PayoutsTable;
  payout_schedules: PayoutSchedulesTable;
  topups: TopupsTable;
}

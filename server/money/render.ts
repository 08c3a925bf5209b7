/**
 * The functions that render money rows into the API objects of `protocol/objects/` (charge,
 * refund, dispute, payout, balance transaction, payout schedule). Payout status is derived
 * from the clock: pending until `submitted_at`, in_transit until `arrival_date`, then paid
 * (or canceled; or failed from `submitted_at` when its destination fails payouts,
 * `payout-failures.ts`); so is the status of a dispute left unanswered past `due_by`.
 */

import type { Selectable } from "kysely";
import type { BalanceTransaction } from "../../protocol/objects/balance-transaction.schema.ts";
import type { Charge } from "../../protocol/objects/charge.schema.ts";
import type { Dispute, DisputeStatus } from "../../protocol/objects/dispute.schema.ts";
import {
  type DisputeEvidence,
  disputeEvidenceFileFields,
  disputeEvidenceTextFields,
} from "../../protocol/objects/dispute-evidence.schema.ts";
import type { Payout, PayoutStatus } from "../../protocol/objects/payout.schema.ts";
import type { PayoutSchedule as PayoutScheduleObject } from "../../protocol/objects/payout-schedule.schema.ts";
import type { Refund } from "../../protocol/objects/refund.schema.ts";
import type { Topup } from "../../protocol/objects/topup.schema.ts";
import { DAY } from "./ledger.ts";
import type {
  BalanceTransactionsTable,
  ChargesTable,
  DisputesTable,
  PayoutsTable,
  RefundsTable,
  TopupsTable,
} from "./money.tables.ts";
import { payoutFailureMessages } from "./payout-failures.ts";
import { nextPayoutDate, type PayoutSchedule } from "./schedule.ts";

export type ChargeRow = Selectable<ChargesTable>;
export type RefundRow = Selectable<RefundsTable>;
export type DisputeRow = Selectable<DisputesTable>;
export type PayoutRow = Selectable<PayoutsTable>;
export type BalanceTransactionRow = Selectable<BalanceTransactionsTable>;
export type TopupRow = Selectable<TopupsTable>;

export function renderBalanceTransaction(
  row: BalanceTransactionRow,
  now: number,
): BalanceTransaction {
  return {
    id: row.id,
    object: "balance_transaction" as const,
    amount: row.amount,
    fee: row.fee,
    net: row.net,
    currency: row.currency,
    type: row.type,
    reporting_category: row.reporting_category,
    source: row.source,
    status: row.available_on <= now ? ("available" as const) : ("pending" as const),
    available_on: row.available_on,
    description: row.description,
    created: row.created,
  };
}

export function renderCharge(row: ChargeRow, dispute: string | null): Charge {
  const customer =
    row.customer_email === null && row.customer_name === null
      ? null
      : { email: row.customer_email, name: row.customer_name };
  return {
    id: row.id,
    object: "charge" as const,
    amount: row.amount,
    amount_captured: row.amount_captured,
    amount_refunded: row.amount_refunded,
    balance_transaction: row.balance_transaction,
    captured: row.captured,
    created: row.created,
    currency: row.currency,
    customer,
    description: row.description,
    disputed: dispute !== null,
    dispute,
    failure_code: row.failure_code,
    failure_message: row.failure_message,
    livemode: row.livemode,
    metadata: row.metadata,
    paid: row.status === "succeeded",
    payment_method: row.payment_method,
    payment_method_details: row.payment_method_details,
    refunded: row.captured && row.amount_refunded === row.amount_captured,
    status: row.status,
    payment_status: row.payment_status,
    captured_at: row.captured_at,
    canceled_at: row.canceled_at,
  };
}

export const renderRefund = (row: RefundRow): Refund => ({
  id: row.id,
  object: "refund" as const,
  amount: row.amount,
  balance_transaction: row.balance_transaction,
  charge: row.charge,
  created: row.created,
  currency: row.currency,
  metadata: row.metadata,
  reason: row.reason,
  status: row.status,
});

/**
 * The status at `now`: a dispute not answered by `due_by` is lost (an inquiry closes), so
 * the clock, real or simulated, moves overdue disputes without a job.
 */
export function disputeStatus(row: DisputeRow, now: number): DisputeStatus {
  if (now <= row.due_by) return row.status;
  if (row.status === "needs_response") return "lost";
  if (row.status === "warning_needs_response") return "warning_closed";
  return row.status;
}

/** The states in which the provider waits for the account's response (or acceptance). */
const awaitingResponse = (status: DisputeStatus) =>
  status === "needs_response" || status === "warning_needs_response";

export function renderDispute(row: DisputeRow, now: number): Dispute {
  const status = disputeStatus(row, now);
  const lapsed = status !== row.status;
  return {
    id: row.id,
    object: "dispute" as const,
    amount: row.amount,
    balance_transactions: [row.withdrawal, row.reinstatement].filter((t) => t !== null),
    charge: row.charge,
    created: row.created,
    currency: row.currency,
    evidence: renderEvidence(row.evidence),
    evidence_details: {
      due_by: row.due_by,
      has_evidence: Object.keys(row.evidence).length > 0,
      past_due: row.evidence_submitted_at === null && now > row.due_by,
      days_remaining: awaitingResponse(status) ? Math.floor((row.due_by - now) / DAY) : null,
      submission_count: row.evidence_submitted_at === null ? 0 : 1,
      submitted_at: row.evidence_submitted_at,
    },
    closed_at: lapsed ? row.due_by : row.closed_at,
    // Only an inquiry leaves the charge refundable.
    is_charge_refundable: row.status.startsWith("warning_"),
    livemode: row.livemode,
    metadata: row.metadata,
    reason: row.reason,
    status,
  };
}

/** Every evidence field, null where nothing was given. */
function renderEvidence(stored: Record<string, string>): DisputeEvidence {
  const evidence: Record<string, string | null> = {};
  for (const field of [...disputeEvidenceTextFields, ...disputeEvidenceFileFields]) {
    evidence[field] = stored[field] ?? null;
  }
  return evidence as DisputeEvidence;
}

export function payoutStatus(row: PayoutRow, now: number): PayoutStatus {
  if (row.canceled_at !== null) return "canceled";
  // The bank returns a payout to a failing destination once it is submitted.
  if (row.failure_code !== null && now >= row.submitted_at) return "failed";
  if (now >= row.arrival_date) return "paid";
  if (now >= row.submitted_at) return "in_transit";
  return "pending";
}

export function renderPayout(row: PayoutRow, now: number): Payout {
  const status = payoutStatus(row, now);
  const failed = status === "failed" && row.failure_code !== null ? row.failure_code : null;
  return {
    id: row.id,
    object: "payout" as const,
    amount: row.amount,
    arrival_date: row.arrival_date,
    automatic: row.automatic,
    balance_transaction: row.balance_transaction,
    reversal: row.reversal,
    created: row.created,
    currency: row.currency,
    description: row.description,
    destination: row.destination,
    failure_balance_transaction: failed ? row.failure_balance_transaction : null,
    failure_code: failed,
    failure_message: failed ? payoutFailureMessages[failed] : null,
    livemode: row.livemode,
    metadata: row.metadata,
    method: row.method,
    statement_descriptor: row.statement_descriptor,
    status,
    type: row.destination?.startsWith("card_") ? "card" : "bank_account",
  };
}

export const renderPayoutSchedule = (s: PayoutSchedule, now: number): PayoutScheduleObject => ({
  object: "payout_schedule" as const,
  account: s.account_id,
  interval: s.interval,
  delay_days: s.delay_days,
  weekly_anchor: s.weekly_anchor,
  monthly_anchor: s.monthly_anchor,
  next_payout_date: nextPayoutDate(s, now),
});

/** A top-up: pending until its funds are available (`available_on`), then succeeded. */
export const renderTopup = (row: TopupRow, now: number): Topup => ({
  id: row.id,
  object: "topup" as const,
  amount: row.amount,
  currency: row.currency,
  balance_transaction: row.balance_transaction,
  created: row.created,
  description: row.description,
  expected_availability_date: row.available_on,
  livemode: row.livemode,
  metadata: row.metadata,
  source: row.source,
  status: now >= row.available_on ? "succeeded" : "pending",
});

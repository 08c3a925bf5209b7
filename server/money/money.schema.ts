/**
 * The money objects as the API answers them (zod, for the OpenAPI document) and the
 * functions that render rows into them. Payout status is derived from the clock: pending
 * until `submitted_at`, in_transit until `arrival_date`, then paid (or canceled); so is the
 * status of a dispute left unanswered past `due_by`.
 */

import type { Selectable } from "kysely";
import { z } from "zod";
import {
  type DisputeEvidence,
  disputeEvidenceFileFields,
  disputeEvidenceSchema,
  disputeEvidenceTextFields,
} from "../../protocol/objects/dispute-evidence.schema.ts";
import type {
  BalanceTransactionsTable,
  ChargesTable,
  DisputesTable,
  PayoutSchedulesTable,
  PayoutsTable,
  RefundsTable,
} from "./money.tables.ts";
import { paymentStatusValues } from "./money.tables.ts";

export type ChargeRow = Selectable<ChargesTable>;
export type RefundRow = Selectable<RefundsTable>;
export type DisputeRow = Selectable<DisputesTable>;
export type PayoutRow = Selectable<PayoutsTable>;
export type BalanceTransactionRow = Selectable<BalanceTransactionsTable>;

const metadata = z.record(z.string(), z.string());
const money = z.object({ amount: z.number().int(), currency: z.string() });

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    object: z.literal("list"),
    url: z.string(),
    has_more: z.boolean(),
    data: z.array(item),
  });

export const balanceSchema = z.object({
  object: z.literal("balance"),
  livemode: z.boolean(),
  available: z.array(money),
  pending: z.array(money),
  instant_available: z.array(money),
});

export const balanceTransactionSchema = z.object({
  id: z.string(),
  object: z.literal("balance_transaction"),
  amount: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
  currency: z.string(),
  type: z.enum(["charge", "refund", "adjustment", "payout", "payout_cancel"]),
  reporting_category: z.string(),
  source: z.string(),
  status: z.enum(["pending", "available"]),
  available_on: z.number().int(),
  description: z.string().nullable(),
  created: z.number().int(),
});

export function renderBalanceTransaction(row: BalanceTransactionRow, now: number) {
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

export const chargeSchema = z.object({
  id: z.string(),
  object: z.literal("charge"),
  amount: z.number().int(),
  amount_captured: z.number().int(),
  amount_refunded: z.number().int(),
  balance_transaction: z.string().nullable(),
  captured: z.boolean(),
  created: z.number().int(),
  currency: z.string(),
  customer: z.object({ email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  description: z.string().nullable(),
  disputed: z.boolean(),
  dispute: z.string().nullable(),
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  livemode: z.boolean(),
  metadata,
  paid: z.boolean(),
  payment_method: z.string(),
  payment_method_details: z.object({
    type: z.literal("card"),
    card: z.object({
      brand: z.string(),
      last4: z.string(),
      exp_month: z.number().int(),
      exp_year: z.number().int(),
      country: z.string(),
      funding: z.enum(["credit", "debit"]),
    }),
  }),
  refunded: z.boolean(),
  status: z.enum(["succeeded", "pending", "failed"]),
  /** The payment's state as a person sees it (payment-status.ts), what the list filters. */
  payment_status: z.enum(paymentStatusValues),
  /** The timeline's moments: when it was captured, or released without capture. */
  captured_at: z.number().int().nullable(),
  canceled_at: z.number().int().nullable(),
});

export function renderCharge(row: ChargeRow, dispute: string | null) {
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

export const refundSchema = z.object({
  id: z.string(),
  object: z.literal("refund"),
  amount: z.number().int(),
  balance_transaction: z.string(),
  charge: z.string(),
  created: z.number().int(),
  currency: z.string(),
  metadata,
  reason: z.string().nullable(),
  status: z.literal("succeeded"),
});

export const renderRefund = (row: RefundRow) => ({
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

export const disputeStatuses = [
  "warning_needs_response",
  "warning_closed",
  "needs_response",
  "under_review",
  "won",
  "lost",
] as const;

export const disputeSchema = z.object({
  id: z.string(),
  object: z.literal("dispute"),
  amount: z.number().int(),
  balance_transactions: z.array(z.string()),
  charge: z.string(),
  created: z.number().int(),
  currency: z.string(),
  evidence: disputeEvidenceSchema,
  evidence_details: z.object({
    due_by: z.number().int(),
    has_evidence: z.boolean(),
    /** The response is late: due_by passed with nothing submitted. */
    past_due: z.boolean(),
    submission_count: z.number().int(),
    submitted_at: z.number().int().nullable(),
  }),
  /** When it was decided or accepted (or its due_by, when left unanswered); null while open. */
  closed_at: z.number().int().nullable(),
  is_charge_refundable: z.boolean(),
  livemode: z.boolean(),
  metadata,
  reason: z.string(),
  status: z.enum(disputeStatuses),
});

/**
 * The status at `now`: a dispute not answered by `due_by` is lost (an inquiry closes), so
 * the clock, real or simulated, moves overdue disputes without a job.
 */
export function disputeStatus(row: DisputeRow, now: number): DisputeRow["status"] {
  if (now <= row.due_by) return row.status;
  if (row.status === "needs_response") return "lost";
  if (row.status === "warning_needs_response") return "warning_closed";
  return row.status;
}

export function renderDispute(row: DisputeRow, now: number) {
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

export const payoutStatuses = ["pending", "in_transit", "paid", "canceled"] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export function payoutStatus(row: PayoutRow, now: number): PayoutStatus {
  if (row.canceled_at !== null) return "canceled";
  if (now >= row.arrival_date) return "paid";
  if (now >= row.submitted_at) return "in_transit";
  return "pending";
}

export const payoutSchema = z.object({
  id: z.string(),
  object: z.literal("payout"),
  amount: z.number().int(),
  arrival_date: z.number().int(),
  automatic: z.boolean(),
  balance_transaction: z.string(),
  reversal: z.string().nullable(),
  created: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  /** The external account paid to: null while external accounts do not exist. */
  destination: z.string().nullable(),
  livemode: z.boolean(),
  metadata,
  method: z.enum(["standard", "instant"]),
  statement_descriptor: z.string().nullable(),
  status: z.enum(payoutStatuses),
  type: z.literal("bank_account"),
});

export const renderPayout = (row: PayoutRow, now: number) => ({
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
  livemode: row.livemode,
  metadata: row.metadata,
  method: row.method,
  statement_descriptor: row.statement_descriptor,
  status: payoutStatus(row, now),
  type: "bank_account" as const,
});

export const payoutScheduleSchema = z.object({
  object: z.literal("payout_schedule"),
  account: z.string(),
  interval: z.enum(["manual", "daily", "weekly", "monthly"]),
  delay_days: z.number().int(),
  weekly_anchor: z.string().nullable(),
  monthly_anchor: z.number().int().nullable(),
});

export type PayoutSchedule = Omit<Selectable<PayoutSchedulesTable>, "updated">;

export const renderPayoutSchedule = (s: PayoutSchedule) => ({
  object: "payout_schedule" as const,
  account: s.account_id,
  interval: s.interval,
  delay_days: s.delay_days,
  weekly_anchor: s.weekly_anchor,
  monthly_anchor: s.monthly_anchor,
});

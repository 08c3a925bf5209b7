/**
 * The reports of the balance-report and payout-reconciliation-report components, computed by
 * the provider in SQL from the ledger (`server/reports/`). A period is `[interval_start,
 * interval_end)` in Unix seconds, by when each balance transaction became available; amounts
 * are minor units of `currency`. A balance report reconciles: starting_balance +
 * activity_total − payouts_total = ending_balance.
 */
import * as z from "zod/mini";
import { unixSecondsSchema } from "./api-fields.schema.ts";
import { payoutStatuses } from "./payout.schema.ts";

/** One reporting category's sum over the period (gross, fee and net, and how many rows). */
export const reportCategorySchema = z.strictObject({
  reporting_category: z.string(),
  count: z.int(),
  gross: z.int(),
  fee: z.int(),
  net: z.int(),
});
export type ReportCategory = z.output<typeof reportCategorySchema>;

export const balanceReportSchema = z.strictObject({
  object: z.literal("balance_report"),
  currency: z.string(),
  interval_start: unixSecondsSchema,
  interval_end: unixSecondsSchema,
  starting_balance: z.int(),
  /** What moved the balance other than payouts, by category. */
  activity: z.array(reportCategorySchema),
  activity_total: z.int(),
  /** Payouts made, net of payouts canceled or returned (a positive amount left the balance). */
  payouts: z.array(reportCategorySchema),
  payouts_total: z.int(),
  ending_balance: z.int(),
  /** Whether the period had any balance transaction (`onreportavailabilityloaded`). */
  available: z.boolean(),
});
export type BalanceReport = z.output<typeof balanceReportSchema>;

export const reconciledPayoutSchema = z.strictObject({
  payout: z.string(),
  amount: z.int(),
  created: unixSecondsSchema,
  arrival_date: unixSecondsSchema,
  status: z.enum(payoutStatuses),
  /** What the payout settled, by category (`server/money/payout-settlement.ts`). */
  settled: z.array(reportCategorySchema),
  settled_net: z.int(),
});
export type ReconciledPayout = z.output<typeof reconciledPayoutSchema>;

export const payoutReconciliationReportSchema = z.strictObject({
  object: z.literal("payout_reconciliation_report"),
  currency: z.string(),
  interval_start: unixSecondsSchema,
  interval_end: unixSecondsSchema,
  /** The payouts made in the period, newest first. */
  payouts: z.array(reconciledPayoutSchema),
  available: z.boolean(),
});
export type PayoutReconciliationReport = z.output<typeof payoutReconciliationReportSchema>;

import {
  type BalanceReport,
  balanceReportSchema,
  type PayoutReconciliationReport,
  payoutReconciliationReportSchema,
} from "../../../protocol/objects/report.schema.ts";
import { createReportMachine } from "./report-factory.ts";

/** balance-report: `GET /v1/reports/balance` for the picked period. */
export const balanceReportMachine = createReportMachine<BalanceReport>({
  id: "balanceReport",
  path: "/v1/reports/balance",
  schema: balanceReportSchema,
});

/** payout-reconciliation-report: `GET /v1/reports/payout_reconciliation`. */
export const payoutReconciliationReportMachine = createReportMachine<PayoutReconciliationReport>({
  id: "payoutReconciliationReport",
  path: "/v1/reports/payout_reconciliation",
  schema: payoutReconciliationReportSchema,
});

/**
 * payout-reconciliation-report (internal): each payout made in a period the person picks and
 * what it settled, by category, computed by the provider
 * (`GET /v1/reports/payout_reconciliation`), with the itemised CSV
 * (`GET /v1/exports/payout_reconciliation_report`); `onreportavailabilityloaded` says
 * whether the period had any payout, each time a report arrives.
 */
import { payoutReconciliationReportMachine } from "../../../machines/components/reports/reports.machine.ts";
import type { PayoutReconciliationReport } from "../../../protocol/objects/report.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useReport } from "../kit/report.tsx";
import { PayoutReconciliationReportView } from "./payout-reconciliation-report.view.tsx";

export default function PayoutReconciliationReportComponent(props: ComponentViewProps) {
  const run = useReport<PayoutReconciliationReport>(
    payoutReconciliationReportMachine,
    props,
    "/v1/exports/payout_reconciliation_report",
    "onreportavailabilityloaded",
  );
  return <PayoutReconciliationReportView run={run} />;
}

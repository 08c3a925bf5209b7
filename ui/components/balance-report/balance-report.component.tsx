/**
 * balance-report (internal): the balance over a period the person picks — starting
 * balance, activity by category, payouts, ending balance — computed by the provider
 * (`GET /v1/reports/balance`), and the itemised CSV (`GET /v1/exports/balance_report`).
 */
import { balanceReportMachine } from "../../../machines/components/reports/reports.machine.ts";
import type { BalanceReport } from "../../../protocol/objects/report.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useReport } from "../kit/report.tsx";
import { BalanceReportView } from "./balance-report.view.tsx";

export default function BalanceReportComponent(props: ComponentViewProps) {
  const run = useReport<BalanceReport>(balanceReportMachine, props, "/v1/exports/balance_report");
  return <BalanceReportView run={run} />;
}

import { useIntl } from "react-intl";
import type { BalanceReport } from "../../../protocol/objects/report.schema.ts";
import { ReportPage, type ReportRun } from "../kit/report.tsx";
import { CategoryTable, SummaryTable } from "../reports/report-tables.view.tsx";
import { reportsMessages as m } from "../reports/reports.messages.ts";

/** The balance report: the summary, then the activity and the payouts by category. */
export function BalanceReportView({ run }: { run: ReportRun<BalanceReport> }) {
  const intl = useIntl();
  return (
    <ReportPage title={intl.formatMessage(m.balanceTitle)} className="balance-report" run={run}>
      {(r) => (
        <div className="kit-detail-sections">
          <SummaryTable
            caption={intl.formatMessage(m.summary)}
            currency={r.currency}
            rows={[
              {
                id: "starting",
                label: intl.formatMessage(m.startingBalance),
                amount: r.starting_balance,
              },
              {
                id: "activity",
                label: intl.formatMessage(m.activityTotal),
                amount: r.activity_total,
              },
              {
                id: "payouts",
                label: intl.formatMessage(m.payoutsTotal),
                amount: -r.payouts_total,
              },
              {
                id: "ending",
                label: intl.formatMessage(m.endingBalance),
                amount: r.ending_balance,
              },
            ]}
          />
          <CategoryTable
            caption={intl.formatMessage(m.activity)}
            rows={r.activity}
            currency={r.currency}
          />
          <CategoryTable
            caption={intl.formatMessage(m.payouts)}
            rows={r.payouts}
            currency={r.currency}
          />
        </div>
      )}
    </ReportPage>
  );
}

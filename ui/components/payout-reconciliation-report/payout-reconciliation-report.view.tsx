import { useIntl } from "react-intl";
import type {
  PayoutReconciliationReport,
  ReconciledPayout,
} from "../../../protocol/objects/report.schema.ts";
import { DateTime, Money, Table } from "../../kit/index.ts";
import { ReportPage, type ReportRun } from "../kit/report.tsx";
import { PayoutStatusBadge } from "../payouts-list/payout-parts.view.tsx";
import { CategoryTable } from "../reports/report-tables.view.tsx";
import { reportsMessages as m } from "../reports/reports.messages.ts";

/** The payouts of the period, then for each what it settled by category. */
export function PayoutReconciliationReportView({
  run,
}: {
  run: ReportRun<PayoutReconciliationReport>;
}) {
  const intl = useIntl();
  return (
    <ReportPage
      title={intl.formatMessage(m.reconciliationTitle)}
      className="payout-reconciliation-report"
      run={run}
    >
      {(r) => (
        <div className="kit-detail-sections">
          <Table<ReconciledPayout>
            caption={intl.formatMessage(m.payoutsTotal)}
            columns={[
              {
                id: "payout",
                header: intl.formatMessage(m.payout),
                cell: (p) => <code>{p.payout}</code>,
              },
              {
                id: "amount",
                header: intl.formatMessage(m.net),
                align: "end",
                cell: (p) => <Money amount={p.amount} currency={r.currency} />,
              },
              {
                id: "arrival",
                header: intl.formatMessage(m.arrival),
                cell: (p) => <DateTime seconds={p.arrival_date} timeZone="UTC" />,
              },
              {
                id: "status",
                header: intl.formatMessage(m.status),
                cell: (p) => <PayoutStatusBadge status={p.status} />,
              },
              {
                id: "settled",
                header: intl.formatMessage(m.settled),
                align: "end",
                cell: (p) => <Money amount={p.settled_net} currency={r.currency} />,
              },
            ]}
            rows={r.payouts}
            rowKey={(p) => p.payout}
            empty={<p>{intl.formatMessage(m.empty)}</p>}
          />
          {r.payouts
            .filter((p) => p.settled.length > 0)
            .map((p) => (
              <CategoryTable
                key={p.payout}
                caption={intl.formatMessage(m.settledFor, { payout: p.payout })}
                rows={p.settled}
                currency={r.currency}
              />
            ))}
        </div>
      )}
    </ReportPage>
  );
}

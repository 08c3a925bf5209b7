/** The tables of the reports: a summary, and sums by reporting category. Pure. */
import type { MessageDescriptor } from "react-intl";
import { useIntl } from "react-intl";
import type { ReportCategory } from "../../../protocol/objects/report.schema.ts";
import { Money, Table, type TableColumn } from "../../kit/index.ts";
import { reportsMessages as m } from "./reports.messages.ts";

const categoryMessages: Record<string, MessageDescriptor> = {
  charge: m.categoryCharge,
  refund: m.categoryRefund,
  dispute: m.categoryDispute,
  dispute_reversal: m.categoryDisputeReversal,
  payout: m.categoryPayout,
  payout_reversal: m.categoryPayoutReversal,
};

/** Sums by reporting category: how many, gross, fees, net. */
export function CategoryTable(props: {
  caption: string;
  rows: readonly ReportCategory[];
  currency: string;
}) {
  const intl = useIntl();
  const money = (amount: number) => <Money amount={amount} currency={props.currency} />;
  const columns: TableColumn<ReportCategory>[] = [
    {
      id: "category",
      header: intl.formatMessage(m.category),
      cell: (c) => {
        const known = categoryMessages[c.reporting_category];
        return known ? intl.formatMessage(known) : c.reporting_category;
      },
    },
    {
      id: "count",
      header: intl.formatMessage(m.count),
      align: "end",
      cell: (c) => intl.formatNumber(c.count),
    },
    { id: "gross", header: intl.formatMessage(m.gross), align: "end", cell: (c) => money(c.gross) },
    { id: "fee", header: intl.formatMessage(m.fee), align: "end", cell: (c) => money(c.fee) },
    { id: "net", header: intl.formatMessage(m.net), align: "end", cell: (c) => money(c.net) },
  ];
  return (
    <Table
      caption={props.caption}
      columns={columns}
      rows={props.rows}
      rowKey={(c) => c.reporting_category}
      empty={<p>{intl.formatMessage(m.empty)}</p>}
    />
  );
}

/** Two columns: what, and how much. */
export function SummaryTable(props: {
  caption: string;
  rows: readonly { id: string; label: string; amount: number }[];
  currency: string;
}) {
  const intl = useIntl();
  return (
    <Table
      caption={props.caption}
      columns={[
        { id: "label", header: intl.formatMessage(m.category), cell: (r) => r.label },
        {
          id: "amount",
          header: intl.formatMessage(m.net),
          align: "end",
          cell: (r) => <Money amount={r.amount} currency={props.currency} />,
        },
      ]}
      rows={props.rows}
      rowKey={(r) => r.id}
    />
  );
}

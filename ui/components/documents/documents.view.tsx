import { type MessageDescriptor, useIntl } from "react-intl";
import type {
  TaxInvoice,
  TaxInvoiceLine,
  TaxInvoiceLineKind,
} from "../../../protocol/objects/tax-invoice.schema.ts";
import { formatMoney } from "../../i18n/format.ts";
import { DateTime, DescriptionList, Money, Table, type TableColumn } from "../../kit/index.ts";
import { DownloadAction } from "../kit/download-action.view.tsx";
import type { FileDownload } from "../kit/file-download.ts";
import { ListPageView } from "../kit/list-page.view.tsx";
import type { DetailState } from "../kit/resource-detail.view.tsx";
import type { ResourceListConnected } from "../kit/resource-list.connect.ts";
import type { ListColumn } from "../kit/resource-list.view.tsx";
import { documentsMessages as m } from "./documents.messages.ts";

export interface DocumentsViewProps extends ResourceListConnected<TaxInvoice> {
  detail: DetailState<TaxInvoice>;
  /** The PDF download (one at a time) and the URL of an invoice's PDF. */
  pdf: FileDownload;
  pdfUrl(invoice: TaxInvoice): string;
}

const lineMessages: Record<TaxInvoiceLineKind, MessageDescriptor> = {
  payment_fees: m.linePaymentFees,
  refunded_payment_fees: m.lineRefundedPaymentFees,
  dispute_fees: m.lineDisputeFees,
  instant_payout_fees: m.lineInstantPayoutFees,
  other_fees: m.lineOtherFees,
};

/** The month an invoice bills, in the person's language ("May 2026"). */
function usePeriod() {
  const intl = useIntl();
  return (invoice: TaxInvoice) =>
    intl.formatDate(invoice.period_start * 1000, {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
}

/** One invoice: its total, its facts, its lines, and its PDF. */
export function TaxInvoiceBody(props: { invoice: TaxInvoice; pdf: FileDownload; pdfUrl: string }) {
  const intl = useIntl();
  const { invoice, pdf } = props;
  const columns: TableColumn<TaxInvoiceLine>[] = [
    {
      id: "description",
      header: intl.formatMessage(m.description),
      cell: (line) => intl.formatMessage(lineMessages[line.kind]),
    },
    {
      id: "quantity",
      header: intl.formatMessage(m.quantity),
      align: "end",
      cell: (line) => intl.formatNumber(line.quantity),
    },
    {
      id: "amount",
      header: intl.formatMessage(m.amount),
      align: "end",
      cell: (line) => <Money amount={line.amount} currency={invoice.currency} />,
    },
  ];
  return (
    <div className="documents-invoice kit-detail-sections">
      <p className="kit-heading-md">
        <Money amount={invoice.total} currency={invoice.currency} />
      </p>
      <DescriptionList
        items={[
          {
            id: "period",
            term: intl.formatMessage(m.period),
            description: intl.formatDateTimeRange(
              invoice.period_start * 1000,
              (invoice.period_end - 1) * 1000,
              { dateStyle: "medium", timeZone: "UTC" },
            ),
          },
          {
            id: "number",
            term: intl.formatMessage(m.number),
            description: <code>{invoice.number}</code>,
          },
          {
            id: "issued",
            term: intl.formatMessage(m.issued),
            description: <DateTime seconds={invoice.created} timeZone="UTC" />,
          },
          {
            id: "billed-to",
            term: intl.formatMessage(m.billedTo),
            description: invoice.account_name ?? invoice.account,
          },
          {
            id: "account",
            term: intl.formatMessage(m.account),
            description: <code>{invoice.account}</code>,
          },
          {
            id: "currency",
            term: intl.formatMessage(m.currency),
            description: invoice.currency.toUpperCase(),
          },
          {
            id: "total",
            term: intl.formatMessage(m.total),
            description: <Money amount={invoice.total} currency={invoice.currency} />,
          },
        ]}
      />
      <Table
        caption={intl.formatMessage(m.fees)}
        columns={columns}
        rows={invoice.lines}
        rowKey={(line) => line.kind}
      />
      <p>
        <DownloadAction
          label={intl.formatMessage(m.download)}
          failedTitle={intl.formatMessage(m.downloadFailed)}
          busy={pdf.busy}
          failed={pdf.failed}
          onDownload={() => pdf.download(props.pdfUrl)}
          onDismiss={pdf.dismiss}
        />
      </p>
    </div>
  );
}

/** The account's tax invoices: a table newest first, paged, each row opening the invoice. */
export function DocumentsView({ detail, pdf, pdfUrl, ...list }: DocumentsViewProps) {
  const intl = useIntl();
  const period = usePeriod();
  const columns: ListColumn<TaxInvoice>[] = [
    {
      id: "period",
      header: intl.formatMessage(m.period),
      narrow: true,
      cell: (invoice) => period(invoice),
    },
    {
      id: "total",
      header: intl.formatMessage(m.total),
      align: "end",
      narrow: true,
      cell: (invoice) => <Money amount={invoice.total} currency={invoice.currency} />,
    },
    {
      id: "number",
      header: intl.formatMessage(m.number),
      cell: (invoice) => <code>{invoice.number}</code>,
    },
    {
      id: "issued",
      header: intl.formatMessage(m.issued),
      cell: (invoice) => <DateTime seconds={invoice.created} timeZone="UTC" />,
    },
  ];
  return (
    <ListPageView
      {...list}
      className="documents"
      caption={intl.formatMessage(m.title)}
      columns={columns}
      rowKey={(invoice) => invoice.id}
      rowLabel={(invoice) =>
        intl.formatMessage(m.rowLabel, {
          period: period(invoice),
          total: formatMoney(invoice.total, invoice.currency, intl.locale),
        })
      }
      messages={m}
      detail={{
        ...detail,
        children: (invoice) => (
          <TaxInvoiceBody invoice={invoice} pdf={pdf} pdfUrl={pdfUrl(invoice)} />
        ),
      }}
    />
  );
}

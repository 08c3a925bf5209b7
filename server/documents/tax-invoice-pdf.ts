/**
 * A tax invoice as a PDF, generated with PDFKit (a maintained, pure-JS PDF library; no bytes
 * written by hand): the provider as issuer, the account billed (its business name and id),
 * the invoice number, issue date and period, one row per kind of fee with its count and
 * amount, and the total, in the invoice's currency. PDFKit's standard Helvetica faces need
 * no font file; they cover the Latin-1 (WinAnsi) letters.
 */
import PDFDocument from "pdfkit";
import type { TaxInvoice, TaxInvoiceLineKind } from "../../protocol/objects/tax-invoice.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { formatMoney } from "../../ui/i18n/format.ts";

/** The invoice's words: the provider writes its invoices in English. */
const lineNames: Record<TaxInvoiceLineKind, string> = {
  payment_fees: "Payment processing fees",
  refunded_payment_fees: "Processing fees returned on refunds",
  dispute_fees: "Dispute fees",
  instant_payout_fees: "Instant payout fees",
  other_fees: "Other fees",
};

const day = (t: number) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(t * 1000);

const money = (amount: number, currency: string) =>
  formatMoney(amount, currency, "en-US", { currencyDisplay: "code" });

/** The file name the download carries: `tax-invoice-2026-05-USD-ABC123.pdf`. */
export const taxInvoiceFilename = (invoice: TaxInvoice) => `tax-invoice-${invoice.number}.pdf`;

/** The invoice's PDF bytes. */
export function taxInvoicePdf(invoice: TaxInvoice): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: {
      Title: `Tax invoice ${invoice.number}`,
      Author: provider.name,
      Subject: `Fees of ${day(invoice.period_start)} to ${day(invoice.period_end - 1)}`,
      // A fixed creation date: the same invoice gives the same file.
      CreationDate: new Date(invoice.created * 1000),
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const currency = invoice.currency.toUpperCase();

  doc.font("Helvetica-Bold").fontSize(20).text("Tax invoice");
  doc.moveDown(0.3);
  doc.font("Helvetica").fontSize(10).fillColor("#444").text(`Issued by ${provider.name}`);
  doc.moveDown(1.2).fillColor("#000");

  const facts: [string, string][] = [
    ["Invoice number", invoice.number],
    ["Issue date", day(invoice.created)],
    ["Period", `${day(invoice.period_start)} to ${day(invoice.period_end - 1)}`],
    ["Billed to", invoice.account_name ?? invoice.account],
    ["Account", invoice.account],
    ["Currency", currency],
  ];
  for (const [term, value] of facts) {
    const y = doc.y;
    doc.font("Helvetica-Bold").text(term, left, y, { width: 130 });
    doc.font("Helvetica").text(value, left + 140, y, { width: width - 140 });
    doc.moveDown(0.3);
  }
  doc.moveDown(1.2);

  const columns = { item: left, quantity: left + width - 190, amount: left + width - 110 };
  const row = (cells: [string, string, string], bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica");
    doc.text(cells[0], columns.item, y, { width: columns.quantity - columns.item - 10 });
    const after = doc.y;
    doc.text(cells[1], columns.quantity, y, { width: 70, align: "right" });
    doc.text(cells[2], columns.amount, y, { width: 110, align: "right" });
    doc.y = Math.max(after, doc.y) + 6;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor("#999")
      .stroke();
    doc.y += 6;
  };

  row(["Description", "Quantity", "Amount"], true);
  rule();
  for (const line of invoice.lines) {
    row([lineNames[line.kind], String(line.quantity), money(line.amount, invoice.currency)]);
  }
  rule();
  row(["Total", "", money(invoice.total, invoice.currency)], true);

  doc.moveDown(2);
  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor("#444")
    .text(
      `The fees ${provider.name} charged to the account in the period, as its balance transactions record them. Amounts in ${currency}.`,
      left,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}

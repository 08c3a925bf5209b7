// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { taxInvoiceHistory } from "../../../machines/components/documents/documents.fixture.ts";
import { taxInvoicePdfUrl } from "../../../machines/components/documents/documents.machine.ts";
import { getDefinition } from "../../../protocol/catalogue/index.ts";
import type { TaxInvoice } from "../../../protocol/objects/tax-invoice.schema.ts";
import { I18nProvider, loadCatalogue } from "../../i18n/provider.tsx";
import type { FileDownload } from "../kit/file-download.ts";
import { DocumentsView, type DocumentsViewProps } from "./documents.view.tsx";

afterEach(cleanup);
beforeAll(() => loadCatalogue("de-DE"));

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

const history = taxInvoiceHistory(4);
const newest = [...history].reverse();

const pdf = (overrides: Partial<FileDownload> = {}): FileDownload => ({
  busy: false,
  failed: false,
  download: () => {},
  dismiss: () => {},
  ...overrides,
});

function props(overrides: Partial<DocumentsViewProps> = {}): DocumentsViewProps {
  return {
    status: "ready",
    items: newest,
    errorText: getDefinition("documents").errorText,
    requestId: null,
    narrow: false,
    onRetry: () => {},
    onOpen: () => {},
    detail: {
      open: false,
      status: "loading",
      item: null,
      requestId: null,
      onClose: () => {},
      onRetry: () => {},
    },
    pdf: pdf(),
    pdfUrl: taxInvoicePdfUrl,
    ...overrides,
  };
}

const opened = (invoice: TaxInvoice) => ({
  open: true,
  status: "shown" as const,
  item: invoice,
  requestId: null,
  onClose: () => {},
  onRetry: () => {},
});

describe("DocumentsView", () => {
  it("lists the invoices newest first by month with their totals; a row opens its invoice", () => {
    const onOpen = vi.fn();
    inLocale(<DocumentsView {...props({ onOpen })} />);
    const table = screen.getByRole("table", { name: "Tax invoices" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0]?.textContent)).toEqual([
      "April 2026",
      "March 2026",
      "February 2026",
      "January 2026",
    ]);
    expect(rows[0]?.textContent).toContain("$40.37");
    fireEvent.click(
      screen.getByRole("row", { name: /Tax invoice for April 2026, total \$40\.37/ }),
    );
    expect(onOpen).toHaveBeenCalledWith(newest[0]);
  });

  it("says so when there is no invoice yet", () => {
    inLocale(<DocumentsView {...props({ status: "empty", items: [] })} />);
    expect(screen.getByText("No tax invoices yet")).toBeTruthy();
  });

  it("shows an invoice's facts and lines, and downloads its PDF", () => {
    const download = vi.fn();
    const invoice = history[0]!;
    inLocale(<DocumentsView {...props({ detail: opened(invoice), pdf: pdf({ download }) })} />);
    const dialog = screen.getByRole("dialog", { name: "Tax invoice" });
    expect(dialog.textContent).toContain("Juniper & Rye Bakery");
    expect(dialog.textContent).toContain("acct_fixture");
    expect(dialog.textContent).toContain(invoice.number);
    const lines = within(dialog).getByRole("table", { name: "Fees" });
    expect(within(lines).getByText("Payment processing fees")).toBeTruthy();
    expect(within(lines).getByText("Processing fees returned on refunds")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Download PDF" }));
    expect(download).toHaveBeenCalledWith(`/v1/tax_invoices/${invoice.id}/pdf`);
  });

  it("shows a failed download with Retry", () => {
    const download = vi.fn();
    const invoice = history[1]!;
    inLocale(
      <DocumentsView
        {...props({ detail: opened(invoice), pdf: pdf({ failed: true, download }) })}
      />,
    );
    expect(screen.getByText("The PDF could not be downloaded.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(download).toHaveBeenCalledWith(taxInvoicePdfUrl(invoice));
  });

  it("speaks German in de-DE", () => {
    inLocale(<DocumentsView {...props({ detail: opened(history[0]!) })} />, "de-DE");
    expect(screen.getByRole("button", { name: "PDF herunterladen" })).toBeTruthy();
    expect(screen.getAllByText("April 2026").length).toBeGreaterThan(0);
  });
});

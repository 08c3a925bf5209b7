import { readFile } from "node:fs/promises";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { BalanceTransaction } from "../../protocol/objects/balance-transaction.schema.ts";
import type { TaxInvoice } from "../../protocol/objects/tax-invoice.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { formatDate, formatMoney } from "../../ui/i18n/format.ts";
import { DocumentsModel, type InvoiceRow } from "./models/documents.model.ts";
import { checkLightDarkPseudo } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// documents (issue 12 item 7) on the example platform's account page, in Debian's Chromium:
// a person reads the account's tax invoices, opens one and downloads its PDF; the invoices are
// checked against the provider's list and the ledger's fees, and the PDF's text (read by
// unpdf) against the invoice: it names the account and the total.

const example = examplePlatformTests();
const { signedIn, apiGet } = example;

const month = (invoice: TaxInvoice) =>
  new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    invoice.period_start * 1000,
  );

/** A row as the list shows the provider's invoice in en-US. */
const rowOf = (invoice: TaxInvoice): InvoiceRow => ({
  period: month(invoice),
  total: formatMoney(invoice.total, invoice.currency, "en-US"),
  number: invoice.number,
  issued: formatDate(invoice.created, "en-US", { timeZone: "UTC" }),
});

const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text.replace(
    /\s+/g,
    " ",
  );

describe("documents on the example platform", () => {
  it("a person opens the newest tax invoice and downloads its PDF: a valid PDF whose text names the account and the total, the fees the ledger recorded that month", async () => {
    const platform = await signedIn(undefined, "account");
    const documents = new DocumentsModel(await platform.frameOf("documents"));
    const listed = (await apiGet<{ data: TaxInvoice[] }>("/v1/tax_invoices?limit=10")).data;
    expect(listed.length).toBeGreaterThan(0);
    await expect.poll(() => documents.seeRows(), { timeout: 15_000 }).toEqual(listed.map(rowOf));

    // The newest invoice: its total is the sum of the fees of that month's balance transactions.
    const invoice = listed[0]!;
    const ledger = await example.listAll<BalanceTransaction>(
      "/v1/balance_transactions",
      "limit=100",
    );
    const ofMonth = ledger.filter(
      (t) =>
        t.currency === invoice.currency &&
        t.created >= invoice.period_start &&
        t.created < invoice.period_end &&
        t.fee !== 0,
    );
    expect(ofMonth.length).toBeGreaterThan(0);
    expect(ofMonth.reduce((sum, t) => sum + t.fee, 0)).toBe(invoice.total);

    await documents.openInvoice(0);
    const facts = await documents.seeFacts();
    const account = example.env.sandbox.mainAccountId;
    expect(facts).toMatchObject({
      "Invoice number": invoice.number,
      "Billed to": invoice.account_name,
      "Account ID": account,
      Currency: "USD",
      Total: formatMoney(invoice.total, invoice.currency, "en-US"),
    });
    expect(await documents.seeLines()).toEqual(
      invoice.lines.map((line) => [
        expect.any(String),
        String(line.quantity),
        formatMoney(line.amount, invoice.currency, "en-US"),
      ]),
    );

    const download = await documents.downloadPdf(platform.page);
    expect(download.suggestedFilename()).toBe(`tax-invoice-${invoice.number}.pdf`);
    const bytes = new Uint8Array(await readFile((await download.path())!));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const text = await pdfText(bytes);
    for (const expected of [
      "Tax invoice",
      invoice.account_name!,
      account,
      invoice.number,
      month(invoice).split(" ")[0]!,
      "Total",
      formatMoney(invoice.total, invoice.currency, "en-US", { currencyDisplay: "code" }),
    ])
      expect(text).toContain(expected.replace(/\s+/g, " "));

    // The file is the provider's: the platform's backend gets the same PDF for the invoice.
    const fromApi = await fetch(`${example.env.api}/v1/tax_invoices/${invoice.id}/pdf`, {
      headers: {
        Authorization: `Bearer ${example.env.sandbox.secretKey}`,
        [provider.headers.account]: account,
      },
    });
    expect(fromApi.headers.get("content-type")).toBe("application/pdf");
    expect(await pdfText(new Uint8Array(await fromApi.arrayBuffer()))).toBe(text);
  });

  it("axe finds nothing serious or critical in light, dark and the pseudo-locale, and nothing overflows at 360px, in the list and with an invoice open", async () => {
    const platform = await signedIn(undefined, "account");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const frame = await platform.frameOf("documents");
    const documents = new DocumentsModel(frame);
    await documents.seeRows();
    await checkLightDarkPseudo(platform, [frame], () =>
      frame.locator("table caption").first().innerText(),
    );
    // An invoice open: its facts, its lines and its download, in the same three.
    await documents.openInvoice(0);
    await documents.seeLines();
    await checkLightDarkPseudo(platform, [frame], () =>
      frame.locator(".documents-invoice button").first().innerText(),
    );
  });
});

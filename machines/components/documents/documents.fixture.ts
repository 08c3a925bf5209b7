/**
 * Tax invoices for the documents machine's and view's tests: one per month from January
 * 2026 on, oldest first in creation (the kit's `fakePage` pages them newest first).
 */
import type { TaxInvoice } from "../../../protocol/objects/tax-invoice.schema.ts";

export { fakePage } from "../resource-list.fixture.ts";

const monthStart = (month: number) => Date.UTC(2026, month, 1) / 1000;

/** `count` monthly invoices of `acct_fixture`, ids `tinv_fixture_202601_usd`…. */
export function taxInvoiceHistory(count: number): TaxInvoice[] {
  return Array.from({ length: count }, (_, i) => {
    const start = monthStart(i);
    const end = monthStart(i + 1);
    const month = String(i + 1).padStart(2, "0");
    const fees = 1_000 * (i + 1) + 37;
    const returned = i % 2 === 0 ? -(50 + i) : 0;
    return {
      id: `tinv_fixture_2026${month}_usd`,
      object: "tax_invoice",
      number: `2026-${month}-USD-IXTURE`,
      account: "acct_fixture",
      account_name: "Juniper & Rye Bakery",
      currency: "usd",
      period_start: start,
      period_end: end,
      created: end,
      lines: [
        { kind: "payment_fees", quantity: 10 + i, amount: fees },
        ...(returned
          ? [{ kind: "refunded_payment_fees" as const, quantity: 1, amount: returned }]
          : []),
      ],
      total: fees + returned,
      livemode: false,
    };
  });
}

import { type TaxInvoice, taxInvoiceSchema } from "../../../protocol/objects/tax-invoice.schema.ts";
import { createResourceListMachine } from "../resource-list.machine.ts";
import type { ResourceDescriptor } from "../resource-list.types.ts";

/**
 * The documents component (issue 12 item 7): the connected account's tax invoices, newest
 * first, keyset paged, each row opening the invoice — one instance of the kit's resource
 * list. The invoice's PDF is a download (the kit's download machine) of `taxInvoicePdfUrl`.
 */

/** `GET /v1/tax_invoices`; `GET /v1/tax_invoices/:id`. No filters, nothing to expand. */
export const taxInvoicesResource: ResourceDescriptor<TaxInvoice> = {
  path: "/v1/tax_invoices",
  item: taxInvoiceSchema,
};

/** The provider's PDF of one invoice. */
export const taxInvoicePdfUrl = (invoice: Pick<TaxInvoice, "id">) =>
  `${taxInvoicesResource.path}/${encodeURIComponent(invoice.id)}/pdf`;

export const documentsMachine = createResourceListMachine<TaxInvoice>({
  id: "documents",
  resource: taxInvoicesResource,
});

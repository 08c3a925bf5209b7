/**
 * The documents component's endpoints: the connected account's tax invoices
 * (`tax-invoices.ts`: derived from the fees its ledger recorded, one per month and currency
 * with fees), paged newest first like every list, one by id, and its PDF
 * (`tax-invoice-pdf.ts`), which the frame downloads through the data layer. A session key
 * reaches them through the `documents` component.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import { taxInvoiceSchema } from "../../protocol/objects/tax-invoice.schema.ts";
import type { AppEnv } from "../http/context.ts";
import { resourceMissing } from "../http/errors.ts";
import { type Cursor, listPage, listQueryShape } from "../http/pagination.ts";
import { defineRoute, type RouteInput } from "../http/route.ts";
import { actingAccount, type MoneyPrincipal } from "../money/access.ts";
import { taxInvoiceFilename, taxInvoicePdf } from "./tax-invoice-pdf.ts";
import { taxInvoice, taxInvoices } from "./tax-invoices.ts";

export const documentsApp = new OpenAPIHono<AppEnv>();

/** The session components whose screens show the account's documents. */
export const documentComponents = ["documents"] as const;

/** (created, id) after `cursor` in the direction of the page: the keyset, in memory. */
const beyond = (row: Cursor, cursor: Cursor, older: boolean) => {
  if (row.created !== cursor.created)
    return older ? row.created < cursor.created : row.created > cursor.created;
  return older ? row.id < cursor.id : row.id > cursor.id;
};

const idParams = z.strictObject({ id: z.string().min(1).max(255) });

type Input = Pick<
  RouteInput<undefined, undefined, undefined, MoneyPrincipal["kind"]>,
  "deps" | "principal"
>;

async function invoiceOf({ deps, principal }: Input, id: string) {
  const invoice = await taxInvoice(
    deps.db,
    { acting: actingAccount(principal), now: deps.config.now() },
    id,
  );
  if (!invoice) throw resourceMissing("tax invoice", id, "id");
  return invoice;
}

defineRoute(
  documentsApp,
  {
    method: "get",
    path: "/v1/tax_invoices",
    summary:
      "List the account's tax invoices, newest first: the fees of each month and currency, from the ledger",
    tags: ["Documents"],
    auth: ["secret", "account_session"],
    components: documentComponents,
    query: z.strictObject(listQueryShape),
    response: listOf(taxInvoiceSchema),
  },
  async ({ deps, principal, query }) => {
    // A handful a year: derived whole, then paged by the same keyset as every list.
    const invoices = await taxInvoices(deps.db, {
      acting: actingAccount(principal),
      now: deps.config.now(),
    });
    return listPage({
      query,
      url: "/v1/tax_invoices",
      lookup: async (id) => invoices.find((i) => i.id === id),
      fetch: async ({ cursor, direction, fetch }) => {
        const older = direction === "older";
        const ordered = older ? invoices : [...invoices].reverse();
        return ordered.filter((i) => !cursor || beyond(i, cursor, older)).slice(0, fetch);
      },
      render: (invoice) => invoice,
    });
  },
);

defineRoute(
  documentsApp,
  {
    method: "get",
    path: "/v1/tax_invoices/:id",
    summary: "Retrieve a tax invoice",
    tags: ["Documents"],
    auth: ["secret", "account_session"],
    components: documentComponents,
    params: idParams,
    response: taxInvoiceSchema,
  },
  async (input) => invoiceOf(input, input.params.id),
);

defineRoute(
  documentsApp,
  {
    method: "get",
    path: "/v1/tax_invoices/:id/pdf",
    summary: "A tax invoice as a PDF: the account, the period, the fees by kind and the total",
    tags: ["Documents"],
    auth: ["secret", "account_session"],
    components: documentComponents,
    params: idParams,
    response: z.string().meta({ format: "binary" }),
    produces: "application/pdf",
  },
  async (input) => {
    const invoice = await invoiceOf(input, input.params.id);
    const bytes = await taxInvoicePdf(invoice);
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${taxInvoiceFilename(invoice)}"`,
        "cache-control": "no-store",
      },
    });
  },
);

/**
 * Tax invoices, derived from the ledger (never stored): the provider's fees charged to a
 * connected account are the `fee` of its balance transactions — a payment's processing fee,
 * the part a refund gives back (negative), a dispute's fee, an instant payout's fee. Each
 * calendar month (UTC) and currency with fees has one invoice, issued at the month's end by
 * the provider's clock (the current month is not invoiced yet), one line per kind of fee.
 * The sums are computed in SQL, one row per month, currency and kind.
 */
import { type Kysely, sql } from "kysely";
import type {
  TaxInvoice,
  TaxInvoiceLine,
  TaxInvoiceLineKind,
} from "../../protocol/objects/tax-invoice.schema.ts";
import type { Database } from "../db/schema.ts";
import type { Acting } from "../money/access.ts";

/** The first second of the month (UTC) that holds `t`, and of the month `offset` after it. */
export function monthStart(t: number, offset = 0): number {
  const d = new Date(t * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1) / 1000;
}

/** `acct_X` billed for May 2026 in usd: `tinv_X_202605_usd`. */
export function taxInvoiceId(accountId: string, periodStart: number, currency: string): string {
  const d = new Date(periodStart * 1000);
  const month = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  return `tinv_${accountId.replace(/^acct_/, "")}_${month}_${currency}`;
}

/** The account, month and currency an id names (undefined: no invoice id). */
export function parseTaxInvoiceId(
  id: string,
): { accountId: string; periodStart: number; currency: string } | undefined {
  const m = /^tinv_([A-Za-z0-9]+)_(\d{4})(\d{2})_([a-z]{3})$/.exec(id);
  if (!m) return undefined;
  const month = Number(m[3]);
  if (month < 1 || month > 12) return undefined;
  return {
    accountId: `acct_${m[1]}`,
    periodStart: Date.UTC(Number(m[2]), month - 1, 1) / 1000,
    currency: m[4]!,
  };
}

/** The invoice's printed number: `2026-05-USD-<last 6 of the account id>`. */
function invoiceNumber(accountId: string, periodStart: number, currency: string): string {
  const d = new Date(periodStart * 1000);
  const month = String(d.getUTCMonth() + 1).padStart(2, "0");
  return `${d.getUTCFullYear()}-${month}-${currency.toUpperCase()}-${accountId.slice(-6).toUpperCase()}`;
}

/** The kind of fee a ledger row's type carries. */
const kindOfType = sql<TaxInvoiceLineKind>`case type
  when 'charge' then 'payment_fees'
  when 'refund' then 'refunded_payment_fees'
  when 'adjustment' then 'dispute_fees'
  when 'payout' then 'instant_payout_fees'
  else 'other_fees' end`;

/** The order of the lines on an invoice. */
const lineOrder: readonly TaxInvoiceLineKind[] = [
  "payment_fees",
  "refunded_payment_fees",
  "dispute_fees",
  "instant_payout_fees",
  "other_fees",
];

/** The name printed on the account's invoices: its business name, else its company's. */
async function accountName(db: Kysely<Database>, accountId: string): Promise<string | null> {
  const row = await db
    .selectFrom("accounts")
    .select(["business_name", "company"])
    .where("id", "=", accountId)
    .executeTakeFirst();
  return row?.business_name ?? row?.company?.name ?? null;
}

export interface InvoiceScope {
  acting: Acting;
  /** The provider's clock: months that ended by then are invoiced. */
  now: number;
  /** Only this month (its first second) and currency: one invoice. */
  only?: { periodStart: number; currency: string };
}

/** The account's tax invoices, newest first (by issue date, then id, as lists page). */
export async function taxInvoices(
  db: Kysely<Database>,
  scope: InvoiceScope,
): Promise<TaxInvoice[]> {
  const { acting, only } = scope;
  const end = only
    ? Math.min(monthStart(only.periodStart, 1), monthStart(scope.now))
    : monthStart(scope.now);
  const start = only?.periodStart ?? 0;
  const month = sql<number>`extract(epoch from date_trunc('month', to_timestamp(created) at time zone 'UTC') at time zone 'UTC')::int8`;
  const rows = await db
    .selectFrom((qb) =>
      qb
        .selectFrom("balance_transactions")
        .select(["currency", "fee", month.as("month"), kindOfType.as("kind")])
        .where("account_id", "=", acting.accountId)
        .where("fee", "<>", 0)
        .where("created", ">=", start)
        .where("created", "<", end)
        .$if(only !== undefined, (q) => q.where("currency", "=", only?.currency ?? ""))
        .as("fees"),
    )
    .select([
      "currency",
      "month",
      "kind",
      sql<number>`count(*)::int8`.as("quantity"),
      sql<number>`sum(fee)::int8`.as("amount"),
    ])
    .groupBy(["currency", "month", "kind"])
    .execute();
  if (rows.length === 0) return [];
  const name = await accountName(db, acting.accountId);
  const byInvoice = new Map<string, TaxInvoice>();
  for (const row of rows) {
    const periodStart = Number(row.month);
    const id = taxInvoiceId(acting.accountId, periodStart, row.currency);
    let invoice = byInvoice.get(id);
    if (!invoice) {
      const periodEnd = monthStart(periodStart, 1);
      invoice = {
        id,
        object: "tax_invoice",
        number: invoiceNumber(acting.accountId, periodStart, row.currency),
        account: acting.accountId,
        account_name: name,
        currency: row.currency,
        period_start: periodStart,
        period_end: periodEnd,
        created: periodEnd,
        lines: [],
        total: 0,
        livemode: acting.livemode,
      };
      byInvoice.set(id, invoice);
    }
    const line: TaxInvoiceLine = {
      kind: row.kind,
      quantity: Number(row.quantity),
      amount: Number(row.amount),
    };
    invoice.lines.push(line);
    invoice.total += line.amount;
  }
  const invoices = [...byInvoice.values()];
  for (const invoice of invoices) {
    invoice.lines.sort((a, b) => lineOrder.indexOf(a.kind) - lineOrder.indexOf(b.kind));
  }
  return invoices.sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** One invoice of the account by id (undefined: none — another account's, or no fees). */
export async function taxInvoice(
  db: Kysely<Database>,
  scope: Omit<InvoiceScope, "only">,
  id: string,
): Promise<TaxInvoice | undefined> {
  const named = parseTaxInvoiceId(id);
  if (!named || named.accountId !== scope.acting.accountId) return undefined;
  const [invoice] = await taxInvoices(db, { ...scope, only: named });
  return invoice?.id === id ? invoice : undefined;
}

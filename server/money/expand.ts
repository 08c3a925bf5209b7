/**
 * `expand[]` for the money objects: `balance_transaction` (charges, refunds, payouts) and
 * `failure_balance_transaction` (payouts),
 * `charge` (refunds, disputes) and `destination` (payouts: the bank account or debit card)
 * become the objects they name; in lists the paths are `data.<field>`. Rows are fetched in
 * one query per field, from the same account only.
 */
import type { Kysely } from "kysely";
import { renderExternalAccount } from "../accounts/model.ts";
import type { Database } from "../db/schema.ts";
import { renderBalanceTransaction, renderCharge } from "./render.ts";

export type ExpandableField =
  | "balance_transaction"
  | "failure_balance_transaction"
  | "charge"
  | "destination";

async function expandField(
  db: Kysely<Database>,
  accountId: string,
  objects: Record<string, unknown>[],
  field: ExpandableField,
  now: number,
) {
  const ids = [
    ...new Set(objects.map((o) => o[field]).filter((v): v is string => typeof v === "string")),
  ];
  if (ids.length === 0) return;
  const found = new Map<string, unknown>();
  if (field === "balance_transaction" || field === "failure_balance_transaction") {
    const rows = await db
      .selectFrom("balance_transactions")
      .selectAll()
      .where("account_id", "=", accountId)
      .where("id", "in", ids)
      .execute();
    for (const row of rows) found.set(row.id, renderBalanceTransaction(row, now));
  } else if (field === "destination") {
    // A deleted external account is kept (soft delete), so a past payout still shows where it went.
    const rows = await db
      .selectFrom("external_accounts")
      .selectAll()
      .where("account_id", "=", accountId)
      .where("id", "in", ids)
      .execute();
    for (const row of rows) found.set(row.id, renderExternalAccount(row, now));
  } else {
    const rows = await db
      .selectFrom("charges")
      .leftJoin("disputes", "disputes.charge", "charges.id")
      .selectAll("charges")
      .select("disputes.id as dispute_id")
      .where("charges.account_id", "=", accountId)
      .where("charges.id", "in", ids)
      .execute();
    for (const { dispute_id, ...row } of rows) found.set(row.id, renderCharge(row, dispute_id));
  }
  for (const object of objects) {
    const id = object[field];
    if (typeof id === "string" && found.has(id)) object[field] = found.get(id);
  }
}

/** Expands `paths` (as validated by the route) on one object. */
export async function expandOne<T extends object>(
  db: Kysely<Database>,
  accountId: string,
  object: T,
  paths: readonly string[],
  now: number,
): Promise<T> {
  for (const path of paths) {
    await expandField(
      db,
      accountId,
      [object as Record<string, unknown>],
      path as ExpandableField,
      now,
    );
  }
  return object;
}

/** Expands `data.<field>` paths on a list page's objects. */
export async function expandList<T extends { data: object[] }>(
  db: Kysely<Database>,
  accountId: string,
  page: T,
  paths: readonly string[],
  now: number,
): Promise<T> {
  for (const path of paths) {
    const field = path.replace(/^data\./, "") as ExpandableField;
    await expandField(db, accountId, page.data as Record<string, unknown>[], field, now);
  }
  return page;
}

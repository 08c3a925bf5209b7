/** Where a payout goes: the account's default external account for the currency. */
import type { Kysely } from "kysely";
import type { PayoutFailureCode } from "../../protocol/objects/payout.schema.ts";
import type { Database } from "../db/schema.ts";
import { invalidRequest } from "../http/errors.ts";
import { bankStatus } from "./requirements.ts";

export interface PayoutDestination {
  id: string;
  /** Sandbox: the bank returns payouts to it, with this code. */
  payoutFailureCode: PayoutFailureCode | null;
}

/** The default external account for `currency`, as read (also within one larger statement). */
export function defaultExternalAccountQuery(
  db: Kysely<Database>,
  accountId: string,
  currency: string,
) {
  return db
    .selectFrom("external_accounts")
    .select(["id", "bank_outcome", "created", "payout_failure_code"])
    .where("account_id", "=", accountId)
    .where("currency", "=", currency)
    .where("default_for_currency", "=", true)
    .where("deleted_at", "is", null);
}

export type DefaultExternalAccountRow = Awaited<
  ReturnType<ReturnType<typeof defaultExternalAccountQuery>["executeTakeFirstOrThrow"]>
>;

/** That account as a payout destination, or null when there is none or it cannot receive money. */
export function destinationOf(
  row: DefaultExternalAccountRow | undefined | null,
  now: number,
): PayoutDestination | null {
  if (!row || bankStatus(row.bank_outcome, row.created, now) === "errored") return null;
  return { id: row.id, payoutFailureCode: row.payout_failure_code };
}

/** The default external account for `currency` that can receive money, or null. */
export async function payoutDestination(
  db: Kysely<Database>,
  accountId: string,
  currency: string,
  now: number,
): Promise<PayoutDestination | null> {
  return destinationOf(
    await defaultExternalAccountQuery(db, accountId, currency).executeTakeFirst(),
    now,
  );
}

/** The destination, or the 400 that refuses the payout before anything is written. */
export async function requirePayoutDestination(
  db: Kysely<Database>,
  accountId: string,
  currency: string,
  now: number,
): Promise<PayoutDestination> {
  return destinationOrRefusal(await payoutDestination(db, accountId, currency, now), currency);
}

/** The destination, or the 400 that refuses the payout (no default account that can receive it). */
export function destinationOrRefusal(
  destination: PayoutDestination | null,
  currency: string,
): PayoutDestination {
  if (destination === null) {
    throw invalidRequest(
      `The account has no default external account for ${currency} that can receive payouts. Add a bank account or debit card in ${currency} first.`,
      { code: "no_external_account", param: "currency" },
    );
  }
  return destination;
}

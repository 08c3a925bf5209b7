/** Test helpers of the money core: a platform with a connected account, and its calls. */

import type { Kysely } from "kysely";
import { endpoints } from "../../protocol/endpoints.ts";
import type { Database } from "../db/schema.ts";
import type { testApi } from "../test/api.ts";

export type Api = ReturnType<typeof testApi>;

/** The sandbox's verified US bank account (server/README.md, "Sandbox magic values"). */
export const sandboxBankAccount = {
  object: "bank_account",
  country: "US",
  currency: "usd",
  routing_number: "110000000",
  account_number: "000123456789",
} as const;

/** A US bank account the sandbox validates, whose payouts the bank returns (account_closed). */
export const failingBankAccount = {
  ...sandboxBankAccount,
  account_number: "000111111113",
} as const;

export async function connectedAccount(
  api: Api,
  externalAccount: object = sandboxBankAccount,
  /** Further parameters of the account (e.g. `controller`). */
  params: Record<string, unknown> = {},
) {
  const p = await api.platform();
  // A US bank account in usd, so payouts have their destination.
  const account = await api.post("/v1/accounts", {
    key: p.secretKey,
    params: { type: "custom", external_account: externalAccount, ...params },
  });
  const accountId = account.body.id as string;
  const headers = { [api.headers.account]: accountId };
  const as = { key: p.secretKey, headers };
  return {
    ...p,
    accountId,
    /** Options acting for the account with the platform's secret key. */
    as,
    charge: (params: Record<string, unknown>) =>
      api.post("/v1/charges", {
        ...as,
        params: { currency: "usd", payment_method: "pm_card_visa", ...params },
      }),
    balance: async () => (await api.get("/v1/balance", as)).body,
    /** A claimed account-session key for this account. */
    sessionKey: async (components: Record<string, unknown>) => {
      const session = await api.post("/v1/account_sessions", {
        key: p.secretKey,
        params: { account: accountId, components },
      });
      const claimed = await api.post(endpoints.claim, {
        params: { client_secret: session.body.client_secret, key: p.publishableKey },
      });
      return claimed.body.api_key as string;
    },
  };
}

/** The amount of `currency` in a balance list (0 when absent). */
export const amountIn = (list: { amount: number; currency: string }[], currency = "usd") =>
  list.find((m) => m.currency === currency)?.amount ?? 0;

/** How many charges and ledger rows an account has: what a retried charge must move once. */
export async function chargesOf(db: Kysely<Database>, accountId: string) {
  const charges = await db
    .selectFrom("charges")
    .select("id")
    .where("account_id", "=", accountId)
    .execute();
  const ledger = await db
    .selectFrom("balance_transactions")
    .select("id")
    .where("account_id", "=", accountId)
    .execute();
  return { charges: charges.length, ledger: ledger.length };
}

/**
 * External accounts, the payout destinations: bank accounts checked by country (IBAN with
 * ibantools, US routing checksum, sort codes; CA, AU and JP by the protocol's `localBankParts`) and debit cards from
 * test tokens. The account number is used to derive last4 and a fingerprint, then dropped.
 */
import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import type { Insertable } from "kysely";
import {
  checkLocalAccountNumber,
  checkLocalRoutingNumber,
  localBankFormatOf,
  localBankParts,
} from "../../protocol/objects/external-account.schema.ts";
import type { PayoutFailureCode } from "../../protocol/objects/payout.schema.ts";
import { invalidRequest } from "../http/errors.ts";
import { newId, sha256 } from "../http/secrets.ts";
import type { BankOutcome, ExternalAccountsTable } from "./account.tables.ts";
import type { BankAccountParams } from "./account-params.ts";
import { regionOf } from "./requirements.ts";

/** Sandbox magic values (server/README.md). */
export const bankMagic = {
  routing: "110000000",
  accountOk: "000123456789",
  accountErrored: "000111111116",
} as const;

/**
 * Sandbox magic: a bank account whose number ends so is validated, but the bank returns
 * every payout to it once submitted, with this failure code (server/README.md).
 */
export const payoutFailureAccountNumbers: Readonly<Record<string, PayoutFailureCode>> = {
  "000111111113": "account_closed",
  "000222222227": "no_account",
  "000333333335": "could_not_process",
};

/**
 * Sandbox magic for the local formats whose account numbers are too short for the endings
 * above (AU 5–9 digits, JP 7): the whole account number, per country (server/README.md).
 * Their `verified` routing and account are in `localBankMagic`.
 */
export const shortPayoutFailureAccountNumbers: Readonly<
  Record<string, Readonly<Record<string, PayoutFailureCode>>>
> = {
  AU: { "000111113": "account_closed", "000222227": "no_account" },
  JP: { "0111113": "account_closed", "0222227": "no_account" },
};

/** Sandbox magic per local format: a verified routing + account, an errored account. */
export const localBankMagic: Readonly<
  Record<string, { routing: string; accountOk: string; accountErrored: string }>
> = {
  CA: {
    routing: "11000000",
    accountOk: bankMagic.accountOk,
    accountErrored: bankMagic.accountErrored,
  },
  AU: { routing: "110000", accountOk: "000123456", accountErrored: "000111116" },
  JP: { routing: "1100000", accountOk: "0001234", accountErrored: "0111116" },
};

export function payoutFailureOf(accountNumber: string, country?: string): PayoutFailureCode | null {
  const short = country ? shortPayoutFailureAccountNumbers[country]?.[accountNumber] : undefined;
  if (short) return short;
  for (const [ending, code] of Object.entries(payoutFailureAccountNumbers)) {
    if (accountNumber.endsWith(ending)) return code;
  }
  return null;
}

/** Debit-card test tokens. */
export const debitCardTokens: Record<string, { brand: string; last4: string }> = {
  tok_visa_debit: { brand: "Visa", last4: "5556" },
  tok_mastercard_debit: { brand: "MasterCard", last4: "8210" },
};
/** Credit-card tokens the charges use; they cannot receive payouts. */
const creditCardTokens = new Set(["tok_visa", "tok_mastercard", "tok_amex"]);

/** The ABA checksum of a US routing number: 3·7·1 weights over the nine digits. */
export function validUsRouting(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = [0, 3, 6].reduce((s, i) => s + 3 * d[i]! + 7 * d[i + 1]! + d[i + 2]!, 0);
  return sum % 10 === 0;
}

interface BankCheck {
  country?: string;
  routing: string | null;
  number: string;
}

const bad = (param: string, message: string) =>
  invalidRequest(message, { code: "parameter_invalid", param });

/** Validates a bank account for its country; returns the normalised routing and number. */
export function checkBankAccount(p: BankAccountParams, prefix: string): BankCheck {
  const region = regionOf(p.country);
  const number = p.account_number.replace(/[\s-]/g, "");
  const param = (f: string) => `${prefix}[${f}]`;
  const iban = electronicFormatIBAN(number) ?? "";
  const looksLikeIban = /^[A-Z]{2}\d{2}/.test(iban);
  if (region === "EU" || (region === "GB" && looksLikeIban)) {
    if (!isValidIBAN(iban)) throw bad(param("account_number"), "Invalid IBAN.");
    if (iban.slice(0, 2) !== p.country) {
      throw bad(param("account_number"), `The IBAN is not from ${p.country}.`);
    }
    return { routing: null, number: iban };
  }
  const routing = (p.routing_number ?? "").replace(/[\s-]/g, "");
  const need = (ok: boolean, field: string, what: string) => {
    if (!ok) throw bad(param(field), `Invalid ${field}: ${what}.`);
  };
  const local = localBankFormatOf(p.country);
  if (local) {
    // CA, AU, JP: the protocol's rules (the payout-account form applies the same).
    const rule = localBankParts[local];
    const localRouting = checkLocalRoutingNumber(local, p.routing_number ?? "");
    const parts = rule.routing.map((r) => `${r.name} (${r.min} digits)`).join(" + ");
    need(localRouting !== null, "routing_number", parts);
    const localNumber = checkLocalAccountNumber(local, p.account_number);
    need(
      localNumber !== null,
      "account_number",
      `${rule.account.min} to ${rule.account.max} digits`,
    );
    return { country: p.country, routing: localRouting, number: localNumber ?? "" };
  }
  switch (region) {
    case "US":
      need(validUsRouting(routing), "routing_number", "a nine-digit ABA routing number");
      need(/^\d{4,17}$/.test(number), "account_number", "4 to 17 digits");
      break;
    case "GB":
      need(/^\d{6}$/.test(routing), "routing_number", "a six-digit sort code");
      need(/^\d{8}$/.test(number), "account_number", "8 digits, or an IBAN");
      break;
    default:
      need(/^[0-9A-Z]{4,34}$/.test(number), "account_number", "4 to 34 letters or digits");
  }
  return { routing: routing || null, number };
}

/** What the bank check settles on (magic values; any other valid account validates). */
export function bankOutcomeOf(check: BankCheck): BankOutcome {
  const local = check.country ? localBankMagic[check.country] : undefined;
  if (local && check.number === local.accountErrored) return "errored";
  if (local && check.routing === local.routing && check.number === local.accountOk)
    return "verified";
  if (check.number.endsWith(bankMagic.accountErrored)) return "errored";
  if (check.routing === bankMagic.routing && check.number === bankMagic.accountOk)
    return "verified";
  return "validated";
}

type NewExternalAccount = Insertable<ExternalAccountsTable>;

/** The row of a new bank account (default_for_currency decided by the caller). */
export function bankAccountRow(
  account: { id: string; platform_id: string },
  p: BankAccountParams,
  prefix: string,
  now: number,
): NewExternalAccount {
  const check = checkBankAccount(p, prefix);
  return {
    id: newId("ba"),
    platform_id: account.platform_id,
    account_id: account.id,
    object: "bank_account",
    country: p.country,
    currency: p.currency,
    default_for_currency: false,
    last4: check.number.slice(-4),
    fingerprint: sha256(`${p.country}:${check.routing ?? ""}:${check.number}`).slice(0, 16),
    account_holder_name: p.account_holder_name ?? null,
    account_holder_type: p.account_holder_type ?? null,
    routing_number: check.routing,
    bank_name: check.routing === bankMagic.routing ? "Sandbox Test Bank" : null,
    bank_outcome: bankOutcomeOf(check),
    payout_failure_code: payoutFailureOf(check.number, p.country),
    brand: null,
    exp_month: null,
    exp_year: null,
    funding: null,
    metadata: JSON.stringify(p.metadata ?? {}),
    created: now,
    deleted_at: null,
  };
}

/** The row of a debit card from a test token, in the account's country and currency. */
export function debitCardRow(
  account: { id: string; platform_id: string; country: string; default_currency: string },
  token: string,
  param: string,
  now: number,
  currency?: string,
): NewExternalAccount {
  const card = debitCardTokens[token];
  if (!card) {
    if (creditCardTokens.has(token)) {
      throw invalidRequest("Only debit cards can receive payouts.", {
        code: "card_not_debit",
        param,
      });
    }
    throw invalidRequest(`No such token: '${token}'`, { code: "resource_missing", param });
  }
  return {
    id: newId("card"),
    platform_id: account.platform_id,
    account_id: account.id,
    object: "card",
    country: account.country,
    currency: currency ?? account.default_currency,
    default_for_currency: false,
    last4: card.last4,
    fingerprint: sha256(`card:${token}`).slice(0, 16),
    account_holder_name: null,
    account_holder_type: null,
    routing_number: null,
    bank_name: null,
    bank_outcome: null,
    payout_failure_code: null,
    brand: card.brand,
    exp_month: 12,
    exp_year: new Date(now * 1000).getUTCFullYear() + 3,
    funding: "debit",
    metadata: "{}",
    created: now,
    deleted_at: null,
  };
}

/**
 * The sandbox's bank connections: a few test institutions per payout bank country, each with
 * two or three test accounts whose numbers pass the provider's own checks (`checkBankAccount`:
 * a US routing checksum, an IBAN of the country, the CA, AU and JP local formats). Linking one creates the payout bank account
 * from the institution's data, verified at once (the connection proves the account is the
 * person's). A session whose enabled component sets `disable_bank_connections` may neither
 * list nor link (403 `bank_connections_disabled`).
 */
import { sessionDisablesBankConnections } from "../../protocol/catalogue/features.ts";
import type { BankConnectionInstitution } from "../../protocol/objects/bank-connection.schema.ts";
import {
  type PayoutBankCountry,
  payoutBankCountries,
} from "../../protocol/objects/external-account.schema.ts";
import type { Principal } from "../http/context.ts";
import { invalidRequest, permissionError } from "../http/errors.ts";
import type { BankAccountParams } from "./account-params.ts";

/** An IBAN of `country` from its BBAN, with its mod-97 check digits. */
export function ibanOf(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return `${country}${String(98 - rest).padStart(2, "0")}${bban}`;
}

interface SandboxAccount {
  kind: "checking" | "savings";
  /** The account number (US) or the IBAN. */
  number: string;
}
interface SandboxInstitution {
  id: string;
  name: string;
  country: PayoutBankCountry;
  routing: string | null;
  accounts: SandboxAccount[];
}

const us = (id: string, name: string, routing: string, accounts: SandboxAccount[]) => ({
  id,
  name,
  country: "US" as const,
  routing,
  accounts,
});
const iban = (
  country: PayoutBankCountry,
  id: string,
  name: string,
  accounts: [SandboxAccount["kind"], string][],
): SandboxInstitution => ({
  id,
  name,
  country,
  routing: null,
  accounts: accounts.map(([kind, bban]) => ({ kind, number: ibanOf(country, bban) })),
});

/** An institution with a local routing number (CA transit-institution, AU BSB, JP bank+branch). */
const local = (
  country: "CA" | "AU" | "JP",
  id: string,
  name: string,
  routing: string,
  accounts: SandboxAccount[],
): SandboxInstitution => ({ id, name, country, routing, accounts });

/** The test institutions, by payout bank country; each account's id is its institution's + kind. */
export const sandboxInstitutions: readonly SandboxInstitution[] = [
  us("bcinst_us_sandbox_bank", "Sandbox Bank", "110000000", [
    { kind: "checking", number: "000123456789" },
    { kind: "savings", number: "000555554321" },
  ]),
  us("bcinst_us_test_credit_union", "Test Credit Union", "011000015", [
    { kind: "checking", number: "4400123400" },
    { kind: "savings", number: "4400567800" },
  ]),
  iban("DE", "bcinst_de_testbank", "Testbank Berlin", [
    ["checking", "370400440532013000"],
    ["savings", "370400440532013011"],
  ]),
  iban("FR", "bcinst_fr_banque_essai", "Banque d'Essai", [
    ["checking", "20041010050500013M02606"],
    ["savings", "30006000011234567890189"],
  ]),
  iban("NL", "bcinst_nl_proefbank", "Proefbank", [
    ["checking", "ABNA0417164300"],
    ["savings", "ABNA0417164311"],
  ]),
  iban("ES", "bcinst_es_banco_pruebas", "Banco de Pruebas", [
    ["checking", "21000418450200051332"],
    ["savings", "21000813610123456789"],
  ]),
  iban("IT", "bcinst_it_banca_prova", "Banca di Prova", [
    ["checking", "X0542811101000000123456"],
    ["savings", "X0542811101000000123467"],
  ]),
  iban("AT", "bcinst_at_testbank", "Testbank Wien", [["checking", "1904300234573201"]]),
  iban("BE", "bcinst_be_testbank", "Banque Test", [["checking", "539007547034"]]),
  iban("IE", "bcinst_ie_test_bank", "Test Bank of Ireland", [
    ["checking", "AIBK93115212345678"],
    ["savings", "AIBK93115212345689"],
  ]),
  iban("GB", "bcinst_gb_sandbox_bank", "Sandbox Bank UK", [
    ["checking", "NWBK60161331926819"],
    ["savings", "NWBK60161331926820"],
  ]),
  iban("GB", "bcinst_gb_test_building_society", "Test Building Society", [
    ["savings", "BUKB20201555555555"],
  ]),
  local("CA", "bcinst_ca_test_trust", "Test Trust Company", "02101-003", [
    { kind: "checking", number: "1234567" },
    { kind: "savings", number: "7654321012" },
  ]),
  local("AU", "bcinst_au_sandbox_bank", "Sandbox Bank Australia", "062000", [
    { kind: "checking", number: "12345678" },
    { kind: "savings", number: "87654321" },
  ]),
  local("JP", "bcinst_jp_test_ginko", "Test Ginko", "0001001", [
    { kind: "checking", number: "1234567" },
    { kind: "savings", number: "7654321" },
  ]),
];

const accountId = (institution: SandboxInstitution, account: SandboxAccount) =>
  `${institution.id.replace(/^bcinst_/, "bcacct_")}_${account.kind}`;

const currencyOf = (institution: SandboxInstitution) =>
  payoutBankCountries[institution.country].currency;

/** An institution as the API shows it: its accounts by kind and last four digits only. */
export function renderInstitution(institution: SandboxInstitution): BankConnectionInstitution {
  return {
    id: institution.id,
    object: "bank_connection_institution",
    name: institution.name,
    country: institution.country,
    currency: currencyOf(institution),
    accounts: institution.accounts.map((a) => ({
      id: accountId(institution, a),
      object: "bank_connection_account",
      kind: a.kind,
      last4: a.number.slice(-4),
    })),
  };
}

/** The institutions of a country that hold accounts in `currency` (none for another one). */
export function institutionsOf(country: string, currency: string): SandboxInstitution[] {
  return sandboxInstitutions.filter((i) => i.country === country && currencyOf(i) === currency);
}

/**
 * The bank account a link creates: the chosen account of the chosen institution, in the
 * currency the flow replaces the payout account of. Unknown institution or account, or an
 * institution of another currency: a typed 400 naming the parameter.
 */
export function linkedBankAccount(link: {
  institution: string;
  account: string;
  currency: string;
}): { params: BankAccountParams; institution: SandboxInstitution } {
  const institution = sandboxInstitutions.find((i) => i.id === link.institution);
  if (!institution) {
    throw invalidRequest(`No such institution: '${link.institution}'`, {
      code: "resource_missing",
      param: "bank_connection[institution]",
    });
  }
  const account = institution.accounts.find((a) => accountId(institution, a) === link.account);
  if (!account) {
    throw invalidRequest(`${institution.name} has no account '${link.account}'.`, {
      code: "resource_missing",
      param: "bank_connection[account]",
    });
  }
  const currency = currencyOf(institution);
  if (link.currency !== currency) {
    throw invalidRequest(
      `${institution.name} holds ${currency} accounts, not ${link.currency} ones.`,
      { code: "bank_connection_currency_mismatch", param: "bank_connection[currency]" },
    );
  }
  return {
    institution,
    params: {
      object: "bank_account",
      country: institution.country,
      currency,
      account_number: account.number,
      ...(institution.routing ? { routing_number: institution.routing } : {}),
    },
  };
}

/**
 * Bank connections are refused to a session that turns them off: an enabled component that
 * manages the payout account sets `disable_bank_connections`. The secret key may always.
 */
export function requireBankConnectionsAllowed(principal: Principal): void {
  if (principal.kind !== "account_session") return;
  if (sessionDisablesBankConnections(principal.components)) {
    throw permissionError(
      "This account session turns bank connections off: enter the bank details instead.",
      "bank_connections_disabled",
    );
  }
}

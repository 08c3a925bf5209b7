/**
 * Checks for bank accounts and tax ids, pure so form machines and inputs share them.
 * IBAN by `ibantools` (country length and mod-97); a US routing number by its ABA checksum;
 * tax ids by the protocol's rules (`protocol/objects/tax-ids.ts`), which the provider applies
 * too.
 */
import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from "ibantools";
import type { Checked } from "../../protocol/objects/tax-ids.ts";

/** An IBAN as typed ("de89 3704 0044 0532 0130 00") → electronic form, or refused. */
export function checkIban(text: string): Checked {
  const value = electronicFormatIBAN(text) ?? "";
  if (!isValidIBAN(value)) return { ok: false };
  return { ok: true, value, display: friendlyFormatIBAN(value) ?? value };
}

/** A US ABA routing number: nine digits whose 3-7-1 weighted sum is a multiple of ten. */
export function checkUsRoutingNumber(text: string): Checked {
  const value = text.replace(/[\s-]/g, "");
  if (!/^\d{9}$/.test(value)) return { ok: false };
  const d = [...value].map(Number);
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = d.reduce((total, digit, i) => total + digit * (weights[i] ?? 0), 0);
  return sum % 10 === 0 ? { ok: true, value, display: value } : { ok: false };
}

/** A US bank account number: 4 to 17 digits (banks set their own lengths). */
export function checkUsAccountNumber(text: string): Checked {
  const value = text.replace(/[\s-]/g, "");
  return /^\d{4,17}$/.test(value) ? { ok: true, value, display: value } : { ok: false };
}

export {
  type Checked,
  checkTaxId,
  companyTaxIdKind,
  personIdNumberKind,
  type TaxIdKind,
} from "../../protocol/objects/tax-ids.ts";

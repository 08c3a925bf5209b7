/**
 * Checks for bank accounts and tax ids, pure so form machines and inputs share them.
 * IBAN by `ibantools` (country length and mod-97); a US routing number by its ABA checksum;
 * tax ids by the protocol's rules (`protocol/objects/tax-ids.ts`), which the provider applies
 * too.
 */
import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from "ibantools";
import {
  checkLocalAccountNumber,
  checkLocalBankPart as checkPartDigits,
  type LocalBankFormat,
  type LocalBankPart,
  localBankParts,
} from "../../protocol/objects/external-account.schema.ts";
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

/**
 * One part of a CA, AU or JP routing number (transit, institution, BSB, bank or branch code)
 * by the protocol's rule; a BSB is shown "000-000".
 */
export function checkLocalBankPart(
  format: LocalBankFormat,
  part: LocalBankPart,
  text: string,
): Checked {
  const value = checkPartDigits(format, part, text);
  if (value === null) return { ok: false };
  const display = part === "bsb" ? `${value.slice(0, 3)}-${value.slice(3)}` : value;
  return { ok: true, value, display };
}

/** A CA, AU or JP account number by the protocol's rule (JP: 1–7 digits, zero-padded). */
export function checkLocalAccount(format: LocalBankFormat, text: string): Checked {
  const value = checkLocalAccountNumber(format, text);
  return value === null ? { ok: false } : { ok: true, value, display: value };
}

/** The routing number of a local format from its parts' digits (null while one is missing). */
export function joinLocalRouting(
  format: LocalBankFormat,
  parts: readonly (string | null)[],
): string | null {
  return parts.every((part) => part !== null) ? parts.join(localBankParts[format].joiner) : null;
}

/** A local routing number's parts (each null when the number is missing or refused). */
export function splitLocalRouting(
  format: LocalBankFormat,
  routing: string | null,
): (string | null)[] {
  const rules = localBankParts[format].routing;
  const digits = routing?.replace(/[\s-]/g, "") ?? "";
  const total = rules.reduce((sum, rule) => sum + rule.max, 0);
  if (!/^\d+$/.test(digits) || digits.length !== total) return rules.map(() => null);
  let at = 0;
  return rules.map((rule) => {
    at += rule.max;
    return digits.slice(at - rule.max, at);
  });
}

export {
  type Checked,
  checkTaxId,
  companyTaxIdKind,
  personIdNumberKind,
  type TaxIdKind,
} from "../../protocol/objects/tax-ids.ts";
export type { LocalBankFormat, LocalBankPart };

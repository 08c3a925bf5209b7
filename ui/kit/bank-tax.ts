/**
 * Checks for bank accounts and tax ids, pure so form machines and inputs share them.
 * IBAN by `ibantools` (country length and mod-97); a US routing number by its ABA checksum;
 * tax ids by each country's published shape (and checksum where one exists).
 */
import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from "ibantools";

export type Checked = { ok: true; value: string; display: string } | { ok: false };

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

export type TaxIdKind = "us_ein" | "us_ssn" | "us_ssn_last4" | "gb_vat" | "de_vat" | "fr_siren";

/** Luhn: FR SIREN numbers carry it. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** A tax id as typed → the value to send and the way it is usually written, or refused. */
export function checkTaxId(kind: TaxIdKind, text: string): Checked {
  const compact = text.toUpperCase().replace(/[\s.\-/]/g, "");
  switch (kind) {
    case "us_ein": {
      if (!/^\d{9}$/.test(compact)) return { ok: false };
      return { ok: true, value: compact, display: `${compact.slice(0, 2)}-${compact.slice(2)}` };
    }
    case "us_ssn": {
      // The Social Security Administration never issues area 000, 666 or 900–999, group 00
      // or serial 0000.
      const match = /^(\d{3})(\d{2})(\d{4})$/.exec(compact);
      if (!match) return { ok: false };
      const [, area = "", group = "", serial = ""] = match;
      if (area === "000" || area === "666" || area >= "900" || group === "00" || serial === "0000")
        return { ok: false };
      return { ok: true, value: compact, display: `${area}-${group}-${serial}` };
    }
    case "us_ssn_last4":
      return /^\d{4}$/.test(compact)
        ? { ok: true, value: compact, display: compact }
        : { ok: false };
    case "gb_vat": {
      const digits = compact.replace(/^GB/, "");
      if (!/^(\d{9}|\d{12})$/.test(digits)) return { ok: false };
      const value = `GB${digits}`;
      const display = `GB ${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7, 9)}${digits.length === 12 ? ` ${digits.slice(9)}` : ""}`;
      return { ok: true, value, display };
    }
    case "de_vat": {
      const digits = compact.replace(/^DE/, "");
      if (!/^[1-9]\d{8}$/.test(digits)) return { ok: false };
      // ISO 7064 MOD 11,10: the ninth digit checks the first eight.
      let product = 10;
      for (const c of digits.slice(0, 8)) {
        let sum = (Number(c) + product) % 10;
        if (sum === 0) sum = 10;
        product = (2 * sum) % 11;
      }
      const check = (11 - product) % 10;
      if (check !== Number(digits[8])) return { ok: false };
      return { ok: true, value: `DE${digits}`, display: `DE${digits}` };
    }
    case "fr_siren": {
      if (!/^\d{9}$/.test(compact) || !luhn(compact)) return { ok: false };
      const display = `${compact.slice(0, 3)} ${compact.slice(3, 6)} ${compact.slice(6)}`;
      return { ok: true, value: compact, display };
    }
  }
}

/**
 * Tax ids and personal id numbers by each country's published shape and check digit where
 * the scheme has one: one definition for the kit's tax id input (its check and example), the
 * frames' forms (nothing malformed is sent) and the provider (which refuses the same values
 * by `param`, `company[tax_id]` and `…[id_number]`, and keeps the normalised value). Which
 * kind an account's country uses is in `companyTaxIdKinds` and `personIdNumberKinds`; a
 * country with neither keeps the loose check (`looseIdPattern`).
 */

/** A value as typed → the value to send and the way it is usually written, or refused. */
export type Checked = { ok: true; value: string; display: string } | { ok: false };

export type TaxIdKind =
  | "us_ein"
  | "us_ssn"
  | "us_ssn_last4"
  | "gb_vat"
  | "gb_crn"
  | "gb_nino"
  | "de_vat"
  | "de_tin"
  | "fr_siren"
  | "fr_nir"
  | "ca_bn"
  | "ca_sin"
  | "au_abn"
  | "au_tfn"
  | "jp_cn"
  | "jp_my_number";

/** The kind of `company[tax_id]` in each country whose company tax ids are checked. */
export const companyTaxIdKinds: Readonly<Record<string, TaxIdKind>> = {
  US: "us_ein",
  GB: "gb_crn",
  DE: "de_vat",
  FR: "fr_siren",
  CA: "ca_bn",
  AU: "au_abn",
  JP: "jp_cn",
};

/** The kind of a person's `id_number` in each country whose id numbers are checked. */
export const personIdNumberKinds: Readonly<Record<string, TaxIdKind>> = {
  US: "us_ssn",
  GB: "gb_nino",
  DE: "de_tin",
  FR: "fr_nir",
  CA: "ca_sin",
  AU: "au_tfn",
  JP: "jp_my_number",
};

/** What either field takes in a country without a rule. */
export const looseIdPattern = /^[0-9A-Za-z-]{4,30}$/;

/** The kind of `company[tax_id]` in `country` (any case), if it is checked. */
export const companyTaxIdKind = (country: string): TaxIdKind | undefined =>
  companyTaxIdKinds[country.toUpperCase()];

/** The kind of a person's `id_number` in `country` (any case), if it is checked. */
export const personIdNumberKind = (country: string): TaxIdKind | undefined =>
  personIdNumberKinds[country.toUpperCase()];

/** How each kind is usually written; the kit's field shows it as the example to follow. */
export const taxIdExamples: Readonly<Record<TaxIdKind, string>> = {
  us_ein: "12-3456789",
  us_ssn: "123-45-6789",
  us_ssn_last4: "1234",
  gb_vat: "GB 123 4567 89",
  gb_crn: "01234567",
  gb_nino: "AB 12 34 56 C",
  de_vat: "DE136695976",
  de_tin: "86 095 742 719",
  fr_siren: "123 456 782",
  fr_nir: "2 69 05 49 588 157 80",
  ca_bn: "123456782",
  ca_sin: "123 456 782",
  au_abn: "51 824 753 556",
  au_tfn: "123 456 782",
  jp_cn: "7000012050002",
  jp_my_number: "1234 5678 9018",
};

/** The kinds typed as digits only (the kit asks for the numeric keyboard). */
export const numericTaxIdKinds: ReadonlySet<TaxIdKind> = new Set<TaxIdKind>([
  "us_ein",
  "us_ssn",
  "us_ssn_last4",
  "de_tin",
  "fr_siren",
  "ca_bn",
  "ca_sin",
  "au_abn",
  "au_tfn",
  "jp_cn",
  "jp_my_number",
]);

const digitsOf = (text: string) => [...text].map(Number);

/** Luhn (ISO/IEC 7812-1): FR SIREN, the CA business number and the CA SIN carry it. */
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

const weighted = (digits: readonly number[], weights: readonly number[]) =>
  digits.reduce((total, digit, i) => total + digit * (weights[i] ?? 0), 0);

/**
 * AU ABN, the ATO's "Format of the ABN": subtract 1 from the first digit, weight the eleven
 * digits 10, 1, 3, 5, … 19; the sum is a multiple of 89.
 */
function abnValid(value: string): boolean {
  const d = digitsOf(value);
  d[0] = (d[0] ?? 0) - 1;
  return weighted(d, [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]) % 89 === 0;
}

/**
 * AU TFN: the digits weighted 1, 4, 3, 7, 5, 8, 6, 9, 10 (nine digits) or 10, 7, 8, 4, 6, 3,
 * 5, 1 (the older eight) sum to a multiple of 11.
 */
function tfnValid(value: string): boolean {
  const weights = value.length === 9 ? [1, 4, 3, 7, 5, 8, 6, 9, 10] : [10, 7, 8, 4, 6, 3, 5, 1];
  return weighted(digitsOf(value), weights) % 11 === 0;
}

/**
 * JP corporate number (法人番号), the National Tax Agency's rule (法人番号の指定等に関する省令
 * 第1条): the first digit is 9 − (Σ Pn × Qn mod 9) over the twelve base digits, Pn the n-th
 * from the right, Qn 1 when n is odd and 2 when even.
 */
function corporateNumberValid(value: string): boolean {
  const base = digitsOf(value.slice(1)).reverse();
  const sum = base.reduce((total, p, i) => total + p * ((i + 1) % 2 === 1 ? 1 : 2), 0);
  return 9 - (sum % 9) === Number(value[0]);
}

/**
 * JP My Number (個人番号), 行政手続における特定の個人を識別するための番号の利用等に関する法律
 * 施行令 第8条: the last digit is 11 − (Σ Pn × Qn mod 11) over the eleven base digits, Pn the
 * n-th from the right, Qn n + 1 for n ≤ 6 and n − 5 after; 0 when the remainder is 0 or 1.
 */
function myNumberValid(value: string): boolean {
  const base = digitsOf(value.slice(0, 11)).reverse();
  const sum = base.reduce((total, p, i) => total + p * (i + 1 <= 6 ? i + 2 : i - 4), 0);
  const remainder = sum % 11;
  return (remainder <= 1 ? 0 : 11 - remainder) === Number(value[11]);
}

/**
 * GB National Insurance number, HMRC's National Insurance Manual NIM39110: two prefix letters
 * (neither D, F, I, Q, U nor V; the second not O; not BG, GB, KN, NK, NT, TN or ZZ), six
 * digits and the suffix A, B, C or D.
 */
const ninoPattern = /^(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/;

/**
 * GB company registration numbers, Companies House: eight characters — eight digits for a
 * company of England and Wales, or one of these prefixes and six digits (SC Scotland, NI
 * Northern Ireland, R0 Northern Ireland before 1922; OC, SO, NC limited liability
 * partnerships; LP, SL, NL limited partnerships; SG Scottish qualifying partnerships; FC, SF,
 * NF overseas companies; BR UK establishments; RC, SR, NR royal charters; IP, SP, NP, RS
 * registered societies; IC, SI, NV investment companies with variable capital; CE, CS, NE
 * charitable incorporated organisations; GE, GS, GN European economic interest groupings; SE
 * Societas Europaea; AC, SA, NA assurance companies; ZC, SZ, NZ bodies not formed under the
 * Companies Acts; FE further education corporations).
 */
export const gbCompanyNumberPrefixes: ReadonlySet<string> = new Set([
  "SC",
  "NI",
  "R0",
  "OC",
  "SO",
  "NC",
  "LP",
  "SL",
  "NL",
  "SG",
  "FC",
  "SF",
  "NF",
  "BR",
  "RC",
  "SR",
  "NR",
  "IP",
  "SP",
  "NP",
  "RS",
  "IC",
  "SI",
  "NV",
  "CE",
  "CS",
  "NE",
  "GE",
  "GS",
  "GN",
  "SE",
  "AC",
  "SA",
  "NA",
  "ZC",
  "SZ",
  "NZ",
  "FE",
]);

/** ISO 7064 MOD 11,10 over `digits`: the check digit that follows them (DE VAT, DE TIN). */
function mod11_10(digits: string): number {
  let product = 10;
  for (const c of digits) {
    let sum = (Number(c) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10;
}

/**
 * DE Steuerliche Identifikationsnummer, the BZSt's rule (§ 139b AO; the structure of the
 * IdNr): eleven digits, the first not 0; among the first ten exactly one digit occurs twice
 * or three times (never three in a row) and every other at most once; the eleventh is the
 * ISO 7064 MOD 11,10 check digit of the first ten.
 */
function germanTinValid(value: string): boolean {
  const body = value.slice(0, 10);
  const counts = new Map<string, number>();
  for (const c of body) counts.set(c, (counts.get(c) ?? 0) + 1);
  const repeated = [...counts.entries()].filter(([, n]) => n > 1);
  if (repeated.length !== 1) return false;
  const [digit, times] = repeated[0]!;
  if (times > 3 || (times === 3 && body.includes(digit.repeat(3)))) return false;
  return mod11_10(body) === Number(value[10]);
}

/**
 * FR numéro d'inscription au répertoire (NIR, the social security number), INSEE: sex (1 or
 * 2; 3, 4, 7 or 8 for a provisional number), year, month (01–12, or 20–42 and 50–99 when
 * unknown), département (two digits, 2A or 2B for Corsica, 97/98 overseas), commune (three),
 * order (three), and the key: 97 − (the thirteen digits mod 97), Corsica's 2A and 2B counted
 * as 19 and 18.
 */
const nirPattern =
  /^[123478]\d{2}(?:0[1-9]|1[0-2]|[2-3]\d|4[0-2]|[5-9]\d)(?:\d{2}|2A|2B)\d{6}\d{2}$/;
function nirValid(value: string): boolean {
  if (!nirPattern.test(value)) return false;
  const digits = value.slice(0, 13).replace("2A", "19").replace("2B", "18");
  return 97 - Number(BigInt(digits) % 97n) === Number(value.slice(13));
}

const ok = (value: string, display = value): Checked => ({ ok: true, value, display });
const refused: Checked = { ok: false };
/** Groups of `sizes` characters, spaced. */
const grouped = (value: string, sizes: readonly number[]) => {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= value.length) break;
    parts.push(value.slice(at, at + size));
    at += size;
  }
  if (at < value.length) parts.push(value.slice(at));
  return parts.join(" ");
};

/** A tax id or id number of `kind` as typed → the value to send and its display, or refused. */
export function checkTaxId(kind: TaxIdKind, text: string): Checked {
  const compact = text.toUpperCase().replace(/[\s.\-/]/g, "");
  switch (kind) {
    case "us_ein":
      return /^\d{9}$/.test(compact)
        ? ok(compact, `${compact.slice(0, 2)}-${compact.slice(2)}`)
        : refused;
    case "us_ssn": {
      // The Social Security Administration never issues area 000, 666 or 900–999, group 00
      // or serial 0000.
      const match = /^(\d{3})(\d{2})(\d{4})$/.exec(compact);
      if (!match) return refused;
      const [, area = "", group = "", serial = ""] = match;
      if (area === "000" || area === "666" || area >= "900" || group === "00" || serial === "0000")
        return refused;
      return ok(compact, `${area}-${group}-${serial}`);
    }
    case "us_ssn_last4":
      return /^\d{4}$/.test(compact) ? ok(compact) : refused;
    case "gb_vat": {
      const digits = compact.replace(/^GB/, "");
      if (!/^(\d{9}|\d{12})$/.test(digits)) return refused;
      return ok(`GB${digits}`, `GB ${grouped(digits, [3, 4, 2])}`);
    }
    case "gb_crn":
      // Companies House: eight digits, or a prefix of its (SC, NI, OC, LP, …) and six digits.
      return /^\d{8}$/.test(compact) ||
        (/^[A-Z][A-Z0-9]\d{6}$/.test(compact) && gbCompanyNumberPrefixes.has(compact.slice(0, 2)))
        ? ok(compact)
        : refused;
    case "gb_nino":
      return ninoPattern.test(compact) ? ok(compact, grouped(compact, [2, 2, 2, 2])) : refused;
    case "de_vat": {
      const digits = compact.replace(/^DE/, "");
      if (!/^[1-9]\d{8}$/.test(digits)) return refused;
      // ISO 7064 MOD 11,10: the ninth digit checks the first eight.
      return mod11_10(digits.slice(0, 8)) === Number(digits[8]) ? ok(`DE${digits}`) : refused;
    }
    case "de_tin":
      return /^[1-9]\d{10}$/.test(compact) && germanTinValid(compact)
        ? ok(compact, grouped(compact, [2, 3, 3, 3]))
        : refused;
    case "fr_nir":
      return nirValid(compact) ? ok(compact, grouped(compact, [1, 2, 2, 2, 3, 3, 2])) : refused;
    case "fr_siren":
      return /^\d{9}$/.test(compact) && luhn(compact)
        ? ok(compact, grouped(compact, [3, 3, 3]))
        : refused;
    case "ca_bn":
      // The CRA's business number: nine digits under Luhn, as the SIN.
      return /^\d{9}$/.test(compact) && luhn(compact) ? ok(compact) : refused;
    case "ca_sin":
      // Service Canada issues no SIN starting with 0 or 8.
      return /^[1-79]\d{8}$/.test(compact) && luhn(compact)
        ? ok(compact, grouped(compact, [3, 3, 3]))
        : refused;
    case "au_abn":
      return /^[1-9]\d{10}$/.test(compact) && abnValid(compact)
        ? ok(compact, grouped(compact, [2, 3, 3, 3]))
        : refused;
    case "au_tfn":
      return /^\d{8,9}$/.test(compact) && tfnValid(compact)
        ? ok(compact, grouped(compact, [3, 3, 3]))
        : refused;
    case "jp_cn":
      return /^[1-9]\d{12}$/.test(compact) && corporateNumberValid(compact) ? ok(compact) : refused;
    case "jp_my_number":
      return /^\d{12}$/.test(compact) && myNumberValid(compact)
        ? ok(compact, grouped(compact, [4, 4, 4]))
        : refused;
  }
}

/**
 * A `company[tax_id]` (`field` "tax_id") or a person's `id_number` of an account in `country`
 * by that country's rule, or the loose check where it has none.
 */
export function checkAccountId(field: "tax_id" | "id_number", country: string, text: string) {
  const kind = field === "tax_id" ? companyTaxIdKind(country) : personIdNumberKind(country);
  if (kind) return checkTaxId(kind, text);
  const value = text.trim();
  return looseIdPattern.test(value) ? ok(value) : refused;
}

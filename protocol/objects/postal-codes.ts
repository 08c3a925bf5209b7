/**
 * What a postal code looks like in each country whose codes are checked: one definition for
 * the kit's address input (its error and example), the frames' form schemas (nothing
 * malformed is sent) and the provider (which refuses the same codes by `param`).
 */

export interface PostalCodeRule {
  /** A valid code, shown in the error. */
  example: string;
  pattern: RegExp;
  /** Upper case and the usual spacing, applied when the field is left. */
  normalise: (code: string) => string;
}

const trimmed = (code: string) => code.trim();
const upper = (code: string) => code.trim().toUpperCase().replace(/\s+/g, " ");
/** Inserts the space before the last three characters (the inward code of GB and CA). */
const spacedBeforeLast3 = (code: string) => {
  const compact = upper(code).replace(/ /g, "");
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
};

export const postalCodeRules: Readonly<Record<string, PostalCodeRule>> = {
  US: { example: "94103", pattern: /^\d{5}(?:-\d{4})?$/, normalise: trimmed },
  CA: {
    example: "K1A 0B1",
    pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/,
    normalise: spacedBeforeLast3,
  },
  GB: {
    example: "SW1A 1AA",
    pattern:
      /^(?:GIR 0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y]) \d[ABD-HJLNP-UW-Z]{2})$/,
    normalise: spacedBeforeLast3,
  },
  DE: { example: "10115", pattern: /^(?!00)\d{5}$/, normalise: trimmed },
  FR: { example: "75008", pattern: /^(?:0[1-9]|[1-8]\d|9[0-8])\d{3}$/, normalise: trimmed },
  AU: { example: "2000", pattern: /^\d{4}$/, normalise: trimmed },
  JP: {
    example: "100-0001",
    pattern: /^\d{3}-\d{4}$/,
    normalise: (code) => {
      const digits = code.replace(/[\s-]/g, "");
      return /^\d{7}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : code.trim();
    },
  },
};

/** The rule of `country` (any case), if its codes are checked. */
export const postalCodeRule = (country: string): PostalCodeRule | undefined =>
  postalCodeRules[country.toUpperCase()];

/** The postal code as the country writes it (upper case, its spacing). */
export const normalisePostalCode = (country: string, code: string): string =>
  postalCodeRule(country)?.normalise(code) ?? code.trim();

/** True when the country's postal codes are not checked or the code has its form. */
export function isValidPostalCode(country: string, code: string): boolean {
  const rule = postalCodeRule(country);
  return rule ? rule.pattern.test(normalisePostalCode(country, code)) : true;
}

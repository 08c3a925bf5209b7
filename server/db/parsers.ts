/**
 * One rule for numbers, whichever driver: `pg` hands int8 and numeric back as strings,
 * PGlite hands int8 back as numbers and numeric as strings. Amounts and times are int8, so
 * both drivers parse int8 and numeric to JS numbers here, and refuse values a double cannot
 * hold exactly rather than round them silently.
 */
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;

export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value out of the safe range: ${text}`);
  return n;
}

export function parseNumeric(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n)) throw new RangeError(`numeric value not finite: ${text}`);
  return n;
}

/** The parsers by type oid, in the shape PGlite's `parsers` option takes. */
export const numberParsers: Record<number, (text: string) => number> = {
  [INT8_OID]: parseInt8,
  [NUMERIC_OID]: parseNumeric,
};

/** Small building blocks shared by the object and message schemas. */
import * as z from "zod/mini";

/** Unix time in whole seconds, as the API writes `created`, `api_key_expiry`, ... */
export const epochSecondsSchema = z.int().check(z.nonnegative());

/** Unix time in milliseconds, as browser-side records (`Date.now()`) write it. */
export const epochMillisSchema = z.int().check(z.nonnegative());

/** A non-empty string of at most `max` characters (untrusted text must stay bounded). */
export const boundedString = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

/** An object id such as `acct_1Nv0...`; opaque, bounded. */
export const objectIdSchema = boundedString(255);

/** A two-letter country code, upper case (`US`, `FR`). */
export const countrySchema = z.string().check(z.regex(/^[A-Z]{2}$/));

/** A three-letter currency code, lower case (`usd`, `eur`). */
export const currencySchema = z.string().check(z.regex(/^[a-z]{3}$/));

/** Small building blocks shared by the object and message schemas. */
import { z } from "zod";

/** Unix time in whole seconds, as the API writes `created`, `api_key_expiry`, ... */
export const epochSecondsSchema = z.number().int().nonnegative();

/** Unix time in milliseconds, as browser-side records (`Date.now()`) write it. */
export const epochMillisSchema = z.number().int().nonnegative();

/** A non-empty string of at most `max` characters (untrusted text must stay bounded). */
export const boundedString = (max: number) => z.string().min(1).max(max);

/** An object id such as `acct_1Nv0...`; opaque, bounded. */
export const objectIdSchema = boundedString(255);

/** A two-letter country code, upper case (`US`, `FR`). */
export const countrySchema = z.string().regex(/^[A-Z]{2}$/);

/** A three-letter currency code, lower case (`usd`, `eur`). */
export const currencySchema = z.string().regex(/^[a-z]{3}$/);

/**
 * zod building blocks for form-encoded parameters: every value arrives as a string, so
 * booleans and integers are parsed from their text here, and the OpenAPI document shows
 * what travels on the wire.
 */
import { z } from "zod";

export const formBoolean = z
  .enum(["true", "false"], { error: "Invalid boolean: expected true or false" })
  .transform((v) => v === "true");

export const formInteger = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d{1,15}$/, { error: "Invalid integer" })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const formString = (max = 5000) => z.string().max(max);

/** `metadata[key]=value`, as the well-known API bounds it. */
export const metadataParam = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 50, { error: "metadata has at most 50 keys" });

export const countryParam = z.string().regex(/^[A-Z]{2}$/, { error: "Invalid country" });
export const currencyParam = z
  .string()
  .regex(/^[a-z]{3}$/, { error: "Invalid currency: lower-case ISO 4217" });

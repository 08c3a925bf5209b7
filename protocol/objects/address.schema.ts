/** A postal address as accounts and persons carry it (every line nullable). */
import * as z from "zod/mini";
import { nullableStringSchema } from "./api-fields.schema.ts";

export const addressSchema = z.strictObject({
  line1: nullableStringSchema,
  line2: nullableStringSchema,
  city: nullableStringSchema,
  state: nullableStringSchema,
  postal_code: nullableStringSchema,
  country: nullableStringSchema,
});
export type Address = z.output<typeof addressSchema>;

/**
 * The requirements the banner resolves in place, each with one field: its form path (the
 * API's bracket form, sent to `POST /v1/account`), its kind, and the schema that checks it
 * before anything is sent (the kit's form machine validates with it; `company[tax_id]` by the
 * rule of the account's country, `protocol/objects/tax-ids.ts`). Other requirements
 * (persons, documents, bank accounts, terms) are collected by account onboarding.
 */
import * as z from "zod/mini";
import { checkAccountId } from "../../../protocol/objects/tax-ids.ts";

export type RequirementFieldKind = "text" | "url" | "email" | "tel" | "tax_id" | "mcc";

export interface RequirementField {
  /** The form field (`business_profile[url]`). */
  path: string;
  kind: RequirementFieldKind;
}

export const requirementFields: Readonly<Record<string, RequirementField>> = {
  email: { path: "email", kind: "email" },
  "business_profile.name": { path: "business_profile[name]", kind: "text" },
  "business_profile.url": { path: "business_profile[url]", kind: "url" },
  "business_profile.mcc": { path: "business_profile[mcc]", kind: "mcc" },
  "business_profile.product_description": {
    path: "business_profile[product_description]",
    kind: "text",
  },
  "business_profile.support_phone": { path: "business_profile[support_phone]", kind: "tel" },
  "company.name": { path: "company[name]", kind: "text" },
  "company.phone": { path: "company[phone]", kind: "tel" },
  "company.tax_id": { path: "company[tax_id]", kind: "tax_id" },
};

const valueSchemas: Record<Exclude<RequirementFieldKind, "tax_id">, z.ZodMiniType<string>> = {
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  url: z.url({ protocol: /^https?$/ }),
  email: z.email(),
  tel: z.string().check(z.regex(/^\+?[0-9][0-9 ()-]{6,19}$/)),
  mcc: z.string().check(z.regex(/^[0-9]{4}$/)),
};

/** A company tax id of the account's country (its rule, or the loose check where it has none). */
const taxIdSchema = (country: string): z.ZodMiniType<string> =>
  z.string().check(z.refine((text) => checkAccountId("tax_id", country, text).ok));

const valueSchema = (kind: RequirementFieldKind, country: string) =>
  kind === "tax_id" ? taxIdSchema(country) : valueSchemas[kind];

/** The requirement's field, if the banner resolves it in place. */
export const requirementFieldOf = (requirement: string): RequirementField | undefined =>
  requirementFields[requirement];

/**
 * The body schema of a requirement's form: its one field, nested by its path; a tax id by the
 * rule of the account's `country`.
 */
export const requirementFormSchema = (field: RequirementField, country = ""): z.ZodMiniType =>
  requirementsFormSchema([field], country);

type Shape = { [key: string]: Shape | RequirementFieldKind };

/**
 * The body schema of a form of several requirement fields (account-onboarding's business
 * step): each field nested by its path, fields under one key (`business_profile`) in one
 * object.
 */
export function requirementsFormSchema(
  fields: readonly RequirementField[],
  country = "",
): z.ZodMiniType {
  const shape: Shape = {};
  for (const field of fields) {
    const keys = field.path.replace(/\]/g, "").split("[");
    let node = shape;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Shape;
    }
    node[keys.at(-1)!] = field.kind;
  }
  const toSchema = (node: Shape): z.ZodMiniType =>
    z.strictObject(
      Object.fromEntries(
        Object.entries(node).map(([key, value]) => [
          key,
          typeof value === "string" ? valueSchema(value, country) : toSchema(value),
        ]),
      ),
    );
  return toSchema(shape);
}

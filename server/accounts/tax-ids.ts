/**
 * Tax ids and id numbers in an account update or a person's body, checked by the protocol's
 * rules (`protocol/objects/tax-ids.ts`, the frames check the same) for the account's country:
 * `company[tax_id]` by `companyTaxIdKinds`, a person's `id_number` by `personIdNumberKinds`,
 * the loose check elsewhere. A malformed one (a wrong length, a failed check digit) is a 400
 * naming its parameter, and nothing is written; a valid one is kept in its normalised form
 * (digits without spaces or dashes, upper case), from which the last four are taken. The
 * sandbox's magic id numbers (`verification.ts`) pass in every country.
 */
import { checkAccountId } from "../../protocol/objects/tax-ids.ts";
import { invalidRequest } from "../http/errors.ts";
import type { AccountModelParams, PersonParams } from "./account-params.ts";
import { magic } from "./verification.ts";

const magicIds: ReadonlySet<string> = new Set([magic.idNumberOk, magic.idNumberFails]);

function normalised(
  field: "tax_id" | "id_number",
  country: string,
  text: string,
  param: string,
): string {
  const compact = text.replace(/[\s-]/g, "");
  if (magicIds.has(compact)) return compact;
  const checked = checkAccountId(field, country, text);
  if (!checked.ok)
    throw invalidRequest(`Invalid ${field} for ${country}: '${text}'`, {
      code: field === "tax_id" ? "tax_id_invalid" : "id_number_invalid",
      param,
    });
  return checked.value;
}

/** A person's body (`prefix` "individual" in an account update, "" on the persons routes). */
export function checkPersonIdNumber<P extends Pick<PersonParams, "id_number">>(
  country: string,
  person: P,
  prefix = "",
): P {
  if (person.id_number === undefined) return person;
  const param = prefix === "" ? "id_number" : `${prefix}[id_number]`;
  return { ...person, id_number: normalised("id_number", country, person.id_number, param) };
}

/** An account update's `company[tax_id]` and `individual[id_number]`, normalised. */
export function checkAccountIds<B extends Pick<AccountModelParams, "individual" | "company">>(
  country: string,
  body: B,
): B {
  const { company, individual } = body;
  return {
    ...body,
    ...(company?.tax_id !== undefined
      ? {
          company: {
            ...company,
            tax_id: normalised("tax_id", country, company.tax_id, "company[tax_id]"),
          },
        }
      : {}),
    ...(individual !== undefined
      ? { individual: checkPersonIdNumber(country, individual, "individual") }
      : {}),
  };
}

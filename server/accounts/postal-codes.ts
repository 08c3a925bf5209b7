/**
 * Postal codes of the addresses in an account update or a person's body, checked by the protocol's rules
 * (`protocol/objects/postal-codes.ts`, the frames check the same) against the address's
 * country, or the account's when the address names none: a code of another country's form is
 * a 400 naming its parameter, and nothing is written.
 */
import { isValidPostalCode } from "../../protocol/objects/postal-codes.ts";
import { invalidRequest } from "../http/errors.ts";
import type { AccountModelParams } from "./account-params.ts";

type AddressParam = { postal_code?: string | undefined; country?: string | undefined };

export function checkPostalCodes(
  accountCountry: string,
  body: Pick<AccountModelParams, "individual" | "company">,
): void {
  checkAddresses(accountCountry, [
    ["individual[address]", body.individual?.address],
    ["company[address]", body.company?.address],
  ]);
}

/** A person's address on the persons routes (`address[postal_code]`), the same way. */
export function checkPersonPostalCode(
  accountCountry: string,
  body: { address?: AddressParam | undefined },
): void {
  checkAddresses(accountCountry, [["address", body.address]]);
}

function checkAddresses(
  accountCountry: string,
  addresses: readonly [string, AddressParam | undefined][],
): void {
  for (const [param, address] of addresses) {
    if (address?.postal_code === undefined) continue;
    const country = address.country ?? accountCountry;
    if (!isValidPostalCode(country, address.postal_code))
      throw invalidRequest(`Invalid postal_code for ${country}: '${address.postal_code}'`, {
        code: "postal_code_invalid",
        param: `${param}[postal_code]`,
      });
  }
}

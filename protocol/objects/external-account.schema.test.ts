import { describe, expect, it } from "vitest";
import {
  bankAccountCreateParamsSchema,
  checkLocalAccountNumber,
  checkLocalBankPart,
  checkLocalRoutingNumber,
  localBankFormatOf,
  payoutBankCountries,
} from "./external-account.schema.ts";

describe("the local bank account rules (CA, AU, JP)", () => {
  it("each country has its format and currency; IBAN and US countries have none", () => {
    expect(payoutBankCountries.CA).toEqual({ currency: "cad", format: "ca" });
    expect(payoutBankCountries.AU).toEqual({ currency: "aud", format: "au" });
    expect(payoutBankCountries.JP).toEqual({ currency: "jpy", format: "jp" });
    expect(localBankFormatOf("JP")).toBe("jp");
    expect(localBankFormatOf("US")).toBeUndefined();
    expect(localBankFormatOf("FR")).toBeUndefined();
  });

  it("CA: transit 5 digits + institution 3 as TTTTT-III, account 7–12 digits", () => {
    expect(checkLocalRoutingNumber("ca", "11000-000")).toBe("11000000");
    expect(checkLocalRoutingNumber("ca", "11000000")).toBe("11000000");
    expect(checkLocalRoutingNumber("ca", "1100-000")).toBeNull();
    expect(checkLocalRoutingNumber("ca", "011000000")).toBeNull();
    expect(checkLocalBankPart("ca", "transit", "11000")).toBe("11000");
    expect(checkLocalBankPart("ca", "transit", "1100a")).toBeNull();
    expect(checkLocalBankPart("ca", "institution", "0001")).toBeNull();
    expect(checkLocalAccountNumber("ca", "1234567")).toBe("1234567");
    expect(checkLocalAccountNumber("ca", "123456789012")).toBe("123456789012");
    expect(checkLocalAccountNumber("ca", "123456")).toBeNull();
    expect(checkLocalAccountNumber("ca", "1234567890123")).toBeNull();
  });

  it("AU: BSB 6 digits (written 000-000 or not), account 5–9 digits", () => {
    expect(checkLocalRoutingNumber("au", "110-000")).toBe("110000");
    expect(checkLocalRoutingNumber("au", "110 000")).toBe("110000");
    expect(checkLocalRoutingNumber("au", "11000")).toBeNull();
    expect(checkLocalRoutingNumber("au", "1100000")).toBeNull();
    expect(checkLocalBankPart("au", "bsb", "12a456")).toBeNull();
    expect(checkLocalAccountNumber("au", "12345")).toBe("12345");
    expect(checkLocalAccountNumber("au", "123456789")).toBe("123456789");
    expect(checkLocalAccountNumber("au", "1234")).toBeNull();
    expect(checkLocalAccountNumber("au", "1234567890")).toBeNull();
  });

  it("JP: bank 4 + branch 3 digits (seven), account 1–7 digits zero-padded to seven", () => {
    expect(checkLocalRoutingNumber("jp", "0001123")).toBe("0001123");
    expect(checkLocalRoutingNumber("jp", "000112")).toBeNull();
    expect(checkLocalRoutingNumber("jp", "00011234")).toBeNull();
    expect(checkLocalBankPart("jp", "bank", "0001")).toBe("0001");
    expect(checkLocalBankPart("jp", "branch", "12")).toBeNull();
    expect(checkLocalAccountNumber("jp", "1")).toBe("0000001");
    expect(checkLocalAccountNumber("jp", "1234567")).toBe("1234567");
    expect(checkLocalAccountNumber("jp", "")).toBeNull();
    expect(checkLocalAccountNumber("jp", "12345678")).toBeNull();
    expect(checkLocalAccountNumber("jp", "12a4")).toBeNull();
  });

  it("the create schema refuses a bad routing or account number on its param, and takes good ones", () => {
    const body = (country: string, currency: string, routing: string, account: string) => ({
      external_account: {
        object: "bank_account",
        country,
        currency,
        account_holder_name: "Ada",
        routing_number: routing,
        account_number: account,
      },
      default_for_currency: true,
    });
    const paths = (input: unknown) => {
      const result = bankAccountCreateParamsSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
    };
    expect(paths(body("CA", "cad", "11000-000", "000123456789"))).toEqual([]);
    expect(paths(body("AU", "aud", "110000", "000123456"))).toEqual([]);
    expect(paths(body("JP", "jpy", "1100000", "0001234"))).toEqual([]);
    expect(paths(body("CA", "cad", "1100-000", "000123456789"))).toEqual([
      "external_account.routing_number",
    ]);
    expect(paths(body("AU", "aud", "110000", "1234"))).toEqual(["external_account.account_number"]);
    expect(paths(body("JP", "usd", "110000", "0001234"))).toEqual([
      "external_account.currency",
      "external_account.routing_number",
    ]);
  });
});

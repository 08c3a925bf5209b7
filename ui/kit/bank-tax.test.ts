import { describe, expect, it } from "vitest";
import { checkIban, checkTaxId, checkUsAccountNumber, checkUsRoutingNumber } from "./bank-tax.ts";

describe("bank account checks", () => {
  it("an IBAN as typed is read in electronic form and shown grouped by four", () => {
    expect(checkIban("de89 3704 0044 0532 0130 00")).toEqual({
      ok: true,
      value: "DE89370400440532013000",
      display: "DE89 3704 0044 0532 0130 00",
    });
  });

  it("an IBAN with a wrong check digit or length is refused", () => {
    expect(checkIban("DE88370400440532013000")).toEqual({ ok: false });
    expect(checkIban("DE8937040044053201300")).toEqual({ ok: false });
    expect(checkIban("")).toEqual({ ok: false });
  });

  it("a US routing number passes the ABA 3-7-1 checksum, or is refused", () => {
    expect(checkUsRoutingNumber("011000015")).toMatchObject({ ok: true, value: "011000015" });
    expect(checkUsRoutingNumber("110000000")).toMatchObject({ ok: true });
    expect(checkUsRoutingNumber("011000016")).toEqual({ ok: false });
    expect(checkUsRoutingNumber("01100001")).toEqual({ ok: false });
  });

  it("a US account number is 4 to 17 digits", () => {
    expect(checkUsAccountNumber("000123456789")).toMatchObject({ ok: true });
    expect(checkUsAccountNumber("123")).toEqual({ ok: false });
    expect(checkUsAccountNumber("12345678901234567890")).toEqual({ ok: false });
  });
});

describe("tax id checks", () => {
  it("US EIN: nine digits, written 12-3456789", () => {
    expect(checkTaxId("us_ein", "12 3456789")).toEqual({
      ok: true,
      value: "123456789",
      display: "12-3456789",
    });
    expect(checkTaxId("us_ein", "12-345678")).toEqual({ ok: false });
  });

  it("US SSN: the last four digits only, or all nine as the SSA issues them", () => {
    expect(checkTaxId("us_ssn_last4", "1234")).toMatchObject({ ok: true, value: "1234" });
    expect(checkTaxId("us_ssn", "123-45-6789")).toEqual({
      ok: true,
      value: "123456789",
      display: "123-45-6789",
    });
    for (const never of ["000-12-3456", "666-12-3456", "912-34-5678", "123-00-4567", "123-45-0000"])
      expect(checkTaxId("us_ssn", never), never).toEqual({ ok: false });
    expect(checkTaxId("us_ssn", "1234")).toEqual({ ok: false });
    expect(checkTaxId("us_ssn_last4", "123-45-6789")).toEqual({ ok: false });
  });

  it("GB VAT: 9 or 12 digits after an optional GB, written GB 123 4567 89", () => {
    expect(checkTaxId("gb_vat", "gb123456789")).toEqual({
      ok: true,
      value: "GB123456789",
      display: "GB 123 4567 89",
    });
    expect(checkTaxId("gb_vat", "GB12345678")).toEqual({ ok: false });
  });

  it("DE USt-IdNr: DE and nine digits whose last is the ISO 7064 check digit", () => {
    expect(checkTaxId("de_vat", "DE 136 695 976")).toMatchObject({
      ok: true,
      value: "DE136695976",
    });
    expect(checkTaxId("de_vat", "DE136695977")).toEqual({ ok: false });
  });

  it("FR SIREN: nine digits passing Luhn, written 732 829 320", () => {
    expect(checkTaxId("fr_siren", "732829320")).toEqual({
      ok: true,
      value: "732829320",
      display: "732 829 320",
    });
    expect(checkTaxId("fr_siren", "732829321")).toEqual({ ok: false });
  });
});

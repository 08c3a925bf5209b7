import { describe, expect, it } from "vitest";
import {
  companyTaxIdKinds,
  gbCompanyNumberPrefixes,
  personIdNumberKinds,
  type TaxIdKind,
  taxIdExamples,
} from "../../protocol/objects/tax-ids.ts";
import {
  checkIban,
  checkTaxId,
  checkUsAccountNumber,
  checkUsRoutingNumber,
  companyTaxIdKind,
  personIdNumberKind,
} from "./bank-tax.ts";

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

/** Each is refused by the kind's check. */
const refuses = (kind: TaxIdKind, numbers: readonly string[]) => {
  for (const number of numbers) expect(checkTaxId(kind, number), number).toEqual({ ok: false });
};
/** Each passes the kind's check. */
const takes = (kind: TaxIdKind, numbers: readonly string[]) => {
  for (const number of numbers)
    expect(checkTaxId(kind, number), number).toMatchObject({ ok: true });
};

/** Typed so, it is taken as `value` and shown as `display`. */
const readsAs = (kind: TaxIdKind, typed: string, read: { value: string; display: string }) =>
  expect(checkTaxId(kind, typed)).toEqual({ ok: true, ...read });

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

  it("GB company registration number: eight digits, or a Companies House prefix and six", () => {
    expect(checkTaxId("gb_crn", "0123 4567")).toEqual({
      ok: true,
      value: "01234567",
      display: "01234567",
    });
    expect(checkTaxId("gb_crn", "sc123456")).toMatchObject({ ok: true, value: "SC123456" });
    // Scotland, Northern Ireland (and before 1922), LLPs, limited partnerships, overseas
    // companies, registered societies, charitable incorporated organisations, royal charters.
    for (const number of [
      "SC123456",
      "NI123456",
      "R0123456",
      "OC123456",
      "SO123456",
      "LP123456",
      "SL123456",
      "FC123456",
      "RS123456",
      "CE123456",
      "RC123456",
      "ZC123456",
    ])
      expect(checkTaxId("gb_crn", number), number).toMatchObject({ ok: true, value: number });
    for (const prefix of gbCompanyNumberPrefixes)
      expect(checkTaxId("gb_crn", `${prefix}000001`), prefix).toMatchObject({ ok: true });
    // Not eight characters; a prefix Companies House does not use; letters after the prefix.
    refuses("gb_crn", [
      "1234567",
      "123456789",
      "SC12345",
      "SC1234567",
      "S1234567",
      "XX123456",
      "AB123456",
      "GB123456",
      "R1234567",
      "SC12345A",
      "SCO12345",
    ]);
  });

  it("DE Steuer-IdNr: eleven digits, one repeated in the first ten, the last the ISO 7064 check digit", () => {
    readsAs("de_tin", "86095742719", { value: "86095742719", display: "86 095 742 719" });
    // One digit three times (not in a row) is allowed since 2016.
    takes("de_tin", ["65929970489", "57549285017", "25768131411", "12345678995"]);
    refuses("de_tin", [
      "86095742718", // the check digit
      "02476291358", // starts with 0
      "1234567890", // ten digits
      "123456789012", // twelve
      "12345678903", // no digit repeated (its check digit right)
      "11223345675", // several repeated
      "11123456786", // three in a row
      "1111234567X",
    ]);
  });

  it("FR NIR: sex, year, month, département, commune, order and the key 97 − (n mod 97)", () => {
    readsAs("fr_nir", "2 69 05 49 588 157 80", {
      value: "269054958815780",
      display: "2 69 05 49 588 157 80",
    });
    // Corsica (2A counted as 19, 2B as 18), an unknown month (20–42, 50–99), a provisional number.
    takes("fr_nir", ["185072A12345665", "185072B12345692", "185307512345685", "785077512345696"]);
    refuses("fr_nir", [
      "269054958815781", // the key
      "2690549588157", // no key
      "569054958815780", // sex 5
      "269134958815780", // month 13
      "2690549588157800", // sixteen characters
      "1850775123456", // thirteen digits: no key
    ]);
  });

  it("GB National Insurance number: HMRC's prefixes, six digits and the suffix A–D", () => {
    expect(checkTaxId("gb_nino", "ab 12 34 56 c")).toEqual({
      ok: true,
      value: "AB123456C",
      display: "AB 12 34 56 C",
    });
    // Q first or second, O second, D first, an unallocated pair, a suffix past D, a length.
    refuses("gb_nino", [
      "QQ123456C",
      "AQ123456C",
      "AO123456C",
      "DA123456C",
      "GB123456A",
      "TN123456A",
      "AB123456E",
      "AB12345C",
      "AB1234567C",
    ]);
  });

  it("CA business number: nine digits passing Luhn", () => {
    expect(checkTaxId("ca_bn", "123 456 782")).toEqual({
      ok: true,
      value: "123456782",
      display: "123456782",
    });
    expect(checkTaxId("ca_bn", "123456789")).toEqual({ ok: false });
    expect(checkTaxId("ca_bn", "12345678")).toEqual({ ok: false });
  });

  it("CA SIN: nine digits passing Luhn, none starting with 0 or 8, written 130 692 544", () => {
    expect(checkTaxId("ca_sin", "130-692-544")).toEqual({
      ok: true,
      value: "130692544",
      display: "130 692 544",
    });
    expect(checkTaxId("ca_sin", "130692545")).toEqual({ ok: false });
    expect(checkTaxId("ca_sin", "13069254")).toEqual({ ok: false });
    // Both pass Luhn; Service Canada issues neither prefix.
    expect(checkTaxId("ca_sin", "046454286")).toEqual({ ok: false });
    expect(checkTaxId("ca_sin", "823456082")).toEqual({ ok: false });
    expect(checkTaxId("ca_bn", "046454286")).toMatchObject({ ok: true });
    expect(checkTaxId("ca_bn", "823456082")).toMatchObject({ ok: true });
  });

  it("AU ABN: eleven digits under the ATO's modulus 89, written 51 824 753 556", () => {
    expect(checkTaxId("au_abn", "51824753556")).toEqual({
      ok: true,
      value: "51824753556",
      display: "51 824 753 556",
    });
    for (const abn of ["53 004 085 616", "33 051 775 556"])
      expect(checkTaxId("au_abn", abn), abn).toMatchObject({ ok: true });
    expect(checkTaxId("au_abn", "51 824 753 557")).toEqual({ ok: false });
    expect(checkTaxId("au_abn", "5182475355")).toEqual({ ok: false });
    expect(checkTaxId("au_abn", "01824753556")).toEqual({ ok: false });
  });

  it("AU TFN: nine (or eight) digits under their weighted modulus 11", () => {
    expect(checkTaxId("au_tfn", "123 456 782")).toEqual({
      ok: true,
      value: "123456782",
      display: "123 456 782",
    });
    expect(checkTaxId("au_tfn", "12345677")).toEqual({
      ok: true,
      value: "12345677",
      display: "123 456 77",
    });
    expect(checkTaxId("au_tfn", "123456783")).toEqual({ ok: false });
    expect(checkTaxId("au_tfn", "12345678")).toEqual({ ok: false });
    expect(checkTaxId("au_tfn", "1234567")).toEqual({ ok: false });
  });

  it("JP corporate number: thirteen digits, the first the NTA's check digit", () => {
    expect(checkTaxId("jp_cn", "7000012050002")).toEqual({
      ok: true,
      value: "7000012050002",
      display: "7000012050002",
    });
    takes("jp_cn", ["1180301018771", "5010401067252"]);
    expect(checkTaxId("jp_cn", "8000012050002")).toEqual({ ok: false });
    expect(checkTaxId("jp_cn", "700001205000")).toEqual({ ok: false });
  });

  it("JP My Number: twelve digits, the last its check digit, written 1234 5678 9018", () => {
    expect(checkTaxId("jp_my_number", "123456789018")).toEqual({
      ok: true,
      value: "123456789018",
      display: "1234 5678 9018",
    });
    // A remainder of 0 or 1 makes the check digit 0.
    takes("jp_my_number", ["123456789000", "123456789050"]);
    expect(checkTaxId("jp_my_number", "123456789017")).toEqual({ ok: false });
    expect(checkTaxId("jp_my_number", "12345678901")).toEqual({ ok: false });
  });

  it("each example passes its own check and is shown as written", () => {
    for (const [kind, example] of Object.entries(taxIdExamples) as [TaxIdKind, string][])
      expect(checkTaxId(kind, example), kind).toMatchObject({ ok: true, display: example });
  });

  it("each of the seven countries names its company tax id's kind and its id number's", () => {
    const seven = ["AU", "CA", "DE", "FR", "GB", "JP", "US"];
    expect(Object.keys(companyTaxIdKinds).sort()).toEqual(seven);
    expect(companyTaxIdKind("jp")).toBe("jp_cn");
    expect(personIdNumberKind("CA")).toBe("ca_sin");
    expect(Object.keys(personIdNumberKinds).sort()).toEqual(seven);
    expect(personIdNumberKind("de")).toBe("de_tin");
    expect(personIdNumberKind("FR")).toBe("fr_nir");
    expect(personIdNumberKind("NL")).toBeUndefined();
  });
});

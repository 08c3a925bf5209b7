import { describe, expect, it } from "vitest";
import { redactPersonalData, redactText } from "./personal-data.ts";

/**
 * The corpus of the redaction rules (personal-data.ts): each entry is text a page could send,
 * with the personal data in it; none of it may survive. The "kept" entries are what the rules
 * must leave alone, so analytics stay useful.
 */
const corpus: { text: string; personal: string[] }[] = [
  {
    text: "Contact jane.doe+billing@example.co.uk for help",
    personal: ["jane.doe+billing@example.co.uk"],
  },
  {
    text: "/customers/JOHN_SMITH@Mail.Example.com/edit",
    personal: ["JOHN_SMITH@Mail.Example.com"],
  },
  { text: "Call +1 (415) 555-0100 today", personal: ["415", "555-0100"] },
  { text: "tel: +44 20 7946 0958", personal: ["7946", "0958"] },
  { text: "Mobile 06 12 34 56 78", personal: ["06 12 34 56 78"] },
  { text: "phone 415-555-0199", personal: ["415-555-0199"] },
  { text: "0049 30 1234567", personal: ["1234567"] },
  { text: "card 4242 4242 4242 4242 declined", personal: ["4242 4242 4242 4242", "4242"] },
  { text: "card 4000-0566-5566-5556", personal: ["4000-0566-5566-5556", "5556"] },
  { text: "pan=5555555555554444", personal: ["5555555555554444"] },
  { text: "amex 378282246310005", personal: ["378282246310005"] },
  { text: "IBAN DE89 3704 0044 0532 0130 00", personal: ["DE89", "3704 0044", "0532"] },
  { text: "iban FR1420041010050500013M02606", personal: ["FR1420041010050500013M02606"] },
  { text: "account 000123456789 routing 110000000", personal: ["000123456789", "110000000"] },
  {
    text: "https://platform.example/search?email=jane%40example.com&q=Jane+Doe#section",
    personal: ["jane%40example.com", "Jane+Doe", "section"],
  },
  { text: "/payments?customer=Ada%20Lovelace&page=2", personal: ["Ada%20Lovelace"] },
];

const kept: string[] = [
  "/v1/accounts/acct_1Nv0FGQ9RKHgCVdK/persons",
  "Loading chunk payouts-list failed",
  "submerchant_surfaces_api_request_finished",
  "2026-11-25",
  "amount 1250 usd",
  "HTTP status code: 404. Reason: unknown error",
];

describe("personal-data redaction corpus", () => {
  it.each(corpus.map((c) => [c.text, c] as const))("nothing personal survives in %s", (_t, c) => {
    const out = redactText(c.text);
    for (const piece of c.personal) expect(out).not.toContain(piece);
  });

  it.each(kept)("leaves %s as it is", (text) => {
    expect(redactText(text)).toBe(text);
  });

  it("labels what it removed by rule", () => {
    expect(redactText("a@b.io")).toBe("[email]");
    expect(redactText("4242424242424242")).toBe("[card]");
    expect(redactText("+33 6 12 34 56 78")).toBe("[phone]");
    expect(redactText("GB29 NWBK 6016 1331 9268 19")).toBe("[bank]");
    expect(redactText("12345678")).toBe("[bank]");
    expect(redactText("/p?x=1&y")).toBe("/p?x=[redacted]&y");
  });

  it("replaces the values of name and contact fields whatever they look like, at any depth", () => {
    const event = {
      event_name: "profile_saved",
      properties: { first_name: "Ada", last_name: "Lovelace", email: "x", count: 3 },
      individual: { name: "Grace Hopper", dob: "1906-12-09", verified: true },
      list: [{ cardholder_name: "Alan Turing" }],
    };
    const out = redactPersonalData(event);
    const json = JSON.stringify(out);
    for (const name of ["Ada", "Lovelace", "Grace", "Hopper", "1906", "Alan", "Turing"])
      expect(json).not.toContain(name);
    expect(out.properties.count).toBe(3);
    expect(out.individual.verified).toBe(true);
    expect(out.event_name).toBe("profile_saved");
  });

  it("removes secrets as the API-answer redaction does", () => {
    const out = redactPersonalData({ note: "key ek_test_abcdefgh12345678", api_key: "x" });
    expect(out).toEqual({ note: "key [redacted]" });
  });

  it("leaves the input untouched", () => {
    const event = { email: "a@b.io", nested: { phone: "+1 415 555 0100" } };
    const copy = structuredClone(event);
    redactPersonalData(event);
    expect(event).toEqual(copy);
  });
});

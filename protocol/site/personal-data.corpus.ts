/** Test support: the redaction rules' corpus, shared by the rule tests and the logger's. */

/**
 * The corpus of the redaction rules (personal-data.ts): each entry is text a page could send,
 * with the personal data in it; none of it may survive. The "kept" entries are what the rules
 * must leave alone, so analytics stay useful.
 */
export const corpus: { text: string; personal: string[] }[] = [
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

export const kept: string[] = [
  "/v1/accounts/acct_1Nv0FGQ9RKHgCVdK/persons",
  "Loading chunk payouts-list failed",
  "submerchant_surfaces_api_request_finished",
  "2026-11-25",
  "amount 1250 usd",
  "HTTP status code: 404. Reason: unknown error",
];

/**
 * Names and contacts in known fields (rule 5): a name has no shape a pattern could find, so
 * the field it is in is what gives it away. Each value must not survive.
 */
export const namedFields: { record: Record<string, unknown>; personal: string[] }[] = [
  { record: { first_name: "Ada", last_name: "Lovelace" }, personal: ["Ada", "Lovelace"] },
  { record: { individual: { name: "Grace Hopper" } }, personal: ["Grace", "Hopper"] },
  { record: { cards: [{ cardholder_name: "Alan Turing" }] }, personal: ["Alan", "Turing"] },
  { record: { dob: "1906-12-09", email: "not-an-address" }, personal: ["1906", "not-an-address"] },
];

import { describe, expect, it } from "vitest";
import { corpus, kept } from "./personal-data.corpus.ts";
import { redactPersonalData, redactText } from "./personal-data.ts";

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

import { readdirSync, readFileSync } from "node:fs";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { defaultLocale, locales, pseudoLocale, supportedLocales } from "../../protocol/locales.ts";
import { extractDefaultMessages } from "./extract.ts";
import { kitMessages } from "./messages.ts";
import { catalogueUrl, pseudoCatalogueText, pseudoLocalise } from "./pseudo.ts";

const read = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(catalogueUrl(locale), "utf8"));

const enUS = read(defaultLocale);

/** Argument names and the plural/select keys a message uses. */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) placeholders(option.value, into);
    }
    if (el.type === TYPE.tag) placeholders(el.children, into);
  }
  return into;
}

function plurals(elements: MessageFormatElement[]): { keys: string[] }[] {
  return elements.flatMap((el) => {
    if (el.type === TYPE.plural) {
      return [
        { keys: Object.keys(el.options) },
        ...Object.values(el.options).flatMap((o) => plurals(o.value)),
      ];
    }
    if (el.type === TYPE.select) return Object.values(el.options).flatMap((o) => plurals(o.value));
    if (el.type === TYPE.tag) return plurals(el.children);
    return [];
  });
}

// Sample arguments that every placeholder of the kit's messages accepts.
const sampleArgs = {
  count: 3,
  theme: "dark",
  scheme: "dark",
  group: "colours",
  kind: "colour",
  value: "#ffffff",
  component: "payments",
  min: 2,
  max: 40,
  example: "94103",
  types: "PDF",
  size: "5 MB",
  name: "a.pdf",
  label: "Amount",
  start: "Jan 1",
  end: "Jan 31",
  latest: "$12.00",
  amount: "$12.00",
  status: "Paid",
  date: "Jan 5",
  last4: "6789",
  bankName: "Bank",
  requestId: "req_123",
  type: "Payment",
  brand: "Visa",
  reason: "Fraudulent",
  current: 2,
  total: 4,
  days: 2,
  fee: "$0.50",
  payout: "po_123",
  platform: "Acme",
  page: "Sign in",
  requirement: "Tax ID",
  person: "Jenny Rosen",
  currency: "USD",
  period: "May 2026",
  method: "Klarna",
  country: "United States",
  email: "jenny@example.com",
  // Rich-text tags (links inside a sentence) as a view renders them.
  terms: (chunks: unknown[]) => chunks.join(""),
  privacy: (chunks: unknown[]) => chunks.join(""),
};

describe("the catalogues", () => {
  it("exist for the 44 locales of SPEC.md §1 and the pseudo-locale, and nothing else", () => {
    const files = readdirSync(new URL("./messages/", import.meta.url)).filter((f) =>
      f.endsWith(".json"),
    );
    expect(files.map((f) => f.replace(/\.json$/, "")).sort()).toEqual([...supportedLocales].sort());
  });

  it("en-US is what the code defines (run `npx tsx ui/i18n/extract.ts` after changing it)", () => {
    expect(enUS).toEqual(extractDefaultMessages());
    for (const m of Object.values(kitMessages)) expect(enUS[m.id]).toBe(m.defaultMessage);
  });

  it("the pseudo-locale is up to date with en-US (run `npx tsx ui/i18n/pseudo.ts`)", () => {
    expect(readFileSync(catalogueUrl(pseudoLocale), "utf8")).toBe(pseudoCatalogueText());
  });

  describe.each(supportedLocales.map((l) => [l]))("%s", (locale) => {
    const catalogue = read(locale);

    it("has every message of en-US and no message en-US lacks", () => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(enUS).sort());
    });

    it("has only valid ICU messages, using only the placeholders of en-US", () => {
      for (const [id, message] of Object.entries(catalogue)) {
        let ast: MessageFormatElement[] = [];
        expect(() => {
          ast = parse(message, { requiresOtherClause: true });
        }, `${locale} ${id}`).not.toThrow();
        const source = enUS[id];
        if (source === undefined) continue;
        expect([...placeholders(ast)].sort(), `${locale} ${id}`).toEqual(
          [...placeholders(parse(source))].sort(),
        );
      }
    });

    it("gives every plural the categories the language's plural rules use", () => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const [id, message] of Object.entries(catalogue)) {
        for (const { keys } of plurals(parse(message))) {
          for (const category of categories) {
            expect(keys, `${locale} ${id} lacks "${category}"`).toContain(category);
          }
        }
      }
    });

    it("formats every message with sample arguments", () => {
      for (const [id, message] of Object.entries(catalogue)) {
        const formatted = new IntlMessageFormat(message, locale).format(sampleArgs);
        expect(String(formatted).length, `${locale} ${id}`).toBeGreaterThan(0);
      }
    });
  });

  it.each(locales.filter((l) => !l.startsWith("en-")).map((l) => [l]))(
    "%s is a real translation, not a copy of English",
    (locale) => {
      const catalogue = read(locale);
      const same = Object.keys(enUS).filter((id) => catalogue[id] === enUS[id]);
      expect(same, `${locale} copies en-US`).toEqual([]);
    },
  );
});

describe("the pseudo-locale", () => {
  it("accents and brackets the text but keeps placeholders and plural structure", () => {
    const pseudo = pseudoLocalise("{count, plural, one {# result} other {# results}}");
    expect(pseudo).toMatch(/^⟦.*⟧$/);
    expect(pseudo).not.toMatch(/result/);
    const format = (n: number) => new IntlMessageFormat(pseudo, "en-US").format({ count: n });
    expect(format(1)).toMatch(/^⟦1 ŕ/);
    expect(format(5)).toMatch(/^⟦5 ŕ.*š~*⟧$/);
  });

  it("is at least 30% longer than en-US once formatted", () => {
    for (const [id, source] of Object.entries(enUS)) {
      const en = String(new IntlMessageFormat(source, "en-US").format(sampleArgs));
      const pseudo = String(
        new IntlMessageFormat(read(pseudoLocale)[id]!, "en-US").format(sampleArgs),
      );
      expect(pseudo.length, id).toBeGreaterThanOrEqual(Math.ceil(en.length * 1.3));
    }
  });

  it("keeps tags, which rich-text messages use, intact", () => {
    const pseudo = pseudoLocalise("Read the <link>terms</link>, {name}.");
    expect(pseudo).toContain("<link>");
    expect(pseudo).toContain("</link>");
    expect(pseudo).toContain("{name}");
  });
});

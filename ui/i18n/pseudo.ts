/**
 * Makes the debug pseudo-locale's catalogue from en-US: every letter accented, every message
 * about 35% longer and bracketed, so clipped layouts and hard-coded strings stand out.
 * Placeholders, plural/select structure and tags are kept exactly: only literal text changes.
 *
 *   npx tsx ui/i18n/pseudo.ts        rewrites messages/en-XA.json
 *
 * A test fails when the committed en-XA.json is not what this produces.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { printAST } from "@formatjs/icu-messageformat-parser/printer.js";
import { defaultLocale, pseudoLocale } from "../../protocol/locales.ts";

const accents: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, i) => [
    c,
    [..."åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][i]!,
  ]),
);

const vowels = new Set([..."aeiouyAEIOUY"]);

/** Accents a literal and lengthens it: vowels doubled, then "~" up to +35% if still short. */
export function pseudoText(text: string): string {
  const letters = [...text].filter((c) => /\p{L}/u.test(c)).length;
  if (letters === 0) return text;
  let out = "";
  let added = 0;
  for (const c of text) {
    const accented = accents[c] ?? c;
    out += accented;
    if (vowels.has(c)) {
      out += accented;
      added += 1;
    }
  }
  const target = Math.ceil([...text].length * 0.35);
  return added < target ? `${out}${"~".repeat(target - added)}` : out;
}

function transform(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((el) => {
    switch (el.type) {
      case TYPE.literal:
        return { ...el, value: pseudoText(el.value) };
      case TYPE.plural:
      case TYPE.select:
        return {
          ...el,
          options: Object.fromEntries(
            Object.entries(el.options).map(([key, option]) => [
              key,
              { ...option, value: transform(option.value) },
            ]),
          ),
        };
      case TYPE.tag:
        return { ...el, children: transform(el.children) };
      default:
        return el;
    }
  });
}

/** A placeholder's value grows in translation too: it stands for about eight characters. */
const PLACEHOLDER_GROWTH = "~~~";
const placeholderTypes = new Set([TYPE.argument, TYPE.number, TYPE.date, TYPE.time]);

/**
 * One message in the pseudo-locale: `⟦Ļöödåîñĝ…⟧`. Literals are lengthened; each top-level
 * placeholder adds a little more at the end, so a message made mostly of values
 * (`{type} of {amount}, {date}`) grows like its formatted text would.
 */
export function pseudoLocalise(message: string): string {
  const ast = parse(message);
  const placeholders = ast.filter((el) => placeholderTypes.has(el.type)).length;
  return `⟦${printAST(transform(ast))}${PLACEHOLDER_GROWTH.repeat(placeholders)}⟧`;
}

export function pseudoCatalogue(source: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(source).map(([id, m]) => [id, pseudoLocalise(m)]));
}

export const catalogueUrl = (locale: string) =>
  new URL(`./messages/${locale}.json`, import.meta.url);

/** The pseudo catalogue file's exact text, as this script writes it. */
export function pseudoCatalogueText(): string {
  const source = JSON.parse(readFileSync(catalogueUrl(defaultLocale), "utf8"));
  return `${JSON.stringify(pseudoCatalogue(source), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(catalogueUrl(pseudoLocale), pseudoCatalogueText());
  console.log(`wrote messages/${pseudoLocale}.json`);
}

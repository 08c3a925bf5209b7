/**
 * Keeps the catalogues in step with the code: extracts every `defineMessages` /
 * `<FormattedMessage>` default message under `ui/` into `messages/en-US.json` (the formatjs
 * CLI), then regenerates the pseudo-locale. Translators then fill the other locales; the
 * catalogue test names every message a locale lacks.
 *
 *   npx tsx ui/i18n/extract.ts
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defaultLocale, pseudoLocale } from "../../protocol/locales.ts";
import { catalogueUrl, pseudoCatalogueText } from "./pseudo.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The en-US catalogue as the code defines it, as formatjs extracts it (sorted by id). */
export function extractDefaultMessages(): Record<string, string> {
  const out = execFileSync(
    "npx",
    [
      "formatjs",
      "extract",
      "ui/**/*.{ts,tsx}",
      "--ignore",
      "**/*.test.*",
      "--format",
      "simple",
      "--throws",
    ],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  return JSON.parse(out);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const messages = extractDefaultMessages();
  writeFileSync(catalogueUrl(defaultLocale), `${JSON.stringify(messages, null, 2)}\n`);
  writeFileSync(catalogueUrl(pseudoLocale), pseudoCatalogueText());
  console.log(`extracted ${Object.keys(messages).length} messages; rewrote ${pseudoLocale}`);
}

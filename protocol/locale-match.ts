/**
 * How any requested locale resolves to a catalogue: the CLDR "best fit" language matcher of
 * `@formatjs/intl-localematcher`, so regional variants land on their closest catalogue
 * (fr-BE → fr-FR, es-MX → es-419, zh-CN → zh-Hans, zh-TW → zh-Hant-TW, pt → pt-BR), other
 * languages on the one CLDR falls back to (ca → es-ES), and anything unknown on the default,
 * en-US. The SDK (validating the platform's option), the provider's pages and the frames
 * share it; the frames and the popup import it only for a tag `exactLocale` cannot decide
 * (`ui/i18n/resolve.ts`), so first paint carries no matching data for a catalogue's own tag.
 */
import { match } from "@formatjs/intl-localematcher";
import {
  defaultLocale,
  exactLocale,
  isSupportedLocale,
  type Locale,
  requestedTags,
  supportedLocales,
} from "./locales.ts";

/**
 * The catalogue locale for what the platform asked for. `requested` may be one tag or a
 * preference list (the option first, then the browser's `navigator.languages`); ill-formed
 * tags are skipped; nothing usable gives en-US.
 */
export function resolveLocale(
  requested: string | readonly (string | undefined)[] | undefined,
): Locale {
  const exact = exactLocale(requested);
  if (exact) return exact;
  const resolved = match(requestedTags(requested), supportedLocales, defaultLocale, {
    algorithm: "best fit",
  });
  return isSupportedLocale(resolved) ? resolved : defaultLocale;
}

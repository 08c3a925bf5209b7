/**
 * The catalogue locale for a request, in a frame or the popup: a catalogue's own tag (or
 * nothing asked) at once, any other tag through the CLDR matcher, loaded then (its own chunk
 * of about 10 KB) and remembered per request. So first paint carries no matching data unless
 * the platform asks for a tag without a catalogue (issue 13; protocol/locale-match.ts).
 */
import { exactLocale, type Locale } from "../../protocol/locales.ts";

/** One tag or a preference list, as the platform's option or the browser gives it. */
export type LocaleRequest = string | readonly (string | undefined)[] | undefined;

/** A request as a key: equal requests, equal keys (a list is a new array on every render). */
export const localeRequestKey = (requested: LocaleRequest) => JSON.stringify(requested ?? null);

const matched = new Map<string, Locale>();

/** The catalogue locale when it is known without loading anything, else undefined. */
export const knownLocale = (requested: LocaleRequest): Locale | undefined =>
  exactLocale(requested) ?? matched.get(localeRequestKey(requested));

/** The catalogue locale: at once when known, else once the matcher has decided. */
export function resolveLocaleLazily(requested: LocaleRequest): Locale | Promise<Locale> {
  const known = knownLocale(requested);
  if (known) return known;
  return import("../../protocol/locale-match.ts").then(({ resolveLocale }) => {
    const locale = resolveLocale(requested);
    matched.set(localeRequestKey(requested), locale);
    return locale;
  });
}

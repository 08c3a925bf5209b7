/**
 * The locales of the components (SPEC.md §1) and how a requested locale resolves to one of them.
 *
 * SPEC.md lists 44 locales ("about 45"); the debug pseudo-locale makes 45 catalogues. The
 * pseudo-locale uses `en-XA`, the tag Android and Chromium reserve for accented, lengthened
 * English: it catches clipped layouts and hard-coded strings.
 *
 * A requested tag that names a catalogue, or nothing at all, resolves here (`exactLocale`),
 * with no matching data. Any other tag needs the CLDR "best fit" matcher of
 * `protocol/locale-match.ts` (`resolveLocale`), a module of its own so that a frame loads its
 * 10 KB only when the platform asks for a tag without a catalogue of its own (issue 13).
 */
import * as z from "zod/mini";

/** The locales of SPEC.md §1, in the spec's order. */
export const locales = [
  "en-US",
  "en-GB",
  "en-AU",
  "en-IE",
  "en-IN",
  "en-NZ",
  "en-SG",
  "fr-FR",
  "fr-CA",
  "de-DE",
  "es-ES",
  "es-419",
  "ja-JP",
  "zh-Hans",
  "zh-Hant-HK",
  "zh-Hant-TW",
  "pt-BR",
  "pt-PT",
  "nl-NL",
  "it-IT",
  "pl-PL",
  "sv-SE",
  "da-DK",
  "fi-FI",
  "nb-NO",
  "cs-CZ",
  "sk-SK",
  "hu-HU",
  "ro-RO",
  "bg-BG",
  "el-GR",
  "hr-HR",
  "sl-SI",
  "lt-LT",
  "lv-LV",
  "et-EE",
  "mt-MT",
  "tr-TR",
  "th-TH",
  "vi-VN",
  "id-ID",
  "ms-MY",
  "fil-PH",
  "ko-KR",
] as const;

/** The debug pseudo-locale: en-US accented and lengthened. */
export const pseudoLocale = "en-XA" as const;

/** The default locale, and the source of every other catalogue. */
export const defaultLocale = "en-US" as const;

/** Every locale that has a catalogue. */
export const supportedLocales = [...locales, pseudoLocale] as const;

export type Locale = (typeof supportedLocales)[number];

const supportedSet: ReadonlySet<string> = new Set(supportedLocales);

export const isSupportedLocale = (tag: string): tag is Locale => supportedSet.has(tag);

/**
 * Canonicalises a tag the way `Intl` does (case, `_` → `-`), or undefined when it is not a
 * well-formed BCP 47 tag.
 */
export function canonicalLocale(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag.trim().replaceAll("_", "-"))[0];
  } catch {
    return undefined;
  }
}

/**
 * The platform's `locale` option (SDK loader and `update()`): a BCP 47 tag. A tag we have no
 * catalogue for is still valid: it resolves to the closest one (or en-US), it is not an error.
 */
export const localeOptionSchema = z.string().check(
  z.minLength(1),
  z.refine((tag) => canonicalLocale(tag) !== undefined, { message: "not a BCP 47 language tag" }),
);

/** The well-formed tags of a request (one tag or a preference list), canonicalised. */
export function requestedTags(
  requested: string | readonly (string | undefined)[] | undefined,
): string[] {
  const list = typeof requested === "string" ? [requested] : (requested ?? []);
  return list.flatMap((tag) => {
    const canonical = tag === undefined ? undefined : canonicalLocale(tag);
    return canonical ? [canonical] : [];
  });
}

/**
 * The catalogue locale for a request that needs no matching: nothing usable asked for gives
 * en-US, and a first usable tag that names a catalogue gives that catalogue (the "best fit"
 * matcher answers the same for both: `locale-match.test.ts` checks every catalogue). Anything
 * else is undefined: `resolveLocale` of `protocol/locale-match.ts` decides it.
 */
export function exactLocale(
  requested: string | readonly (string | undefined)[] | undefined,
): Locale | undefined {
  const first = requestedTags(requested)[0];
  if (first === undefined) return defaultLocale;
  return isSupportedLocale(first) ? first : undefined;
}

type LocaleWithTextInfo = Intl.Locale & {
  getTextInfo?: () => { direction?: string };
  textInfo?: { direction?: string };
};

/**
 * The writing direction of a locale, for `<html dir>`. None of today's catalogues is
 * right-to-left, but the layout is written so that one can be added (logical CSS only).
 */
export function textDirection(tag: string): "ltr" | "rtl" {
  try {
    const locale = new Intl.Locale(tag) as LocaleWithTextInfo;
    const info = locale.getTextInfo?.() ?? locale.textInfo;
    return info?.direction === "rtl" ? "rtl" : "ltr";
  } catch {
    return "ltr";
  }
}

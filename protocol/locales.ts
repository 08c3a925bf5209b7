/**
 * The locales of the components (SPEC.md §1) and how a requested locale resolves to one of them.
 *
 * SPEC.md lists 44 locales ("about 45"); the debug pseudo-locale makes 45 catalogues. The
 * pseudo-locale uses `en-XA`, the tag Android and Chromium reserve for accented, lengthened
 * English: it catches clipped layouts and hard-coded strings.
 *
 * Resolution uses the CLDR "best fit" language matcher of `@formatjs/intl-localematcher`, so
 * regional variants land on their closest catalogue (fr-BE → fr-FR, es-MX → es-419, zh-CN →
 * zh-Hans, zh-TW → zh-Hant-TW, pt → pt-BR) and anything unknown on the default, en-US.
 * The SDK (validating the platform's option) and the frames (choosing a catalogue) share it.
 */
import { match } from "@formatjs/intl-localematcher";
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

/**
 * The catalogue locale for what the platform asked for. `requested` may be one tag or a
 * preference list (the option first, then the browser's `navigator.languages`); ill-formed
 * tags are skipped; nothing usable gives en-US.
 */
export function resolveLocale(
  requested: string | readonly (string | undefined)[] | undefined,
): Locale {
  const list = typeof requested === "string" ? [requested] : (requested ?? []);
  const tags = list.flatMap((tag) => {
    const canonical = tag === undefined ? undefined : canonicalLocale(tag);
    return canonical ? [canonical] : [];
  });
  if (tags.length === 0) return defaultLocale;
  const resolved = match(tags, supportedLocales, defaultLocale, { algorithm: "best fit" });
  return isSupportedLocale(resolved) ? resolved : defaultLocale;
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

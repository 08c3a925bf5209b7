import { describe, expect, it } from "vitest";
import {
  canonicalLocale,
  defaultLocale,
  localeOptionSchema,
  locales,
  pseudoLocale,
  resolveLocale,
  supportedLocales,
  textDirection,
} from "./locales.ts";

describe("the locales of SPEC.md §1", () => {
  it("lists the 44 locales of the spec plus the pseudo-locale, each once", () => {
    expect(locales).toHaveLength(44);
    expect(new Set(supportedLocales).size).toBe(45);
    expect(supportedLocales).toContain(pseudoLocale);
  });

  it("lists only tags that are already canonical, so a catalogue file name is the tag", () => {
    for (const tag of supportedLocales) expect(canonicalLocale(tag)).toBe(tag);
  });

  it("lists only locales that Intl can format in", () => {
    for (const tag of locales) {
      expect(Intl.NumberFormat.supportedLocalesOf([tag], { localeMatcher: "lookup" })).toEqual([
        tag,
      ]);
    }
  });
});

describe("locale fallback", () => {
  it.each([
    ["fr-BE", "fr-FR"],
    ["fr-CH", "fr-FR"],
    ["es-MX", "es-419"],
    ["es-AR", "es-419"],
    ["zh-CN", "zh-Hans"],
    ["zh-SG", "zh-Hans"],
    ["zh-TW", "zh-Hant-TW"],
    ["zh-HK", "zh-Hant-HK"],
    ["pt", "pt-BR"],
    ["pt-AO", "pt-PT"],
    ["en", "en-US"],
    ["de-AT", "de-DE"],
    ["nn-NO", "nb-NO"],
    ["no", "nb-NO"],
    ["tl", "fil-PH"],
  ])("%s falls back to %s", (requested, expected) => {
    expect(resolveLocale(requested)).toBe(expected);
  });

  it.each(supportedLocales.map((tag) => [tag]))("%s resolves to itself", (tag) => {
    expect(resolveLocale(tag)).toBe(tag);
  });

  it("ignores case and underscores in the requested tag", () => {
    expect(resolveLocale("FR_be")).toBe("fr-FR");
    expect(resolveLocale("zh-hant-tw")).toBe("zh-Hant-TW");
  });

  it.each([["xx"], ["ar-EG"], ["not a locale"], [""]])("unknown %j falls back to en-US", (tag) => {
    expect(resolveLocale(tag)).toBe(defaultLocale);
  });

  it("falls back to en-US when nothing is requested", () => {
    expect(resolveLocale(undefined)).toBe("en-US");
    expect(resolveLocale([])).toBe("en-US");
  });

  it("takes the first usable entry of a preference list (option, then the browser's)", () => {
    expect(resolveLocale([undefined, "!!", "ko", "fr-FR"])).toBe("ko-KR");
    expect(resolveLocale(["de-CH", "fr-FR"])).toBe("de-DE");
  });
});

describe("the locale option schema", () => {
  it("accepts any well-formed tag, supported or not", () => {
    expect(localeOptionSchema.safeParse("fr-BE").success).toBe(true);
    expect(localeOptionSchema.safeParse("sw-KE").success).toBe(true);
  });

  it("rejects what is not a language tag", () => {
    expect(localeOptionSchema.safeParse("not a locale").success).toBe(false);
    expect(localeOptionSchema.safeParse("").success).toBe(false);
    expect(localeOptionSchema.safeParse(42).success).toBe(false);
  });
});

describe("text direction", () => {
  it("is left-to-right for every supported locale", () => {
    for (const tag of supportedLocales) expect(textDirection(tag)).toBe("ltr");
  });

  it("is right-to-left for Arabic and Hebrew, should a catalogue be added", () => {
    expect(textDirection("ar-EG")).toBe("rtl");
    expect(textDirection("he")).toBe("rtl");
  });

  it("is left-to-right for what is not a tag", () => {
    expect(textDirection("!!")).toBe("ltr");
  });
});

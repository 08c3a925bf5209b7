import { describe, expect, it } from "vitest";
import {
  canonicalLocale,
  exactLocale,
  localeOptionSchema,
  locales,
  pseudoLocale,
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

describe("a request that needs no matching", () => {
  it.each(supportedLocales.map((tag) => [tag]))("%s is its own catalogue, in any case", (tag) => {
    expect(exactLocale(tag)).toBe(tag);
    expect(exactLocale(tag.toLowerCase().replaceAll("-", "_"))).toBe(tag);
  });

  it("is en-US when nothing usable is asked for", () => {
    expect(exactLocale(undefined)).toBe("en-US");
    expect(exactLocale([])).toBe("en-US");
    expect(exactLocale(["!!", undefined])).toBe("en-US");
  });

  it("is the first usable entry of a preference list when that names a catalogue", () => {
    expect(exactLocale([undefined, "!!", "ko-KR", "fr-BE"])).toBe("ko-KR");
  });

  it("leaves a tag without a catalogue of its own to the matcher", () => {
    expect(exactLocale("fr-BE")).toBeUndefined();
    expect(exactLocale("en")).toBeUndefined();
    expect(exactLocale(["de-CH", "de-DE"])).toBeUndefined();
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

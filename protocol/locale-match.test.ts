import { match } from "@formatjs/intl-localematcher";
import { describe, expect, it } from "vitest";
import { resolveLocale } from "./locale-match.ts";
import { defaultLocale, exactLocale, supportedLocales } from "./locales.ts";

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

describe("the shortcut without matching data", () => {
  // exactLocale answers without the matcher's data only where the matcher would answer the
  // same: asked directly (no shortcut), "best fit" agrees for every catalogue's tag, alone or
  // first in a preference list, and for nothing asked.
  const bestFit = (tags: string[]) =>
    match(tags, supportedLocales, defaultLocale, { algorithm: "best fit" });

  it.each(supportedLocales.map((tag) => [tag]))("the matcher gives %s for its own tag", (tag) => {
    for (const request of [[tag], [tag, "fr-BE"], [tag, "de"], [tag, "zh-TW"], [tag, "en-US"]])
      expect(bestFit(request)).toBe(exactLocale(request));
  });

  it("the matcher gives en-US for nothing asked, as the shortcut does", () => {
    expect(bestFit([])).toBe(exactLocale([]));
  });
});

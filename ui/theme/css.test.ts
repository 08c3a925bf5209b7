import { describe, expect, it } from "vitest";
import {
  darkTheme,
  lightTheme,
  themeVariableNames,
  validateAppearance,
  validateFonts,
} from "../../protocol/appearance.schema.ts";
import { provider } from "../../protocol/provider.ts";
import {
  appearanceStylesheet,
  baseStylesheet,
  cssVar,
  cssVariablePrefix,
  fontFaceRules,
  physicalCssPattern,
  v,
} from "./css.ts";

describe("CSS custom properties", () => {
  it("are named from the provider id, in kebab case", () => {
    expect(cssVariablePrefix).toBe(`--${provider.id}-`);
    expect(cssVar("colorPrimary")).toBe(`--${provider.id}-color-primary`);
    expect(cssVar("headingXlTextTransform")).toBe(`--${provider.id}-heading-xl-text-transform`);
    expect(v("spacingUnit")).toBe(`var(--${provider.id}-spacing-unit)`);
  });

  it("give every variable a distinct property", () => {
    expect(new Set(themeVariableNames.map(cssVar)).size).toBe(themeVariableNames.length);
  });

  it("a light appearance declares every variable once, with the platform's values applied", () => {
    const { appearance } = validateAppearance({ variables: { colorPrimary: "#ff5500" } });
    const css = appearanceStylesheet(appearance);
    expect(css).toContain("color-scheme: light;");
    expect(css).toContain(`${cssVar("colorPrimary")}: #ff5500;`);
    expect(css).toContain(`${cssVar("colorBackground")}: ${lightTheme.colorBackground};`);
    expect(css.match(new RegExp(`${cssVar("colorText")}:`, "g"))).toHaveLength(1);
  });

  it("a dark appearance uses the dark theme", () => {
    const { appearance } = validateAppearance({ theme: "dark" });
    const css = appearanceStylesheet(appearance);
    expect(css).toContain("color-scheme: dark;");
    expect(css).toContain(`${cssVar("colorBackground")}: ${darkTheme.colorBackground};`);
    expect(css).not.toContain("prefers-color-scheme");
  });

  it("a system appearance follows prefers-color-scheme", () => {
    const { appearance } = validateAppearance({
      theme: "system",
      darkVariables: { colorPrimary: "#abcdef" },
    });
    const css = appearanceStylesheet(appearance);
    const [light, dark] = css.split("@media (prefers-color-scheme: dark)");
    expect(light).toContain(`${cssVar("colorBackground")}: ${lightTheme.colorBackground};`);
    expect(dark).toContain(`${cssVar("colorBackground")}: ${darkTheme.colorBackground};`);
    expect(dark).toContain(`${cssVar("colorPrimary")}: #abcdef;`);
    expect(light).not.toContain("#abcdef");
  });

  it("a rejected value never reaches the stylesheet", () => {
    const { appearance } = validateAppearance({
      variables: { colorPrimary: "red; } body { display: none" },
    });
    const css = appearanceStylesheet(appearance);
    expect(css).not.toContain("display: none");
    expect(css).toContain(`${cssVar("colorPrimary")}: ${lightTheme.colorPrimary};`);
  });
});

describe("custom fonts as CSS", () => {
  it("declares each font face and never imports a font stylesheet", () => {
    const { fonts } = validateFonts([
      { family: "Brand", src: 'url(https://cdn.example.com/b.woff2) format("woff2")', weight: 700 },
      { cssSrc: "https://fonts.example.com/css?family=Inter" },
      { family: "Plain", src: "https://cdn.example.com/p.woff2", style: "italic" },
    ]);
    const css = fontFaceRules(fonts);
    expect(css).not.toContain("@import");
    expect(css).not.toContain("fonts.example.com");
    expect(css).toContain('font-family: "Brand";');
    expect(css).toContain('src: url(https://cdn.example.com/b.woff2) format("woff2");');
    expect(css).toContain("font-weight: 700;");
    expect(css).toContain('src: url("https://cdn.example.com/p.woff2");');
    expect(css).toContain("font-style: italic;");
    expect(css.match(/font-display: swap;/g)).toHaveLength(2);
  });
});

describe("the base stylesheet", () => {
  it("reads the theme only through known variables", () => {
    const known = new Set(themeVariableNames.map(cssVar));
    const used = [...baseStylesheet.matchAll(/var\((--[\w-]+)\)/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(10);
    for (const name of used) expect(known.has(name), name).toBe(true);
  });

  it("has no colour literal of its own", () => {
    expect(baseStylesheet).not.toMatch(/#[0-9a-f]{3,8}\b|rgba?\(/i);
  });

  it("uses logical properties only, for right-to-left safety", () => {
    expect(baseStylesheet).not.toMatch(physicalCssPattern);
  });

  it("the physical-property check catches what it should", () => {
    for (const bad of [
      "a { margin-left: 0 }",
      "a{padding-right:1px}",
      "a { left: 0 }",
      "a { text-align: right }",
    ]) {
      expect(bad).toMatch(physicalCssPattern);
    }
    expect("a { margin-inline-start: 0; inset-inline-start: 0 }").not.toMatch(physicalCssPattern);
  });
});

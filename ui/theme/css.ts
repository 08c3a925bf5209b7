/**
 * Turns an accepted appearance into CSS: custom properties named after the provider
 * (`--<provider.id>-color-primary`), @font-face / @import rules for custom fonts, and the base
 * stylesheet. Every stylesheet of the UI reads the theme only through `v(name)`, and lays out
 * with logical properties (margin-inline, inset-inline-start...) so a right-to-left locale
 * would mirror correctly.
 *
 * Values reaching here passed `validateAppearance` / `validateFonts`, whose grammars exclude
 * anything that could end a declaration or a rule.
 */
import {
  type AcceptedAppearance,
  type FontSource,
  fontSrcUrls,
  resolveTheme,
  type ThemeVariableName,
  type ThemeVariables,
  themeVariableNames,
} from "../../protocol/appearance.schema.ts";
import { provider } from "../../protocol/provider.ts";

/** `--<provider.id>-`: derived from the provider configuration, never spelled here. */
export const cssVariablePrefix = `--${provider.id}-`;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The custom property of a theme variable: `colorPrimary` → `--<id>-color-primary`. */
export const cssVar = (name: ThemeVariableName) => `${cssVariablePrefix}${kebab(name)}`;

/** A reference to a theme variable, for stylesheets: `var(--<id>-color-primary)`. */
export const v = (name: ThemeVariableName) => `var(${cssVar(name)})`;

/** `n` spacing units: `calc(var(--<id>-spacing-unit) * n)`. */
export const space = (n: number) => `calc(${v("spacingUnit")} * ${n})`;

/** One declaration per variable, for a rule body. */
export function themeDeclarations(variables: ThemeVariables): string {
  return themeVariableNames.map((name) => `  ${cssVar(name)}: ${variables[name]};`).join("\n");
}

/**
 * The custom properties of an appearance on `selector`. `system` writes both schemes and lets
 * `prefers-color-scheme` choose, so the frame follows the user's setting live.
 */
export function appearanceStylesheet(appearance: AcceptedAppearance, selector = ":root"): string {
  const rule = (scheme: string, variables: ThemeVariables) =>
    `${selector} {\n  color-scheme: ${scheme};\n${themeDeclarations(variables)}\n}`;
  const light = resolveTheme(appearance, "light");
  const dark = resolveTheme(appearance, "dark");
  switch (appearance.theme) {
    case "light":
      return rule("light", light);
    case "dark":
      return rule("dark", dark);
    case "system":
      return `${rule("light dark", light)}\n@media (prefers-color-scheme: dark) {\n${rule("light dark", dark)}\n}`;
  }
}

const cssString = (s: string) => `"${s.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

/** The stylesheet URLs of the `{ cssSrc }` fonts, for <link> elements. */
/**
 * One @font-face rule per `{ family, src, ... }` font. A `{ cssSrc }` font stylesheet is never
 * linked or imported into a frame (its selectors could read what the frame shows): the frame
 * fetches it through the data layer and rebuilds its @font-face rules as such fonts
 * (`ui/theme/font-faces.ts`).
 */
export function fontFaceRules(fonts: readonly FontSource[]): string {
  const faces: string[] = [];
  for (const font of fonts) {
    if ("cssSrc" in font) continue;
    const urls = fontSrcUrls(font.src) ?? [];
    // Keep the format() hints of a url(...) list; a bare URL has none.
    const src = font.src.trim().startsWith("url(")
      ? font.src.trim()
      : urls.map((u) => `url(${cssString(u)})`).join(", ");
    const body = [
      `font-family: ${cssString(font.family)};`,
      `src: ${src};`,
      font.weight ? `font-weight: ${font.weight};` : undefined,
      font.style ? `font-style: ${font.style};` : undefined,
      `font-display: ${font.display ?? "swap"};`,
      font.unicodeRange ? `unicode-range: ${font.unicodeRange};` : undefined,
    ].filter(Boolean);
    faces.push(`@font-face {\n  ${body.join("\n  ")}\n}`);
  }
  return faces.join("\n");
}

/** The type scale as classes: `.kit-heading-xl`, `.kit-body-sm`, `.kit-label-md`. */
const typeScaleRules = (
  [
    ["heading-xl", "headingXl", true],
    ["heading-lg", "headingLg", true],
    ["heading-md", "headingMd", true],
    ["heading-sm", "headingSm", true],
    ["heading-xs", "headingXs", true],
    ["body-md", "bodyMd", false],
    ["body-sm", "bodySm", false],
    ["label-md", "labelMd", true],
    ["label-sm", "labelSm", true],
  ] as const
)
  .map(([cls, name, transform]) => {
    const size = v(`${name}FontSize` as ThemeVariableName);
    const weight = v(`${name}FontWeight` as ThemeVariableName);
    const tt = transform
      ? ` text-transform: ${v(`${name}TextTransform` as ThemeVariableName)};`
      : "";
    return `.kit-${cls} { font-size: ${size}; font-weight: ${weight};${tt} margin-block: 0; }`;
  })
  .join("\n");

/** The document-level rules every frame loads before the kit's. */
export const baseStylesheet = `
*, *::before, *::after { box-sizing: border-box; }
html { font-size: ${v("fontSizeBase")}; -webkit-text-size-adjust: 100%; }
body {
  margin: 0;
  font-family: ${v("fontFamily")};
  font-size: ${v("bodyMdFontSize")};
  font-weight: ${v("bodyMdFontWeight")};
  line-height: 1.5;
  color: ${v("colorText")};
  background-color: ${v("colorBackground")};
  overflow-wrap: anywhere;
}
:focus-visible { outline: 2px solid ${v("focusRingColor")}; outline-offset: 2px; }
${typeScaleRules}
.kit-secondary-text { color: ${v("colorSecondaryText")}; }
.kit-visually-hidden {
  position: absolute; inline-size: 1px; block-size: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0;
}
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
}
`.trim();

/** Physical properties and values that break right-to-left layouts; the kit never uses them. */
export const physicalCssPattern =
  /(?:^|[\s;{])(?:margin|padding|border)-(?:left|right)\b|(?:^|[\s;{])(?:left|right)\s*:|text-align\s*:\s*(?:left|right)|float\s*:\s*(?:left|right)|border-(?:top|bottom)-(?:left|right)-radius/;

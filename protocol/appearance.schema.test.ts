import { describe, expect, it } from "vitest";
import {
  darkTheme,
  fontSrcUrls,
  isAllowedFontUrl,
  isCssColour,
  isCssLength,
  isFontFamily,
  lightTheme,
  resolveTheme,
  type ThemeVariables,
  themeVariableKinds,
  themeVariableNames,
  validateAppearance,
  validateFonts,
  variableKinds,
} from "./appearance.schema.ts";

describe("the theme variables", () => {
  it("are at least as rich as the market leader's (about 90)", () => {
    expect(themeVariableNames.length).toBeGreaterThanOrEqual(90);
  });

  it.each([
    ["colorPrimary"],
    ["colorBackground"],
    ["colorText"],
    ["colorSecondaryText"],
    ["colorDanger"],
    ["colorBorder"],
    ["offsetBackgroundColor"],
    ["formBackgroundColor"],
    ["formHighlightColorBorder"],
    ["fontFamily"],
    ["fontSizeBase"],
    ["spacingUnit"],
    ["borderRadius"],
    ["buttonPrimaryColorBackground"],
    ["actionPrimaryColorText"],
    ["badgeWarningColorBorder"],
    ["inputFieldPaddingX"],
    ["tableRowPaddingY"],
    ["overlayBorderRadius"],
    ["overlayZIndex"],
    ["overlayBackdropColor"],
    ["headingXlTextTransform"],
    ["bodySmFontWeight"],
    ["labelMdFontSize"],
  ])("include %s", (name) => {
    expect(themeVariableNames).toContain(name);
  });

  it("have light and dark defaults that each pass their own validation", () => {
    for (const theme of [lightTheme, darkTheme]) {
      expect(Object.keys(theme).sort()).toEqual([...themeVariableNames].sort());
      for (const name of themeVariableNames) {
        const parsed = variableKinds[themeVariableKinds[name]].safeParse(theme[name]);
        expect(parsed.success, `${name}: ${theme[name]}`).toBe(true);
      }
    }
  });
});

// WCAG 2.x relative luminance and contrast ratio, for #rrggbb.
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe("colour contrast AA with the default themes", () => {
  const textPairs: [keyof ThemeVariables, keyof ThemeVariables][] = [
    ["colorText", "colorBackground"],
    ["colorSecondaryText", "colorBackground"],
    ["colorText", "offsetBackgroundColor"],
    ["colorSecondaryText", "offsetBackgroundColor"],
    ["colorDanger", "colorBackground"],
    ["colorSuccess", "colorBackground"],
    ["colorWarning", "colorBackground"],
    ["colorPrimary", "colorBackground"],
    ["actionPrimaryColorText", "colorBackground"],
    ["actionSecondaryColorText", "colorBackground"],
    ["buttonPrimaryColorText", "buttonPrimaryColorBackground"],
    ["buttonSecondaryColorText", "buttonSecondaryColorBackground"],
    ["buttonDangerColorText", "buttonDangerColorBackground"],
    ["badgeNeutralColorText", "badgeNeutralColorBackground"],
    ["badgeSuccessColorText", "badgeSuccessColorBackground"],
    ["badgeWarningColorText", "badgeWarningColorBackground"],
    ["badgeDangerColorText", "badgeDangerColorBackground"],
    ["colorText", "formBackgroundColor"],
    ["formPlaceholderTextColor", "formBackgroundColor"],
  ];
  // Non-text: focus ring and control borders need 3:1 (WCAG 1.4.11).
  const uiPairs: [keyof ThemeVariables, keyof ThemeVariables][] = [
    ["focusRingColor", "colorBackground"],
    ["formHighlightColorBorder", "formBackgroundColor"],
    ["buttonSecondaryColorBorder", "colorBackground"],
    ["formColorBorder", "formBackgroundColor"],
    ["formColorBorder", "colorBackground"],
  ];

  for (const [label, theme] of [
    ["light", lightTheme],
    ["dark", darkTheme],
  ] as const) {
    it.each(textPairs)(`${label}: %s on %s is at least 4.5:1`, (fg, bg) => {
      expect(contrast(theme[fg], theme[bg])).toBeGreaterThanOrEqual(4.5);
    });
    it.each(uiPairs)(`${label}: %s against %s is at least 3:1`, (fg, bg) => {
      expect(contrast(theme[fg], theme[bg])).toBeGreaterThanOrEqual(3);
    });
  }
});

describe("value kinds", () => {
  it.each([
    ["#fff"],
    ["#FFFA"],
    ["#1d4ed8"],
    ["#1d4ed880"],
    ["rebeccapurple"],
    ["Transparent"],
    ["rgb(10, 20, 30)"],
    ["rgba(10, 20, 30, 0.5)"],
    ["rgb(10 20 30 / 50%)"],
    ["hsl(210, 50%, 40%)"],
    ["hsl(210deg 50% 40% / .5)"],
    ["hwb(210 10% 20%)"],
    ["oklch(0.7 0.1 250)"],
    ["lab(50% 40 59.5)"],
  ])("%s is a CSS colour", (value) => {
    expect(isCssColour(value)).toBe(true);
  });

  it.each([
    ["#ggg"],
    ["#12345"],
    ["blu"],
    ["rgb(1, 2)"],
    ["red; background: url(https://evil.example/x)"],
    ["url(https://evil.example/x)"],
    ["var(--x)"],
    ["expression(alert(1))"],
    [""],
  ])("%j is not a CSS colour", (value) => {
    expect(isCssColour(value)).toBe(false);
  });

  it("lengths are non-negative px or rem", () => {
    for (const ok of ["0", "4px", "1.5rem", ".5rem", "12.25px"]) expect(isCssLength(ok)).toBe(true);
    for (const bad of ["-4px", "4", "4em", "4 px", "calc(1px + 2px)", "4px;", "10%"]) {
      expect(isCssLength(bad)).toBe(false);
    }
  });

  it("font families are quoted names or identifiers", () => {
    expect(isFontFamily('"Inter", system-ui, sans-serif')).toBe(true);
    expect(isFontFamily("'Open Sans', Arial")).toBe(true);
    expect(isFontFamily("Inter; } body { display: none")).toBe(false);
    expect(isFontFamily('"Inter", url(x)')).toBe(false);
    expect(isFontFamily("Inter,,Arial")).toBe(false);
  });

  it("font weights and z-indexes accept numbers and numeric strings, as CSS strings", () => {
    expect(variableKinds.fontWeight.parse(600)).toBe("600");
    expect(variableKinds.fontWeight.parse("700")).toBe("700");
    expect(variableKinds.fontWeight.parse("bold")).toBe("bold");
    expect(variableKinds.fontWeight.safeParse(1200).success).toBe(false);
    expect(variableKinds.fontWeight.safeParse("heavy").success).toBe(false);
    expect(variableKinds.zIndex.parse(10)).toBe("10");
    expect(variableKinds.zIndex.parse("-1")).toBe("-1");
    expect(variableKinds.zIndex.safeParse(1.5).success).toBe(false);
    expect(variableKinds.zIndex.safeParse("auto").success).toBe(false);
  });
});

describe("validateAppearance", () => {
  it("accepts valid variables and normalises them to CSS strings", () => {
    const { appearance, warnings } = validateAppearance({
      theme: "dark",
      variables: { colorPrimary: " #ff5500 ", overlayZIndex: 50, buttonLabelFontWeight: 700 },
    });
    expect(warnings).toEqual([]);
    expect(appearance).toEqual({
      theme: "dark",
      variables: { colorPrimary: "#ff5500", overlayZIndex: "50", buttonLabelFontWeight: "700" },
      darkVariables: {},
    });
  });

  it("ignores a bad value with a warning naming it, and still applies the rest", () => {
    const { appearance, warnings } = validateAppearance({
      variables: { colorPrimary: "notacolour", colorText: "#111111", spacingUnit: "8em" },
    });
    expect(appearance.variables).toEqual({ colorText: "#111111" });
    expect(warnings.map((w) => w.path)).toEqual([
      "appearance.variables.colorPrimary",
      "appearance.variables.spacingUnit",
    ]);
    expect(warnings[0]!.message).toContain('"notacolour"');
    expect(warnings[0]!.message).toContain("is not a CSS colour");
    expect(warnings[1]!.message).toContain("is not a length in px or rem");
  });

  it("warns about unknown variables and options, and a bad theme", () => {
    const { appearance, warnings } = validateAppearance({
      theme: "sepia",
      colours: {},
      variables: { colourPrimary: "#000" },
    });
    expect(appearance.theme).toBe("light");
    expect(warnings.map((w) => w.path).sort()).toEqual([
      "appearance.colours",
      "appearance.theme",
      "appearance.variables.colourPrimary",
    ]);
  });

  it("does not let a prototype key pass as a variable", () => {
    const { appearance, warnings } = validateAppearance({
      variables: JSON.parse('{"__proto__": "#000", "toString": "#000"}'),
    });
    expect(appearance.variables).toEqual({});
    expect(warnings).toHaveLength(2);
  });

  it("never throws, whatever it is given", () => {
    for (const input of [null, undefined, 42, "dark", [], { variables: [] }, { variables: 5 }]) {
      expect(() => validateAppearance(input)).not.toThrow();
    }
    expect(validateAppearance("dark").warnings[0]!.path).toBe("appearance");
    expect(validateAppearance({ variables: [] }).warnings[0]!.path).toBe("appearance.variables");
  });

  it("dark variables apply over the dark theme, plain variables in both schemes", () => {
    const { appearance } = validateAppearance({
      theme: "system",
      variables: { colorPrimary: "#123456", fontSizeBase: "15px" },
      darkVariables: { colorPrimary: "#abcdef" },
    });
    const light = resolveTheme(appearance, "light");
    const dark = resolveTheme(appearance, "dark");
    expect(light.colorPrimary).toBe("#123456");
    expect(dark.colorPrimary).toBe("#abcdef");
    expect(dark.fontSizeBase).toBe("15px");
    expect(light.colorBackground).toBe(lightTheme.colorBackground);
    expect(dark.colorBackground).toBe(darkTheme.colorBackground);
  });
});

describe("custom fonts", () => {
  it("allows https anywhere, and http only on a loopback host in development", () => {
    expect(isAllowedFontUrl("https://fonts.example.com/inter.css")).toBe(true);
    expect(isAllowedFontUrl("http://fonts.example.com/inter.css")).toBe(false);
    expect(isAllowedFontUrl("http://127.0.0.1:4000/f.woff2")).toBe(false);
    expect(isAllowedFontUrl("http://127.0.0.1:4000/f.woff2", { development: true })).toBe(true);
    expect(isAllowedFontUrl("http://localhost:4000/f.woff2", { development: true })).toBe(true);
    expect(isAllowedFontUrl("http://[::1]:4000/f.woff2", { development: true })).toBe(true);
    expect(isAllowedFontUrl("http://example.com/f.woff2", { development: true })).toBe(false);
    expect(isAllowedFontUrl("javascript:alert(1)")).toBe(false);
    expect(isAllowedFontUrl("data:font/woff2;base64,AAAA")).toBe(false);
    expect(isAllowedFontUrl("https://user:pw@fonts.example.com/x.css")).toBe(false);
  });

  it("reads the URLs of a src list", () => {
    expect(
      fontSrcUrls(
        'url(https://a.example/x.woff2) format("woff2"), url("https://a.example/x.woff")',
      ),
    ).toEqual(["https://a.example/x.woff2", "https://a.example/x.woff"]);
    expect(fontSrcUrls("https://a.example/x.woff2")).toEqual(["https://a.example/x.woff2"]);
    expect(fontSrcUrls("url(https://a.example/x.woff2) format(exe)")).toBeUndefined();
    expect(fontSrcUrls("url(https://a.example/x.woff2); } body {")).toBeUndefined();
  });

  it("keeps valid sources and warns about each bad one by its index", () => {
    const { fonts, warnings } = validateFonts([
      { cssSrc: "https://fonts.example.com/css?family=Inter" },
      {
        family: "Brand Sans",
        src: 'url(https://cdn.example.com/brand.woff2) format("woff2")',
        weight: 500,
        style: "normal",
        display: "swap",
      },
      { cssSrc: "http://fonts.example.com/x.css" },
      { family: "Evil", src: "url(http://evil.example/x.woff2)" },
      { family: "Bad; }", src: "url(https://cdn.example.com/x.woff2)" },
      { family: "Brand", src: "url(https://cdn.example.com/x.woff2)", style: "slanted" },
      "Inter",
    ]);
    expect(fonts).toEqual([
      { cssSrc: "https://fonts.example.com/css?family=Inter" },
      {
        family: "Brand Sans",
        src: 'url(https://cdn.example.com/brand.woff2) format("woff2")',
        weight: "500",
        style: "normal",
        display: "swap",
      },
    ]);
    expect(warnings.map((w) => w.path)).toEqual([
      "fonts[2]",
      "fonts[3]",
      "fonts[4]",
      "fonts[5]",
      "fonts[6]",
    ]);
    expect(warnings[3]!.message).toContain("style");
  });

  it("allows http fonts on loopback only in development", () => {
    const input = [{ cssSrc: "http://127.0.0.1:4000/fonts.css" }];
    expect(validateFonts(input).fonts).toEqual([]);
    expect(validateFonts(input, { development: true }).fonts).toEqual(input);
  });

  it("warns when fonts is not an array", () => {
    expect(validateFonts({ cssSrc: "https://x.example/a.css" }).warnings[0]!.path).toBe("fonts");
  });
});

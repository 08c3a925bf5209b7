// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import { afterEach, describe, expect, it } from "vitest";
import { validateAppearance, validateFonts } from "../../protocol/appearance.schema.ts";
import { createThemeApplier, type ThemeApplier } from "./apply.ts";
import { cssVar } from "./css.ts";

let applier: ThemeApplier | undefined;
afterEach(() => {
  applier?.destroy();
  applier = undefined;
});

const root = () => getComputedStyle(document.documentElement);
const links = () =>
  [...document.head.querySelectorAll("link[rel=stylesheet]")] as HTMLLinkElement[];

describe("applying the theme to a frame", () => {
  it("sets the custom properties of the appearance on the document", () => {
    const { appearance } = validateAppearance({ variables: { colorPrimary: "#ff5500" } });
    applier = createThemeApplier(document, { appearance });
    expect(root().getPropertyValue(cssVar("colorPrimary")).trim()).toBe("#ff5500");
  });

  it("updates live, in place, without adding sheets", () => {
    const { appearance } = validateAppearance({ variables: { colorPrimary: "#ff5500" } });
    applier = createThemeApplier(document, { appearance }, [".x { color: red; }"]);
    const count = document.adoptedStyleSheets.length;
    applier.update({
      appearance: validateAppearance({ variables: { colorPrimary: "#00aa00" } }).appearance,
    });
    expect(root().getPropertyValue(cssVar("colorPrimary")).trim()).toBe("#00aa00");
    expect(document.adoptedStyleSheets.length).toBe(count);
  });

  it("declares font faces and links no font stylesheet; an update replaces them", () => {
    const { appearance } = validateAppearance({});
    const first = validateFonts([
      { cssSrc: "https://fonts.example.com/a.css" },
      { family: "Brand", src: "url(https://cdn.example.com/b.woff2)" },
    ]).fonts;
    applier = createThemeApplier(document, { appearance, fonts: first });
    expect(links()).toEqual([]);
    const faces = () =>
      document.adoptedStyleSheets
        .flatMap((s) => [...s.cssRules])
        .filter((r) => r.cssText.startsWith("@font-face"));
    expect(faces()).toHaveLength(1);
    applier.update({ appearance, fonts: [{ cssSrc: "https://fonts.example.com/c.css" }] });
    expect(links()).toEqual([]);
    expect(faces()).toHaveLength(0);
  });

  it("removes everything it added when destroyed", () => {
    const before = document.adoptedStyleSheets.length;
    applier = createThemeApplier(document, {
      appearance: validateAppearance({}).appearance,
      fonts: [{ cssSrc: "https://fonts.example.com/a.css" }],
    });
    applier.destroy();
    applier = undefined;
    expect(document.adoptedStyleSheets.length).toBe(before);
    expect(links()).toHaveLength(0);
  });
});

import {
  type CustomFontSource,
  fontSrcUrls,
  validateFonts,
} from "../../protocol/appearance.schema.ts";

/** The most @font-face rules taken from one stylesheet (a web-font service sends tens). */
export const MAX_STYLESHEET_FACES = 200;

export interface StylesheetFaces {
  /** The stylesheet's @font-face rules, rebuilt as checked `{ family, src, … }` fonts. */
  fonts: CustomFontSource[];
  /** Rules left out: every rule that is not @font-face, and faces that fail the checks. */
  dropped: number;
}

const unquote = (value: string) => value.replace(/^\s*(["'])(.*)\1\s*$/, "$2").trim();

/**
 * A `src` with every url() made absolute against the stylesheet's URL and the `local()`
 * fallbacks left out (a face here is downloaded or nothing). Undefined when a part is neither.
 */
function absoluteSrc(src: string, base: string): string | undefined {
  const parts: string[] = [];
  for (const part of src.split(/,(?![^(]*\))/)) {
    const trimmed = part.trim();
    if (/^local\(/i.test(trimmed)) continue;
    const format = /\s+format\(\s*["']?([\w-]+)["']?\s*\)$/.exec(trimmed);
    const urls = fontSrcUrls(format ? trimmed.slice(0, format.index) : trimmed);
    if (urls?.length !== 1) return undefined;
    let absolute: string;
    try {
      absolute = new URL(urls[0]!, base).href;
    } catch {
      return undefined;
    }
    parts.push(`url("${absolute}")${format ? ` format("${format[1]}")` : ""}`);
  }
  return parts.length > 0 ? parts.join(", ") : undefined;
}

/**
 * The @font-face rules of a platform font stylesheet (the loader's `fonts: [{ cssSrc }]`), as
 * fonts a frame may declare (issue 14 item 12). The text is parsed by the browser's own CSS
 * parser — a constructed stylesheet that is never adopted — and only @font-face rules are
 * read: selectors, @import, @media and every other rule are dropped, so nothing of the
 * stylesheet but font declarations ever takes effect in a frame. Each face is rebuilt from
 * its descriptors (family, src with URLs made absolute against `stylesheetUrl`, weight,
 * style, display, unicode-range) and passes the same checks as a `{ family, src }` font
 * (`validateFonts`: https URLs, loopback http only in development).
 */
export function fontFacesOf(
  css: string,
  stylesheetUrl: string,
  view: Window & typeof globalThis,
  options: { development?: boolean } = {},
): StylesheetFaces {
  const sheet = new view.CSSStyleSheet();
  // A constructed sheet ignores @import (with a console warning): take them out first.
  sheet.replaceSync(css.replace(/@import\b[^;]*;?/gi, ""));
  const candidates: Record<string, string>[] = [];
  let dropped = 0;
  for (const rule of Array.from(sheet.cssRules)) {
    if (!(rule instanceof view.CSSFontFaceRule) || candidates.length >= MAX_STYLESHEET_FACES) {
      dropped += 1;
      continue;
    }
    const read = (name: string) => rule.style.getPropertyValue(name).trim();
    const src = absoluteSrc(read("src"), stylesheetUrl);
    if (!src) {
      dropped += 1;
      continue;
    }
    const face: Record<string, string> = { family: unquote(read("font-family")), src };
    const descriptors = [
      ["weight", "font-weight"],
      ["style", "font-style"],
      ["display", "font-display"],
      ["unicodeRange", "unicode-range"],
    ] as const;
    for (const [key, property] of descriptors) {
      const value = read(property);
      if (value) face[key] = value;
    }
    candidates.push(face);
  }
  const { fonts, warnings } = validateFonts(candidates, options);
  return {
    fonts: fonts.filter((f): f is CustomFontSource => !("cssSrc" in f)),
    dropped: dropped + warnings.length,
  };
}

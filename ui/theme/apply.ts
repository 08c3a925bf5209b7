/**
 * Applies the theme to a frame's document, and re-applies it live when the platform calls
 * `update({appearance})`: no reload, no flash of unstyled content.
 *
 * Stylesheets are constructed (`adoptedStyleSheets`), which a strict CSP without
 * 'unsafe-inline' styles allows; only the platform's font stylesheets (`cssSrc`) are <link>
 * elements, because a constructed sheet ignores @import. Values were validated before they
 * get here (protocol/appearance.schema.ts).
 */
import type { AcceptedAppearance, FontSource } from "../../protocol/appearance.schema.ts";
import { appearanceStylesheet, baseStylesheet, fontFaceRules, fontStylesheetUrls } from "./css.ts";

export interface ThemeInput {
  appearance: AcceptedAppearance;
  fonts?: readonly FontSource[];
}

export interface ThemeApplier {
  /** Replaces the theme and fonts in place. */
  update(input: ThemeInput): void;
  /** Removes everything this applier added. */
  destroy(): void;
}

/**
 * Adopts the base stylesheet, any `extraStylesheets` (the kit's, a component's) and the theme
 * into `doc`.
 */
export function createThemeApplier(
  doc: Document,
  input: ThemeInput,
  extraStylesheets: readonly string[] = [],
): ThemeApplier {
  const view = doc.defaultView;
  if (!view) throw new Error("createThemeApplier needs a document with a window");
  const sheet = (css: string) => {
    const s = new view.CSSStyleSheet();
    s.replaceSync(css);
    return s;
  };
  const fixed = [baseStylesheet, ...extraStylesheets].map(sheet);
  const theme = sheet("");
  const fonts = sheet("");
  const ours = [...fixed, theme, fonts];
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, ...ours];
  let links: HTMLLinkElement[] = [];

  const update = ({ appearance, fonts: fontSources = [] }: ThemeInput) => {
    theme.replaceSync(appearanceStylesheet(appearance));
    fonts.replaceSync(fontFaceRules(fontSources));
    const wanted = fontStylesheetUrls(fontSources);
    const have = links.map((l) => l.href);
    if (wanted.length !== have.length || wanted.some((url, i) => new URL(url).href !== have[i])) {
      for (const link of links) link.remove();
      links = wanted.map((url) => {
        const link = doc.createElement("link");
        link.rel = "stylesheet";
        link.href = url;
        doc.head.append(link);
        return link;
      });
    }
  };

  update(input);
  return {
    update,
    destroy() {
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => !ours.includes(s));
      for (const link of links) link.remove();
      links = [];
    },
  };
}

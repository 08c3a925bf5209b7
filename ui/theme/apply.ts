/**
 * Applies the theme to a frame's document, and re-applies it live when the platform calls
 * `update({appearance})`: no reload, no flash of unstyled content.
 *
 * Stylesheets are constructed (`adoptedStyleSheets`), which a strict CSP without
 * 'unsafe-inline' styles allows. Nothing is linked or imported: a platform font stylesheet
 * (`cssSrc`) reaches a frame only as the @font-face rules rebuilt from it
 * (`ui/theme/font-faces.ts`), so `cssSrc` entries are ignored here. Values were validated
 * before they get here (protocol/appearance.schema.ts).
 */
import type { AcceptedAppearance, FontSource } from "../../protocol/appearance.schema.ts";
import { appearanceStylesheet, baseStylesheet, fontFaceRules } from "./css.ts";

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

  const update = ({ appearance, fonts: fontSources = [] }: ThemeInput) => {
    theme.replaceSync(appearanceStylesheet(appearance));
    fonts.replaceSync(fontFaceRules(fontSources));
  };

  update(input);
  return {
    update,
    destroy() {
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => !ours.includes(s));
    },
  };
}

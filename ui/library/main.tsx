/**
 * Entry of the UI library page (connect/ui-library.html, the internal debug-ui-library tool).
 * zod must run without eval under the frame CSP, and it reads the flag when a schema is
 * built, so the flag is set before any schema module loads (hence the dynamic imports).
 *
 * The URL hash chooses what to show: `#locale=en-XA&theme=dark` (theme: light, dark or
 * system). A `hashchange` re-renders in place, so a test switches without a reload. Once the
 * requested catalogue is on screen, `<html data-shown>` names it: tests wait for that.
 */
import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { z } from "zod";

z.config({ jitless: true });

const [locales, localeMatch, appearance, theme, i18n, kit, view, css] = await Promise.all([
  import("../../protocol/locales.ts"),
  import("../../protocol/locale-match.ts"),
  import("../../protocol/appearance.schema.ts"),
  import("../theme/apply.ts"),
  import("../i18n/provider.tsx"),
  import("../kit/kit.css.ts"),
  import("./library.view.tsx"),
  import("./library.css.ts"),
]);

/** What the hash asks for; a bad theme is ignored with a warning, as the frames do. */
function readHash(hash: string) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const locale = localeMatch.resolveLocale(params.get("locale") ?? undefined);
  const { appearance: accepted, warnings } = appearance.validateAppearance({
    theme: params.get("theme") ?? "light",
  });
  for (const warning of warnings) console.warn(`ui library: ${warning.message}`);
  return { locale, appearance: accepted };
}

/** Marks the document once the catalogue in use is on screen. */
function Shown() {
  const locale = i18n.useLocale();
  const scheme = document.documentElement.dataset.theme;
  useEffect(() => {
    document.documentElement.dataset.shown = `${locale} ${scheme}`;
  }, [locale, scheme]);
  return null;
}

const initial = readHash(location.hash);
const applier = theme.createThemeApplier(document, { appearance: initial.appearance }, [
  kit.kitStylesheet,
  css.libraryStylesheet,
]);
const container = document.getElementById("root");
if (!container) throw new Error("ui-library.html has no #root");
const root = createRoot(container);

function show({ locale, appearance: accepted }: ReturnType<typeof readHash>) {
  const html = document.documentElement;
  html.lang = locale;
  html.dir = locales.textDirection(locale);
  html.dataset.theme = accepted.theme;
  applier.update({ appearance: accepted });
  root.render(
    <StrictMode>
      <i18n.I18nProvider locale={locale}>
        <view.LibraryView />
        <Shown />
      </i18n.I18nProvider>
    </StrictMode>,
  );
}

show(initial);
// The library's sample links (`#primary`) change the hash too: only a page choice re-renders.
window.addEventListener("hashchange", () => {
  if (/(?:^#|&)(?:locale|theme)=/.test(location.hash)) show(readHash(location.hash));
});

/**
 * Entry of the sign-in popup (connect/popup.html). zod must run without eval under the
 * page's CSP, and it reads the flag when a schema is built, so the flag is set before any
 * schema module loads (hence the dynamic imports).
 */
import { StrictMode, useEffect, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { useIntl } from "react-intl";
import * as z from "zod/mini";

z.config({ jitless: true });

const [
  { startPopupPage },
  providerModule,
  locales,
  resolve,
  appearance,
  i18n,
  theme,
  kit,
  css,
  view,
  messages,
] = await Promise.all([
  import("./popup-page.ts"),
  import("../../protocol/provider.ts"),
  import("../../protocol/locales.ts"),
  import("../../ui/i18n/resolve.ts"),
  import("../../protocol/appearance.schema.ts"),
  import("../../ui/i18n/provider.tsx"),
  import("../../ui/theme/apply.ts"),
  import("../../ui/kit/kit.css.ts"),
  import("../../ui/popup/popup.css.ts"),
  import("../../ui/popup/sign-in.view.tsx"),
  import("../../ui/popup/popup.messages.ts"),
]);
const { provider, environmentOfConnectOrigin, parseHostsMeta, hostsMetaName } = providerModule;

const hostsMeta = document.querySelector(`meta[name="${hostsMetaName}"]`)?.getAttribute("content");
const { hosts } = environmentOfConnectOrigin(location.origin, parseHostsMeta(hostsMeta));

// The provider's shared site script, as on its other pages (the connect host serves it at
// /site.js): the consent manager (its mode from the marketing host, a choice made in another
// tab picked up), the analytics logger (a page view with the functional consent only) and the
// error reporter. Loaded, not bundled, so its modules stay in the data layer's own chunks.
const siteScript = document.createElement("script");
siteScript.type = "module";
siteScript.src = "/site.js";
document.head.append(siteScript);
const page = startPopupPage({
  hash: location.hash,
  origin: location.origin,
  apiOrigin: hosts.api,
  self: window,
  fetch: (url, init) => fetch(url, init),
});
window.addEventListener("pagehide", () => page.closing(), { once: true });

// A catalogue's own tag resolves at once; any other loads the CLDR matcher first.
const locale = await resolve.resolveLocaleLazily(navigator.language);
document.documentElement.lang = locale;
document.documentElement.dir = locales.textDirection(locale);
// The popup is a top-level window of the provider: its own theme, following the system's.
const { appearance: systemTheme } = appearance.validateAppearance({ theme: "system" });
theme.createThemeApplier(document, { appearance: systemTheme }, [
  kit.kitStylesheet,
  css.popupStylesheet,
]);

function Popup() {
  const state = useSyncExternalStore(page.subscribe, page.view);
  const intl = useIntl();
  useEffect(() => page.loaded(), []);
  useEffect(() => {
    document.title = intl.formatMessage(messages.popupMessages.signInTitle, {
      name: provider.name,
    });
  }, [intl]);
  return (
    <view.SignInView
      status={state.status}
      failure={state.failure}
      providerName={provider.name}
      onSubmit={page.submit}
      onCancel={page.cancel}
    />
  );
}

const container = document.getElementById("root");
if (!container) throw new Error("popup.html has no #root");
createRoot(container).render(
  <StrictMode>
    <i18n.I18nProvider locale={locale}>
      <Popup />
    </i18n.I18nProvider>
  </StrictMode>,
);

/**
 * The shared site script of the provider's own pages (the dashboard host, the marketing
 * host's consent pages, the connect host's sign-in popup), built to `dist/site/site.js` and
 * served by each host at `/site.js`. It runs the consent manager (polling the cookie every 100 ms, so a choice
 * made in another tab applies here), the analytics logger (a page view, gated by the
 * functional consent, its anonymous client id written only with that consent and removed on
 * withdrawal) and the error reporter (uncaught errors, deduplicated and rate-limited). The
 * connect host's data-layer frame uses the same modules from its own entry; the popup loads
 * this script (one copy of the modules in the data layer's chunks, not a chunk shared with the
 * popup).
 *
 * `<html data-consent="…">` shows the functional category's state (`allowed` / `refused`),
 * and `data-consent-mode` the enforcement mode in force, for the page's own styles and for
 * the browser tests.
 */
import { endpoints } from "../../protocol/endpoints.ts";
import {
  hostEnvOf,
  hostsFor,
  hostsMetaName,
  type ProviderHosts,
  parseHostsMeta,
  type ServiceEnvironment,
  serviceEnvironments,
} from "../../protocol/provider.ts";
import { readCookie, siteStorageCatalogue } from "../../protocol/site/consent.ts";
import { randomId } from "../messaging/types.ts";
import { createAnalyticsLogger } from "./analytics.ts";
import { browserCookies, createConsentManager } from "./consent.ts";
import { createErrorReporter } from "./errors.ts";

/** The environment whose dashboard, marketing or connect host serves this page, and its hosts. */
export function siteHostsOf(
  origin: string,
  meta: string | null | undefined,
): { environment: ServiceEnvironment; hosts: ProviderHosts } {
  for (const environment of serviceEnvironments) {
    if (environment === "local") continue;
    const hosts = hostsFor(environment);
    if (hosts.marketing === origin || hosts.dashboard === origin || hosts.connect === origin)
      return { environment, hosts };
  }
  return { environment: "local", hosts: { ...hostsFor("local"), ...parseHostsMeta(meta) } };
}

const CLIENT_COOKIE = siteStorageCatalogue.functional.cookies[0];
const CLIENT_STORAGE = siteStorageCatalogue.functional.localStorage[0];

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function startSitePage() {
  const meta = document.querySelector(`meta[name="${hostsMetaName}"]`)?.getAttribute("content");
  const { environment, hosts } = siteHostsOf(location.origin, meta);
  const cookies = browserCookies();
  const storage = safeStorage();
  const consent = createConsentManager({
    marketingOrigin: hosts.marketing,
    fetch: (url, init) => fetch(url, init),
    cookies,
    storage,
    now: () => Date.now(),
    onWarning: (message, detail) => console.warn(message, detail),
  });

  /** The anonymous client id: read, or made and written, only with the functional consent. */
  const clientId = (): string | null => {
    if (!consent.allows("functional")) return null;
    const existing = readCookie(cookies.read(), CLIENT_COOKIE) ?? storage?.getItem(CLIENT_STORAGE);
    const id = existing && /^[0-9a-f]{32}$/.test(existing) ? existing : randomId();
    consent.write("functional", { cookie: CLIENT_COOKIE, value: id });
    consent.write("functional", { storage: CLIENT_STORAGE, value: id });
    return id;
  };

  const analytics = createAnalyticsLogger({
    timers: {
      setTimeout: (f, ms) => setTimeout(f, ms),
      clearTimeout: (h) => clearTimeout(h as number),
    },
    allowed: () => consent.allows("functional"),
    clientId,
    onWarning: (message, detail) => console.warn(message, detail),
    // A form body without custom headers: a CORS-simple request, no preflight, no cookie.
    send: (body, { keepalive }) =>
      fetch(`${hosts.api}${endpoints.analyticsIntake}`, {
        method: "POST",
        mode: "no-cors",
        credentials: "omit",
        keepalive,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      }),
  });

  const reporter = createErrorReporter({
    now: () => Date.now(),
    send: (report) => {
      const body = new URLSearchParams({
        report: JSON.stringify({
          error: report.error,
          level: report.level,
          owner: report.owner,
          tags: { ...report.tags, page: location.pathname.slice(0, 300) },
          session_metadata: null,
          host_env: hostEnvOf(environment),
        }),
      });
      void fetch(`${hosts.api}${endpoints.errorIntake}`, {
        method: "POST",
        mode: "no-cors",
        credentials: "omit",
        keepalive: true,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      }).catch(() => {});
    },
  });
  addEventListener("error", (event) => reporter.report(event.error ?? event.message));
  addEventListener("unhandledrejection", (event) => reporter.report(event.reason));

  const root = document.documentElement;
  const show = () => {
    root.dataset.consent = consent.allows("functional") ? "allowed" : "refused";
    const { mode, known, resolving } = consent.mode();
    root.dataset.consentMode = resolving ? "resolving" : known ? mode : `${mode}-fallback`;
  };
  const pageView = () =>
    analytics.log({
      event_name: "site_page_viewed",
      properties: { host: location.host },
      page_path: location.pathname,
      page: `${location.pathname}${location.search}`,
      created: Date.now(),
    });
  consent.subscribe((allowed) => {
    show();
    if (!allowed.functional) analytics.discard();
    else {
      clientId();
      pageView();
    }
  });
  consent.onSettled(show);
  show();
  if (consent.allows("functional")) {
    clientId();
    pageView();
  }

  addEventListener("pagehide", () => analytics.flush({ keepalive: true }));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") analytics.flush({ keepalive: true });
  });
  return { consent, analytics, reporter };
}

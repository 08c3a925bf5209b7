/**
 * The provider's marketing host (issue 16; SPEC.md §2 "Consent pages", §7 "Consent calls"):
 * the consent pages and the two consent calls, resolved against this host.
 *
 * - `GET /cookie-settings`: the person's choices, one checkbox per category that may be
 *   refused (authentication and essential are always on), as a plain form that works without
 *   script; translated (`?locale=`, else Accept-Language).
 * - `GET /cookies-policy/legal`: what each category stores, derived from the one catalogue
 *   the pages write through (`siteStorageCatalogue`), so the policy cannot drift from the code.
 * - `GET /cookie-settings/enforcement-mode`: `{mode}` (restricted, functional or open;
 *   restricted by default), readable from any origin.
 * - `POST /cookie-settings/update`: a JSON body mapping each category to a boolean (SPEC.md
 *   §7), or the page's form; sets the consent cookie (format version 2, readable by script so
 *   every provider page polls it) and answers the record, or sends the form back to the page.
 *   A POST from another site is refused (Origin), so no page can change a person's consent.
 * - `GET /site.js`: the shared site script (`actors/site/page.ts`, built to dist/site).
 *
 * A body over 16 KB is answered 413 `body_too_large` before anything runs (`limitBody`).
 */
import { existsSync, readFileSync } from "node:fs";
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { createIntl, createIntlCache } from "react-intl";
import { resolveLocale } from "../../protocol/locale-match.ts";
import { textDirection } from "../../protocol/locales.ts";
import {
  type ConsentEnforcementMode,
  consentUpdateSchema,
} from "../../protocol/objects/consent-record.schema.ts";
import { hostsMetaName, type ProviderHosts, provider } from "../../protocol/provider.ts";
import {
  consentRecordOf,
  formatConsentCookie,
  parseConsentCookie,
  siteStorageCatalogue,
} from "../../protocol/site/consent.ts";
import { consentCookieName, consentPaths } from "../../protocol/site/constants.ts";
import { cookieSettingsMessages as m } from "../../ui/site/cookie-settings.messages.ts";
import { limitBody, smallBodyBytes } from "../http/body-limit.ts";
import { escapeHtml } from "./html.ts";

export interface MarketingHostOptions {
  hosts: ProviderHosts;
  /** What `GET /cookie-settings/enforcement-mode` answers; restricted by default. */
  enforcementMode?: () => ConsentEnforcementMode;
  /** The built site script (`dist/site/site.js`). */
  siteScriptFile?: string;
  /** Epoch milliseconds (the record's timestamp). */
  now?: () => number;
}

const messagesDir = new URL("../../ui/i18n/messages/", import.meta.url);
const catalogues = new Map<string, Record<string, string>>();
function catalogue(locale: string): Record<string, string> {
  let found = catalogues.get(locale);
  if (!found) {
    found = JSON.parse(readFileSync(new URL(`${locale}.json`, messagesDir), "utf8")) as Record<
      string,
      string
    >;
    catalogues.set(locale, found);
  }
  return found;
}
const cache = createIntlCache();

export const marketingStylesheet = `
body { font-family: system-ui, sans-serif; margin: 0; color: #1f2937; background: #f9fafb; line-height: 1.5; }
main { max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; }
fieldset { border: 1px solid #9ca3af; border-radius: 0.5rem; margin: 0 0 1rem; padding: 0.75rem 1rem; background: #fff; }
legend { font-weight: 600; padding: 0 0.25rem; }
label { display: flex; gap: 0.5rem; align-items: flex-start; font-weight: 600; }
input[type=checkbox] { inline-size: 1.25rem; block-size: 1.25rem; margin: 0.125rem 0 0; flex: none; }
.hint { margin: 0.25rem 0 0; font-weight: 400; color: #374151; }
button { font: inherit; padding: 0.5rem 1rem; border-radius: 0.375rem; border: 1px solid #4b5563; background: #111827; color: #fff; cursor: pointer; min-block-size: 2.75rem; }
button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
.saved { border: 1px solid #047857; background: #ecfdf5; color: #064e3b; padding: 0.75rem; border-radius: 0.375rem; }
a { color: #1d4ed8; }
table { border-collapse: collapse; inline-size: 100%; background: #fff; }
th, td { text-align: start; padding: 0.5rem; border-block-end: 1px solid #e5e7eb; vertical-align: top; overflow-wrap: anywhere; }
code { font-size: 0.875em; }
@media (prefers-color-scheme: dark) {
  body { color: #e5e7eb; background: #111827; }
  fieldset, table { background: #1f2937; border-color: #6b7280; }
  .hint { color: #d1d5db; }
  a { color: #93c5fd; }
  button { background: #f9fafb; color: #111827; border-color: #d1d5db; }
  .saved { background: #064e3b; color: #ecfdf5; }
  th, td { border-color: #374151; }
}
`.trim();

const csp = (hosts: ProviderHosts) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    `connect-src 'self' ${hosts.api}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");

const categories = ["authentication", "essential", "functional", "advertising"] as const;

export function createMarketingHostApp(options: MarketingHostOptions) {
  const { hosts } = options;
  const now = options.now ?? (() => Date.now());
  const enforcementMode = options.enforcementMode ?? (() => "restricted" as const);
  const app = new Hono();
  const providerOrigins = new Set([hosts.connect, hosts.dashboard, hosts.marketing]);
  const secure = new URL(hosts.marketing).protocol === "https:";
  const cookieDomain = secure ? new URL(hosts.marketing).hostname.replace(/^www\./, "") : undefined;
  const hostsMeta = `<meta name="${hostsMetaName}" content="${escapeHtml(
    JSON.stringify({ api: hosts.api, marketing: hosts.marketing }),
  )}">`;

  app.use(async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  });
  // The consent update is four booleans: nothing here reads more than a small form.
  app.use(limitBody(smallBodyBytes));

  const intlFor = (query: string | undefined, acceptLanguage: string | undefined) => {
    const requested = [
      query,
      ...(acceptLanguage ?? "")
        .split(",")
        .map((part) => part.split(";")[0]!.trim())
        .filter(Boolean),
    ];
    const locale = resolveLocale(requested);
    return createIntl({ locale, messages: catalogue(locale) }, cache);
  };

  const page = (intl: ReturnType<typeof intlFor>, title: string, body: string) => `<!doctype html>
<html lang="${escapeHtml(intl.locale)}" dir="${textDirection(intl.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(provider.name)}</title>
<link rel="stylesheet" href="/marketing.css">
${hostsMeta}
<script type="module" src="/site.js"></script>
</head>
<body><main>${body}</main></body>
</html>`;

  const localeQuery = (locale: string | undefined) =>
    locale ? `?locale=${encodeURIComponent(locale)}` : "";

  app.get(consentPaths.settings, (c) => {
    const locale = c.req.query("locale");
    const intl = intlFor(locale, c.req.header("accept-language"));
    const record = parseConsentCookie(getCookie(c, consentCookieName));
    const saved = c.req.query("saved") === "1";
    const fieldsets = categories
      .map((category) => {
        const fixed = category === "authentication" || category === "essential";
        const checked = fixed || record?.[category] === true;
        const id = `consent-${category}`;
        const hint = intl.formatMessage(m[`${category}Hint`]);
        return `<fieldset>
<legend>${escapeHtml(intl.formatMessage(m[category]))}</legend>
<label for="${id}"><input type="checkbox" id="${id}" name="${category}" value="true"${checked ? " checked" : ""}${fixed ? " disabled" : ""} aria-describedby="${id}-hint"> ${escapeHtml(
          fixed ? intl.formatMessage(m.alwaysOn) : intl.formatMessage(m[category]),
        )}</label>
<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>
</fieldset>`;
      })
      .join("\n");
    c.header("Content-Security-Policy", csp(hosts));
    c.header("Cache-Control", "no-store");
    return c.html(
      page(
        intl,
        intl.formatMessage(m.title),
        `<h1>${escapeHtml(intl.formatMessage(m.title))}</h1>
${saved ? `<p class="saved" role="status">${escapeHtml(intl.formatMessage(m.saved))}</p>` : ""}
<p>${escapeHtml(intl.formatMessage(m.intro))}</p>
<form method="post" action="${consentPaths.update}${localeQuery(locale)}">
${fieldsets}
<button type="submit">${escapeHtml(intl.formatMessage(m.save))}</button>
</form>
<p><a href="${consentPaths.policy}${localeQuery(locale)}">${escapeHtml(intl.formatMessage(m.policyLink))}</a></p>`,
      ),
    );
  });

  app.get(consentPaths.policy, (c) => {
    const locale = c.req.query("locale");
    const intl = intlFor(locale, c.req.header("accept-language"));
    const stored: Record<(typeof categories)[number], string[]> = {
      authentication: [
        `${provider.userSessionTokenStorageKey}:…`,
        `${provider.id}_dashboard_session`,
      ],
      essential: [consentCookieName],
      functional: [
        ...siteStorageCatalogue.functional.cookies,
        ...siteStorageCatalogue.functional.localStorage,
      ],
      advertising: [
        ...siteStorageCatalogue.advertising.cookies,
        ...siteStorageCatalogue.advertising.localStorage,
      ],
    };
    const rows = categories
      .map(
        (category) =>
          `<tr><th scope="row">${escapeHtml(intl.formatMessage(m[category]))}</th><td>${
            stored[category].map((name) => `<code>${escapeHtml(name)}</code>`).join(", ") || "—"
          }</td></tr>`,
      )
      .join("\n");
    c.header("Content-Security-Policy", csp(hosts));
    return c.html(
      page(
        intl,
        intl.formatMessage(m.policyTitle),
        `<h1>${escapeHtml(intl.formatMessage(m.policyTitle))}</h1>
<p>${escapeHtml(intl.formatMessage(m.policyIntro))}</p>
<table><thead><tr><th scope="col"></th><th scope="col">${escapeHtml(intl.formatMessage(m.policyWritten))}</th></tr></thead>
<tbody>${rows}</tbody></table>
<p><a href="${consentPaths.settings}${localeQuery(locale)}">${escapeHtml(intl.formatMessage(m.settingsLink))}</a></p>`,
      ),
    );
  });

  app.get(consentPaths.enforcementMode, (c) => {
    c.header("Access-Control-Allow-Origin", "*");
    c.header("Cache-Control", "no-store");
    return c.json({ mode: enforcementMode() });
  });

  const corsFor = (origin: string | undefined) =>
    origin && providerOrigins.has(origin)
      ? {
          "Access-Control-Allow-Origin": origin,
          "Access-Control-Allow-Credentials": "true",
          Vary: "Origin",
        }
      : undefined;

  app.options(consentPaths.update, (c) => {
    const cors = corsFor(c.req.header("origin"));
    if (!cors) return c.body(null, 403);
    return c.body(null, 204, {
      ...cors,
      "Access-Control-Allow-Methods": "POST",
      "Access-Control-Allow-Headers": "Content-Type",
      "Access-Control-Max-Age": "600",
    });
  });

  app.post(consentPaths.update, async (c) => {
    const origin = c.req.header("origin");
    // Only the provider's own pages may change a person's consent.
    if (origin !== undefined && !providerOrigins.has(origin)) {
      return c.json(
        {
          error: {
            type: "invalid_request_error",
            message: "Cross-site consent changes are refused.",
          },
        },
        403,
      );
    }
    const cors = corsFor(origin) ?? {};
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const isForm = type === "application/x-www-form-urlencoded";
    let body: unknown;
    if (isForm) {
      const form = new URLSearchParams(await c.req.text());
      body = Object.fromEntries(categories.map((k) => [k, form.get(k) === "true"]));
    } else if (type === "application/json") {
      try {
        body = await c.req.json();
      } catch {
        return c.json(
          { error: { type: "invalid_request_error", message: "The body is not valid JSON." } },
          400,
          cors,
        );
      }
    } else {
      return c.json(
        {
          error: {
            type: "invalid_request_error",
            message: "Send a JSON body mapping each category to a boolean.",
          },
        },
        415,
        cors,
      );
    }
    const parsed = consentUpdateSchema.safeParse(body);
    if (!parsed.success) {
      return c.json(
        {
          error: {
            type: "invalid_request_error",
            message:
              "The body must map authentication, essential, functional and advertising to booleans.",
          },
        },
        400,
        cors,
      );
    }
    // Authentication and essential are strictly necessary: recorded as allowed whatever is sent.
    const record = consentRecordOf(parsed.data, now());
    setCookie(c, consentCookieName, formatConsentCookie(record), {
      path: "/",
      maxAge: 365 * 24 * 60 * 60,
      sameSite: "Lax",
      secure,
      ...(cookieDomain ? { domain: cookieDomain } : {}),
    });
    if (isForm) {
      const locale = c.req.query("locale");
      const query = new URLSearchParams({ ...(locale ? { locale } : {}), saved: "1" });
      return c.redirect(`${consentPaths.settings}?${query}`, 303);
    }
    return c.json({ object: "consent", ...record }, 200, cors);
  });

  app.get("/marketing.css", (c) => {
    c.header("Content-Type", "text/css; charset=utf-8");
    c.header("Cache-Control", "no-cache");
    return c.body(marketingStylesheet);
  });

  app.get("/site.js", (c) => siteScript(c, options.siteScriptFile));
  app.get("/favicon.ico", (c) => c.body(null, 204));
  return app;
}

/** Serves the built site script, or says how to build it. */
export function siteScript(
  c: {
    body: (
      data: string | Uint8Array | null,
      status?: 200 | 503,
      headers?: Record<string, string>,
    ) => Response;
  },
  file: string | undefined,
): Response {
  if (!file || !existsSync(file))
    return c.body("// The site script is not built: run `npm run build`.", 503, {
      "Content-Type": "text/javascript; charset=utf-8",
    });
  return c.body(readFileSync(file), 200, {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "no-cache",
  });
}

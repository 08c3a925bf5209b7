/**
 * The example platform's backend: what a real platform runs next to its pages.
 *
 * - It holds the platform's secret key (from the sandbox) and never sends it to a browser.
 * - "Sign in" picks one of the seeded connected accounts: the platform's own session (kept on
 *   its server, named by a signed, HttpOnly, SameSite=Strict cookie; nothing of the provider's).
 * - `POST /api/account_session` creates an account session for the signed-in account on the
 *   API host (`POST /v1/account_sessions`, secret key, form-encoded) with the components this
 *   platform embeds and the features it chooses, allowed to be embedded by this platform's
 *   origin only (`allowed_origins`), and returns only its client secret.
 * - `POST /api/terms_acceptance` records that the signed-in account accepted the platform's
 *   own terms of service (`POST /v1/accounts/:id` with `tos_acceptance[...]`: the date, the
 *   person's address as this server saw it, their browser), for an account whose terms the
 *   platform collects — account-onboarding is then placed with
 *   `skip-terms-of-service-collection`.
 * - `POST /webhooks` receives the provider's webhooks, verified with the package's
 *   `constructEvent` (`webhooks.ts`); the dashboard shows the signed-in account's
 *   (`GET /api/webhook_events`). `app.webhooks.register()` registers the endpoint once the API
 *   host answers (the start script calls it); the signing secret stays in this process.
 * - Every response carries the platform's CSP (`csp.ts`, docs/platform-csp.md).
 * - A body over its limit (16 KB; a webhook delivery 256 KB) is answered 413
 *   `body_too_large` before any handler reads it.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, normalize, resolve, sep } from "node:path";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import { featureDefaultsOf } from "../../protocol/catalogue/features.ts";
import { catalogueManifest, isManifestName } from "../../protocol/catalogue/manifest.ts";
import { supportedLocales } from "../../protocol/locales.ts";
import { type ProviderHosts, provider } from "../../protocol/provider.ts";
import { viewRegistry } from "../../ui/components/registry.ts";
import { platformCsp } from "./csp.ts";
import { mountFrameworkExamples } from "./frameworks.ts";
import {
  dashboardPage,
  dashboardSection,
  dashboardSections,
  markupPage,
  type NewAccountSignIn,
  type NewAccountTerms,
  newAccountBusinessTypes,
  newAccountCountries,
  newAccountSignIns,
  newAccountTerms,
  overviewComponents,
  type PageConfig,
  page,
  plainPage,
  reactPage,
  signInPage,
} from "./pages.ts";
import type { SandboxAccount, SandboxInfo } from "./sandbox.ts";
import { createWebhookReceiver, type WebhookReceiver } from "./webhooks.ts";

export interface PlatformOptions {
  /** Where the platform is served (`localEnvironment().platform`). */
  origin: string;
  hosts: Pick<ProviderHosts, "api" | "connect">;
  sandbox: SandboxInfo;
  /** The platform's built browser code (`dist/platform`). */
  distDir: string;
  /** The SDK's classic script on the connect host (sdk/README.md, "classic script"). */
  classicScriptUrl: string;
  /** How the backend reaches the API host (tests may count or intercept). */
  fetch?: typeof fetch;
  /** The components it embeds, by catalogue name; default: every built one. */
  components?: () => string[];
  /** Its webhook receiver; default: one for `<origin>/webhooks` over `fetch`. */
  webhooks?: WebhookReceiver;
  /** The framework examples' builds (`dist/examples`); default: beside `distDir`. */
  examplesDir?: string;
}

const sessionCookie = "platform_session";

/** The largest body of a sign-in or new-account form (or anything else but a webhook). */
export const formBodyBytes = 16 * 1024;
/** The largest webhook delivery: one event with its object. */
export const webhookBodyBytes = 256 * 1024;

/**
 * Refuses a body over `maxSize` bytes (by its Content-Length, or counted as it streams in)
 * with 413 and a typed error, before any handler reads it.
 */
function limitBody(maxSize: number): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) =>
      c.json(
        {
          error: {
            type: "invalid_request_error",
            code: "body_too_large",
            message: `The request body is larger than ${maxSize} bytes.`,
          },
        },
        413,
      ),
  });
}

/** Components with a view in this version, by catalogue name: the dashboard shows these. */
export function builtComponents(): string[] {
  return Object.keys(viewRegistry).filter(isManifestName);
}

/**
 * The features this platform leaves off. It is a full-featured platform: every other feature
 * the catalogue names for a component it enables is on (refunds, disputes, capture, export,
 * the payments list's email and metadata filters, payouts and their schedule, …). It keeps the
 * provider user's sign-in: it does not own its accounts' login. The instant-payout switches
 * are off too (instant payouts go to debit cards and over RTP), unless the account's own
 * settings turn one on (`accountSwitches`). Adding funds (`enable_topups`) is off unless the
 * provider bears the account's losses (the provider refuses top-ups otherwise). Bank
 * connections stay offered (`disable_bank_connections` off).
 */
const featuresOff: ReadonlySet<string> = new Set([
  provider.flags.disableUserAuthentication,
  "disable_bank_connections",
  "instant_payouts_rtp_disabled",
  "instant_payouts_to_debit_cards_disabled",
  "enable_topups",
]);

/** What the platform reads of the connected account to choose its session's switches. */
export interface AccountSettings {
  metadata?: Record<string, string>;
  controller?: { losses?: { payments?: string } };
}

/**
 * The platform keeps a per-account setting in the connected account's metadata, as a platform
 * keeps its own data on the provider's objects: `platform_debit_card_instant_payouts=off`
 * turns on the session's `instant_payouts_to_debit_cards_disabled`. Where the provider bears
 * the account's losses (`controller.losses.payments`), the session offers adding funds.
 */
export function accountSwitches(settings: AccountSettings | undefined): Set<string> {
  const on = new Set<string>();
  if (settings?.metadata?.platform_debit_card_instant_payouts === "off")
    on.add("instant_payouts_to_debit_cards_disabled");
  if (settings?.controller?.losses?.payments === "provider") on.add("enable_topups");
  return on;
}

/**
 * The `components[...]` parameters of the account session for these catalogue names; `on`
 * names features of `featuresOff` that this account's session turns on.
 */
export function sessionComponentParams(
  names: readonly string[],
  on: ReadonlySet<string> = new Set(),
): URLSearchParams {
  const params = new URLSearchParams();
  const keys = new Set<string>();
  for (const name of names) {
    if (!isManifestName(name)) continue;
    const entry = catalogueManifest[name];
    // Internal tools need no enablement (SPEC.md §5), so a session cannot name them.
    if (entry.releaseState !== "internal") keys.add(entry.enabledKey);
  }
  for (const key of [...keys].sort()) {
    params.append(`components[${key}][enabled]`, "true");
    for (const feature of Object.keys(featureDefaultsOf(key)))
      params.append(
        `components[${key}][features][${feature}]`,
        String(on.has(feature) || !featuresOff.has(feature)),
      );
  }
  return params;
}

const assetTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/**
 * Where a sign-in may return to: the dashboard or one of its sections, nothing else (a
 * `next` naming another site or page is dropped, never followed).
 */
export function dashboardPath(value: unknown): string | undefined {
  if (value === "/dashboard") return value;
  if (typeof value !== "string" || !value.startsWith("/dashboard/")) return undefined;
  return dashboardSection(value.slice("/dashboard/".length)) ? value : undefined;
}

/**
 * The person's address as this server saw the request: the socket's peer (this example
 * serves directly; a platform behind a proxy reads the address its proxy appends). Undefined
 * without a socket or when it is not an IP address.
 */
function personAddress(c: Context): string | undefined {
  try {
    const address = getConnInfo(c).remote.address;
    return address && isIP(address) ? address.replace(/^::ffff:(?=\d+\.)/, "") : undefined;
  } catch {
    return undefined;
  }
}

export function createPlatformApp(options: PlatformOptions) {
  const { sandbox, hosts, origin } = options;
  const doFetch = options.fetch ?? fetch;
  const components = options.components ?? builtComponents;
  const cookieSecret = randomBytes(32);
  const distRoot = resolve(options.distDir);
  const publicRoot = new URL("./public/", import.meta.url).pathname;
  const app = new Hono();
  const webhooks =
    options.webhooks ??
    createWebhookReceiver({
      hosts,
      secretKey: sandbox.secretKey,
      url: `${origin}/webhooks`,
      fetch: doFetch,
    });

  app.use(async (c, next) => {
    await next();
    c.header("Content-Security-Policy", platformCsp(hosts.connect));
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  });
  // No handler reads a body past its limit: a webhook delivery carries one event, every
  // other body is a small form (sign-in, new account) or none.
  const webhookLimit = limitBody(webhookBodyBytes);
  const formLimit = limitBody(formBodyBytes);
  app.use((c, next) => (c.req.path === "/webhooks" ? webhookLimit : formLimit)(c, next));

  const accountById = (id: unknown): SandboxAccount | undefined =>
    typeof id === "string" ? sandbox.accounts.find((a) => a.id === id) : undefined;

  // The platform's sessions: a random id in the cookie, the account it signed in as here.
  // (One process is enough for an example; a real platform keeps them in its database.)
  const sessions = new Map<string, string>();
  // Accounts made with "New test account", by id: each belongs to the session that made it,
  // never listed on the sign-in page nor reachable from another session.
  const created = new Map<string, SandboxAccount>();
  /** The new accounts whose person the platform signs in (no provider user is made). */
  const platformSignIn = new Set<string>();
  /** The new accounts whose terms of service the platform collects itself. */
  const platformTerms = new Set<string>();
  const sessionId = (c: Context) => getSignedCookie(c, cookieSecret, sessionCookie);
  const signedIn = async (c: Context) => {
    const id = await sessionId(c);
    if (typeof id !== "string") return undefined;
    const accountId = sessions.get(id);
    return accountById(accountId) ?? (accountId ? created.get(accountId) : undefined);
  };
  const startSession = async (c: Context, accountId: string) => {
    const id = randomBytes(24).toString("base64url");
    sessions.set(id, accountId);
    await setSignedCookie(c, sessionCookie, id, cookieSecret, {
      httpOnly: true,
      sameSite: "Strict",
      path: "/",
    });
  };

  const pageConfig = (account: SandboxAccount, components: string[]): PageConfig => ({
    publishableKey: sandbox.publishableKey,
    connectOrigin: hosts.connect,
    components,
    account: { id: account.id, label: account.label },
  });

  app.get("/favicon.ico", (c) => c.body(null, 204));
  app.get("/platform.css", (c) =>
    c.body(readFileSync(join(publicRoot, "platform.css"), "utf8"), 200, {
      "Content-Type": assetTypes[".css"]!,
    }),
  );

  // The platform's brand icon: the hosted dashboard preview (debug-hosted-dashboard-preview)
  // shows it on the provider's dashboard pages.
  app.get("/brand-icon.svg", (c) =>
    c.body(readFileSync(join(publicRoot, "brand-icon.svg"), "utf8"), 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=3600",
    }),
  );

  // The platform's own legal pages, which account-onboarding links from its terms step.
  for (const [path, title] of [
    ["/legal/terms", "Terms of service"],
    ["/legal/privacy", "Privacy policy"],
  ] as const)
    app.get(path, (c) =>
      c.html(
        page({
          title,
          body: `      <h1>${title}</h1>
      <p>The example platform's ${title.toLowerCase()}, which its connected accounts accept when they onboard.</p>`,
        }),
      ),
    );

  app.get("/", async (c) => {
    const next = dashboardPath(c.req.query("next"));
    if (await signedIn(c)) return c.redirect(next ?? "/dashboard", 303);
    return c.html(signInPage(sandbox.accounts, undefined, next));
  });

  app.post("/sign-in", async (c) => {
    const form = await c.req.parseBody();
    const next = dashboardPath(form.next);
    const account = accountById(form.account);
    if (!account)
      return c.html(signInPage(sandbox.accounts, "Pick one of the accounts.", next), 400);
    await startSession(c, account.id);
    return c.redirect(next ?? "/dashboard", 303);
  });

  /** A form POST to the API host with the secret key, once (an idempotency key); null: unreachable. */
  const apiPost = (path: string, body: URLSearchParams) =>
    doFetch(`${hosts.api}${path}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${sandbox.secretKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
        "Idempotency-Key": randomBytes(16).toString("hex"),
      },
      body,
    }).catch(() => null);

  // "New test account": what a platform does when a business signs up with it — it creates
  // the connected account with its secret key (country and business type, nothing else
  // known yet) and signs in as it, so onboarding starts from nothing.
  app.post("/accounts", async (c) => {
    if (c.req.header("Origin") !== origin)
      return c.html(signInPage(sandbox.accounts, "Cross-origin request refused."), 403);
    const form = await c.req.parseBody();
    const country = newAccountCountries.find((code) => code === form.country);
    const businessType = newAccountBusinessTypes.find((type) => type === form.business_type);
    const signIn = (Object.keys(newAccountSignIns) as NewAccountSignIn[]).find(
      (who) => who === (form.sign_in ?? "platform"),
    );
    const terms = (Object.keys(newAccountTerms) as NewAccountTerms[]).find(
      (who) => who === (form.terms ?? "onboarding"),
    );
    if (!country || !businessType || !signIn || !terms)
      return c.html(
        signInPage(
          sandbox.accounts,
          "Pick a country, a business type, who signs you in and who collects the terms.",
        ),
        400,
      );
    const body = new URLSearchParams({ type: "custom", country, business_type: businessType });
    const answer = await apiPost("/v1/accounts", body);
    const account = (await answer?.json().catch(() => null)) as { id?: unknown } | null;
    if (!answer?.ok || typeof account?.id !== "string")
      return c.html(signInPage(sandbox.accounts, "The account could not be created."), 502);
    if (signIn === "platform") platformSignIn.add(account.id);
    if (terms === "platform") platformTerms.add(account.id);
    created.set(account.id, {
      id: account.id,
      label: `New test account (${country}, ${businessType.replaceAll("_", " ")})`,
      type: "custom",
      state: "new",
    });
    await startSession(c, account.id);
    return c.redirect("/dashboard", 303);
  });

  app.post("/sign-out", async (c) => {
    const id = await sessionId(c);
    if (typeof id === "string") sessions.delete(id);
    deleteCookie(c, sessionCookie, { path: "/" });
    return c.redirect("/", 303);
  });

  const embedding = (render: (account: SandboxAccount) => string) => async (c: Context) => {
    const account = await signedIn(c);
    if (!account) return c.redirect("/", 303);
    c.header("Cache-Control", "no-store");
    return c.html(render(account));
  };

  // What a platform's backend reads with its secret key to link its pages to payments.
  const apiGet = async <T>(account: SandboxAccount, path: string): Promise<T | null> => {
    try {
      const response = await doFetch(`${hosts.api}${path}`, {
        headers: {
          Authorization: `Bearer ${sandbox.secretKey}`,
          [provider.headers.account]: account.id,
        },
      });
      return response.ok ? ((await response.json()) as T) : null;
    } catch {
      return null;
    }
  };
  type Listed<T> = { data: T[] };
  type ListedCharge = {
    id: string;
    amount: number;
    currency: string;
    description: string | null;
    payment_status: string;
  };
  /**
   * The account's newest payments and its newest uncaptured ones (an order list with "View"
   * buttons), and its newest disputed payment.
   */
  const paymentLinks = async (account: SandboxAccount) => {
    const [newest, uncaptured, disputes] = await Promise.all([
      apiGet<Listed<ListedCharge>>(account, "/v1/charges?limit=5"),
      apiGet<Listed<ListedCharge>>(account, "/v1/charges?limit=3&status%5B%5D=requires_capture"),
      apiGet<Listed<{ charge: string }>>(account, "/v1/disputes?limit=1"),
    ]);
    const seen = new Set<string>();
    const payments = [...(newest?.data ?? []), ...(uncaptured?.data ?? [])]
      .filter((c) => !seen.has(c.id) && seen.add(c.id))
      .map((c) => ({
        id: c.id,
        label: `${(c.amount / 100).toFixed(2)} ${c.currency.toUpperCase()} · ${c.payment_status} · ${c.description ?? c.id}`,
      }));
    return { payments, disputedPayment: disputes?.data[0]?.charge ?? null };
  };

  /** The account's newest payouts (a "View" button each, for payout-details). */
  const payoutLinks = async (account: SandboxAccount) => {
    type ListedPayout = { id: string; amount: number; currency: string; status: string };
    const listed = await apiGet<Listed<ListedPayout>>(account, "/v1/payouts?limit=5");
    return (listed?.data ?? []).map((p) => ({
      id: p.id,
      label: `payout ${(p.amount / 100).toFixed(2)} ${p.currency.toUpperCase()} · ${p.status}`,
    }));
  };

  /** The account's default payment method configuration (payment-method-settings shows it). */
  const paymentMethodConfiguration = async (account: SandboxAccount) => {
    const listed = await apiGet<Listed<{ id: string }>>(
      account,
      "/v1/payment_method_configurations?is_default=true&limit=1",
    );
    return listed?.data[0]?.id ?? null;
  };

  /**
   * For an account whose terms the platform collects: whether (and when) it accepted them,
   * as the provider recorded it. Undefined for the others (onboarding asks them).
   */
  const termsOf = async (account: SandboxAccount) => {
    if (!platformTerms.has(account.id)) return undefined;
    const read = await apiGet<{ tos_acceptance?: { date?: number | null } }>(
      account,
      `/v1/accounts/${encodeURIComponent(account.id)}`,
    );
    return { accepted: read?.tos_acceptance?.date ?? null };
  };

  /** The dashboard's sections that show at least one built component, with those components. */
  const sections = () => {
    const built = new Set(components());
    return dashboardSections
      .map((s) => ({ ...s, components: s.components.filter((name) => built.has(name)) }))
      .filter((s) => s.components.length > 0);
  };

  /** The overview (the built components of its sections) or one section of the dashboard. */
  const dashboard = async (c: Context, section?: string) => {
    const account = await signedIn(c);
    if (!account) return c.redirect(`/?next=${c.req.path}`, 303);
    const shown = sections();
    const here = section === undefined ? undefined : shown.find((s) => s.path === section);
    if (section !== undefined && !here) return c.notFound();
    c.header("Cache-Control", "no-store");
    const names = here ? here.components : overviewComponents(components());
    const [payments, payouts, pmc, terms] = await Promise.all([
      paymentLinks(account),
      payoutLinks(account),
      names.includes("payment-method-settings")
        ? paymentMethodConfiguration(account)
        : Promise.resolve(null),
      names.includes("account-onboarding") ? termsOf(account) : Promise.resolve(undefined),
    ]);
    const config = {
      ...pageConfig(account, names),
      ...payments,
      payouts,
      paymentMethodConfiguration: pmc,
      ...(terms ? { platformTerms: terms } : {}),
    };
    return c.html(
      dashboardPage(account, config, [...supportedLocales], { section, sections: shown }),
    );
  };
  app.get("/dashboard", (c) => dashboard(c));
  app.get("/dashboard/:section{[a-z]+}", (c) => dashboard(c, c.req.param("section")));
  app.get(
    "/plain",
    embedding((account) =>
      plainPage(account, pageConfig(account, ["payouts-list"]), options.classicScriptUrl),
    ),
  );

  app.get(
    "/react",
    embedding((account) => reactPage(account, pageConfig(account, ["payouts-list"]))),
  );
  // Markup only: the classic script configured by a configuration element (no page script).
  app.get(
    "/markup",
    embedding((account) =>
      markupPage(account, {
        publishableKey: sandbox.publishableKey,
        classicScript: options.classicScriptUrl,
      }),
    ),
  );

  // The Vue, Svelte, HTMX and server-rendered React pages (examples/<name>, frameworks.ts).
  mountFrameworkExamples(app, {
    examplesDir: options.examplesDir ?? join(distRoot, "..", "examples"),
    embedding,
    pageConfig,
  });

  // What a real platform backend does: a fresh client secret for the signed-in account.
  app.post("/api/account_session", async (c) => {
    // A cross-site page cannot ask (the cookie is SameSite=Strict; the origin is checked too).
    if (c.req.header("Origin") !== origin)
      return c.json({ error: { message: "Cross-origin request refused." } }, 403);
    const account = await signedIn(c);
    if (!account) return c.json({ error: { message: "Sign in first." } }, 401);
    const settings = await apiGet<AccountSettings>(
      account,
      `/v1/accounts/${encodeURIComponent(account.id)}`,
    );
    const on = accountSwitches(settings ?? undefined);
    // A new account whose login the platform owns: the platform vouches for its own
    // signed-in person. Otherwise the person claims the account in account-onboarding (it
    // has no provider user yet) and signs in as that user.
    if (platformSignIn.has(account.id)) on.add(provider.flags.disableUserAuthentication);
    const body = sessionComponentParams(components(), on);
    body.set("account", account.id);
    // Only this platform's pages may embed the session (docs/security.md).
    body.set("allowed_origins[0]", origin);
    let response: Response;
    try {
      response = await doFetch(`${hosts.api}/v1/account_sessions`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${sandbox.secretKey}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body,
      });
    } catch {
      return c.json({ error: { message: "The API host cannot be reached." } }, 502);
    }
    const session = (await response.json().catch(() => null)) as {
      client_secret?: unknown;
      error?: { message?: string };
    } | null;
    if (!response.ok || typeof session?.client_secret !== "string")
      return c.json(
        { error: { message: session?.error?.message ?? "The account session failed." } },
        502,
      );
    c.header("Cache-Control", "no-store");
    return c.json({ client_secret: session.client_secret });
  });

  // The platform's own terms of service, accepted on its Account page (an account whose terms
  // it collects): its backend records the acceptance on the connected account with the
  // secret key — when, from which address (the person's, as this server saw the request)
  // and which browser — as the provider's account update takes it.
  app.post("/api/terms_acceptance", async (c) => {
    if (c.req.header("Origin") !== origin)
      return c.json({ error: { message: "Cross-origin request refused." } }, 403);
    const account = await signedIn(c);
    if (!account) return c.json({ error: { message: "Sign in first." } }, 401);
    if (!platformTerms.has(account.id))
      return c.json(
        { error: { message: "This account accepts the terms in its onboarding flow." } },
        409,
      );
    const form = await c.req.parseBody();
    if (form.accept !== "true")
      return c.json({ error: { message: "Tick the box to accept the terms of service." } }, 400);
    const ip = personAddress(c);
    if (!ip)
      return c.json({ error: { message: "The request's address cannot be recorded." } }, 400);
    const date = Math.floor(Date.now() / 1000);
    const body = new URLSearchParams({
      "tos_acceptance[date]": String(date),
      "tos_acceptance[ip]": ip,
    });
    const userAgent = c.req.header("User-Agent")?.slice(0, 500);
    if (userAgent) body.set("tos_acceptance[user_agent]", userAgent);
    const answer = await apiPost(`/v1/accounts/${encodeURIComponent(account.id)}`, body);
    const updated = (await answer?.json().catch(() => null)) as {
      tos_acceptance?: { date?: number | null };
      error?: { message?: string };
    } | null;
    if (!answer?.ok || typeof updated?.tos_acceptance?.date !== "number")
      return c.json(
        { error: { message: updated?.error?.message ?? "The acceptance could not be recorded." } },
        502,
      );
    c.header("Cache-Control", "no-store");
    return c.json({ accepted: updated.tos_acceptance.date });
  });

  // The provider's webhooks: server to server, verified by signature (no cookie, no origin).
  app.post("/webhooks", (c) => webhooks.receive(c.req.raw));

  // The events received for the signed-in account, for the dashboard's panel.
  app.get("/api/webhook_events", async (c) => {
    const account = await signedIn(c);
    if (!account) return c.json({ error: { message: "Sign in first." } }, 401);
    c.header("Cache-Control", "no-store");
    return c.json({ data: webhooks.recent(account.id) });
  });

  // The bundled browser code (examples/platform/vite.config.ts → dist/platform).
  app.get("/assets/*", (c) => {
    const file = normalize(join(distRoot, decodeURIComponent(new URL(c.req.url).pathname)));
    if (!file.startsWith(join(distRoot, "assets") + sep) || !existsSync(file)) return c.notFound();
    const type = assetTypes[file.slice(file.lastIndexOf("."))];
    if (!type) return c.notFound();
    c.header("Content-Type", type);
    c.header("Cache-Control", "no-cache");
    return c.body(readFileSync(file));
  });

  return Object.assign(app, { webhooks });
}

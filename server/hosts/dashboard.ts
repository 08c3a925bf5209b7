/**
 * The dashboard host (READING.md: the provider user's dashboard and sign-in), server-rendered
 * HTML that works without script, under a strict CSP. Its one script is the provider's shared
 * site script (`/site.js`, issue 16: consent, private analytics, error reports), which the
 * pages do not need to work:
 *
 * - `GET /sign-in`, `POST /sign-in`: email and password (rate-limited by email and client
 *   address, one generic error text, shared with the popup's sign-in: `users/sign-in.ts`);
 * - `GET /`: the signed-in user's connected accounts;
 * - `POST /sign-out`.
 *
 * The session is a row in `dashboard_sessions` (its token stored as a sha-256) behind an
 * HttpOnly, SameSite=Lax cookie, so any process serving this host knows it. POSTs must come
 * from this origin (the Origin header, when the browser sends one), on top of SameSite.
 *
 * The sign-in popup does not come here: it signs in on its own connect-host page (see
 * docs/architecture.md), so the embedded flow never depends on this host's cookie.
 */
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Kysely } from "kysely";
import { hostsMetaName, type ProviderHosts, provider } from "../../protocol/provider.ts";
import { defaultConfig, type ServerConfig } from "../config.ts";
import type { Database } from "../db/schema.ts";
import { challengeLimits } from "../embedded/challenge.ts";
import { limitBody, smallBodyBytes } from "../http/body-limit.ts";
import { ApiError } from "../http/errors.ts";
import { newId, randomToken, sha256 } from "../http/secrets.ts";
import { clientAddress } from "../users/sign-in.routes.ts";
import { limitedSignIn, signInFailedMessage, verifyCredentials } from "../users/sign-in.ts";
import {
  accountsPage,
  codesSection,
  dashboardAccountRows,
  dashboardStylesheet,
  escapeHtml,
  page,
  signInPage,
} from "./dashboard-pages.ts";
import { siteScript } from "./marketing.ts";

export interface DashboardHostOptions {
  db: Kysely<Database>;
  config?: Partial<ServerConfig>;
  /** The built shared site script (`dist/site/site.js`). */
  siteScriptFile?: string;
}

export const dashboardSessionCookie = `${provider.id}_dashboard_session`;
/** How long a dashboard session lasts (seconds). */
export const dashboardSessionTtl = 12 * 60 * 60;

const cspFor = (hosts: ProviderHosts) =>
  [
    "default-src 'none'",
    // The shared site script, and the calls it makes: the telemetry intake, the consent mode.
    "script-src 'self'",
    `connect-src 'self' ${hosts.api} ${hosts.marketing}`,
    "style-src 'self'",
    "img-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");

export function createDashboardHostApp(options: DashboardHostOptions) {
  const config = defaultConfig(options.config);
  const { db } = options;
  const origin = config.hosts.dashboard;
  const secure = origin.startsWith("https:");
  const app = new Hono();
  // Dashboard sessions and sign-in attempts belong to no platform: they live on the wall
  // clock, which no platform's sandbox clock moves (`sandbox/clock.ts`).
  const clockNow = async () => config.now();

  const csp = cspFor(config.hosts);
  const hostsMeta = `<meta name="${hostsMetaName}" content="${escapeHtml(
    JSON.stringify({ api: config.hosts.api, marketing: config.hosts.marketing }),
  )}">`;
  app.use(async (c, next) => {
    await next();
    // Every page tells the site script the environment's hosts (their ports are configurable).
    if (c.res.headers.get("content-type")?.startsWith("text/html")) {
      const html = (await c.res.text()).replace("</head>", `${hostsMeta}\n</head>`);
      c.res = new Response(html, c.res);
    }
    c.header("Content-Security-Policy", csp);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "same-origin");
    c.header("X-Frame-Options", "DENY");
    c.header("Cache-Control", "no-store");
  });

  // The sign-in form is an email and a password: a larger body is refused unread.
  app.use(limitBody(smallBodyBytes));

  // A POST from another origin (a login CSRF, say) is refused before anything happens.
  app.use(async (c, next) => {
    const from = c.req.header("origin");
    if (c.req.method === "POST" && from !== undefined && from !== origin) {
      return c.text("Cross-origin form posts are not accepted.", 403);
    }
    await next();
  });

  const currentSession = async (token: string | undefined) => {
    if (!token) return undefined;
    return db
      .selectFrom("dashboard_sessions")
      .innerJoin("users", "users.id", "dashboard_sessions.user_id")
      .select(["dashboard_sessions.id", "dashboard_sessions.user_id", "users.email"])
      .where("dashboard_sessions.token_hash", "=", sha256(token))
      .where("dashboard_sessions.revoked_at", "is", null)
      .where("dashboard_sessions.expires_at", ">", await clockNow())
      .executeTakeFirst();
  };

  app.get("/dashboard.css", (c) =>
    c.body(dashboardStylesheet, 200, { "Content-Type": "text/css; charset=utf-8" }),
  );
  app.get("/favicon.ico", (c) => c.body(null, 204));
  app.get("/site.js", (c) => siteScript(c, options.siteScriptFile));

  app.get("/sign-in", async (c) => {
    if (await currentSession(getCookie(c, dashboardSessionCookie))) return c.redirect("/", 303);
    return c.html(signInPage({}));
  });

  app.post("/sign-in", async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const email = typeof form.email === "string" ? form.email.trim().slice(0, 320) : "";
    const password = typeof form.password === "string" ? form.password.slice(0, 1024) : "";
    if (!email || !password) {
      return c.html(signInPage({ email, error: "Enter your email and password." }), 400);
    }
    const now = await clockNow();
    const client = clientAddress(c, config.trustedProxies);
    let userId: string | undefined;
    try {
      userId = await limitedSignIn(db, { email, password, client }, now, () =>
        verifyCredentials(db, email, password),
      );
    } catch (error) {
      if (error instanceof ApiError)
        return c.html(signInPage({ email, error: error.message }), 429);
      throw error;
    }
    if (!userId) return c.html(signInPage({ email, error: signInFailedMessage }), 400);
    const token = randomToken(43);
    await db
      .insertInto("dashboard_sessions")
      .values({
        id: newId("dsess"),
        token_hash: sha256(token),
        user_id: userId,
        created: now,
        expires_at: now + dashboardSessionTtl,
        revoked_at: null,
      })
      .execute();
    setCookie(c, dashboardSessionCookie, token, {
      httpOnly: true,
      sameSite: "Lax",
      secure,
      path: "/",
      maxAge: dashboardSessionTtl,
    });
    return c.redirect("/", 303);
  });

  app.get("/", async (c) => {
    const session = await currentSession(getCookie(c, dashboardSessionCookie));
    if (!session) return c.redirect("/sign-in", 303);
    const memberships = await db
      .selectFrom("account_users")
      .innerJoin("accounts", "accounts.id", "account_users.account_id")
      .selectAll("accounts")
      .select("account_users.is_primary")
      .where("account_users.user_id", "=", session.user_id)
      .where("accounts.deleted_at", "is", null)
      .orderBy("accounts.created", "desc")
      .orderBy("accounts.id", "desc")
      .execute();
    const primary = new Set(memberships.filter((m) => m.is_primary).map((m) => m.id));
    // Charges and payouts as the API computes them (the account's requirements), not as stored.
    const accounts = await dashboardAccountRows(db, memberships, primary, config.now());
    const now = await clockNow();
    const codes = await db
      .selectFrom("external_account_challenges")
      .select(["account_id", "code", "expires_at"])
      .where("user_id", "=", session.user_id)
      .where("succeeded_at", "is", null)
      .where("expires_at", ">", now)
      .where("attempts", "<", challengeLimits.attempts)
      .orderBy("created", "desc")
      .execute();
    return c.html(accountsPage(session.email, accounts, codesSection(codes, now)));
  });

  app.post("/sign-out", async (c) => {
    const token = getCookie(c, dashboardSessionCookie);
    if (token) {
      await db
        .updateTable("dashboard_sessions")
        .set({ revoked_at: await clockNow() })
        .where("token_hash", "=", sha256(token))
        .where("revoked_at", "is", null)
        .execute();
    }
    deleteCookie(c, dashboardSessionCookie, { path: "/", secure, httpOnly: true, sameSite: "Lax" });
    return c.redirect("/sign-in", 303);
  });

  app.notFound((c) => c.html(page("Not found", "<h1>Page not found</h1>"), 404));
  return app;
}

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

const stylesheet = `
body { font-family: system-ui, sans-serif; margin: 0; color: #1f2937; background: #f9fafb; }
main { max-width: 48rem; margin: 3rem auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; }
form.sign-in { display: flex; flex-direction: column; gap: 0.75rem; max-width: 22rem; }
label { display: flex; flex-direction: column; gap: 0.25rem; font-weight: 600; }
input { font: inherit; padding: 0.5rem; border: 1px solid #9ca3af; border-radius: 0.375rem; }
button { font: inherit; padding: 0.5rem 1rem; border-radius: 0.375rem; border: 1px solid #4b5563; background: #111827; color: #fff; cursor: pointer; }
.error { border: 1px solid #b91c1c; background: #fef2f2; color: #7f1d1d; padding: 0.75rem; border-radius: 0.375rem; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { text-align: start; padding: 0.5rem; border-bottom: 1px solid #e5e7eb; }
header { display: flex; justify-content: space-between; align-items: center; gap: 1rem; }
`.trim();

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(provider.name)}</title>
<link rel="stylesheet" href="/dashboard.css">
<script type="module" src="/site.js"></script>
</head>
<body><main>${body}</main></body>
</html>`;
}

function signInPage(options: { email?: string; error?: string }): string {
  const error = options.error
    ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>`
    : "";
  return page(
    "Sign in",
    `<h1>Sign in to ${escapeHtml(provider.name)}</h1>
${error}
<form class="sign-in" method="post" action="/sign-in">
<label>Email <input type="email" name="email" autocomplete="username" required maxlength="320" value="${escapeHtml(options.email ?? "")}"></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required maxlength="1024"></label>
<button type="submit">Sign in</button>
</form>`,
  );
}

interface AccountRow {
  id: string;
  business_name: string | null;
  type: string;
  country: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  is_primary: boolean;
}

/** An open external-account challenge addressed to the signed-in user (issue 14 item 3). */
interface CodeRow {
  account_id: string;
  code: string;
  expires_at: number;
}

/** The sandbox's delivery of challenge codes: shown to the user they were sent to. */
function codesSection(codes: CodeRow[], now: number): string {
  if (codes.length === 0) return "";
  const items = codes
    .map((c) => {
      const minutes = Math.max(1, Math.ceil((c.expires_at - now) / 60));
      return `<li>Account <code>${escapeHtml(c.account_id)}</code>: <strong>${escapeHtml(c.code)}</strong> (expires in ${minutes} min)</li>`;
    })
    .join("\n");
  return `<section aria-labelledby="codes"><h2 id="codes">Verification codes</h2>
<p>A component asked to change a payout account. Enter this code there; never share it.</p>
<ul>
${items}
</ul></section>`;
}

function accountsPage(email: string, accounts: AccountRow[], codes = ""): string {
  const yesNo = (value: boolean) => (value ? "Yes" : "No");
  const rows = accounts
    .map(
      (
        a,
      ) => `<tr><td>${escapeHtml(a.business_name ?? "—")}</td><td><code>${escapeHtml(a.id)}</code></td>
<td>${escapeHtml(a.type)}</td><td>${escapeHtml(a.country)}</td>
<td>${yesNo(a.charges_enabled)}</td><td>${yesNo(a.payouts_enabled)}</td><td>${a.is_primary ? "Owner" : "Member"}</td></tr>`,
    )
    .join("\n");
  const table =
    accounts.length === 0
      ? "<p>You have access to no connected account yet.</p>"
      : `<table><caption>Your connected accounts</caption>
<thead><tr><th scope="col">Business</th><th scope="col">Account</th><th scope="col">Type</th><th scope="col">Country</th><th scope="col">Charges</th><th scope="col">Payouts</th><th scope="col">Role</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
  return page(
    "Accounts",
    `<header><h1>Accounts</h1>
<form method="post" action="/sign-out"><span>${escapeHtml(email)}</span> <button type="submit">Sign out</button></form></header>
${codes}
${table}`,
  );
}

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
    c.body(stylesheet, 200, { "Content-Type": "text/css; charset=utf-8" }),
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
    const accounts = await db
      .selectFrom("account_users")
      .innerJoin("accounts", "accounts.id", "account_users.account_id")
      .select([
        "accounts.id",
        "accounts.business_name",
        "accounts.type",
        "accounts.country",
        "accounts.charges_enabled",
        "accounts.payouts_enabled",
        "account_users.is_primary",
      ])
      .where("account_users.user_id", "=", session.user_id)
      .where("accounts.deleted_at", "is", null)
      .orderBy("accounts.created", "desc")
      .orderBy("accounts.id", "desc")
      .execute();
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

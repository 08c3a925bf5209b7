/**
 * The dashboard host's pages (READING.md: the provider user's dashboard and sign-in), as
 * server-rendered HTML: one set of templates for the host itself (`dashboard.ts`) and for the
 * hosted dashboard preview (`GET /v1/embedded/hosted_dashboard_preview`, the internal
 * `debug-hosted-dashboard-preview` tool, issue 17 item 7), which shows a platform how these
 * pages look under its branding before its connected accounts see them.
 *
 * A page may carry a platform's brand (its display name and icon) above its content. A
 * preview renders the same pages read-only: no script, its forms without an action and their
 * fields and buttons disabled, and the signed-in user's email left out (a preview has no
 * signed-in user). Every value is escaped here.
 */
import type { Kysely } from "kysely";
import { provider } from "../../protocol/provider.ts";
import { factsOf, loadOnFile } from "../accounts/model.ts";
import { accountStatus } from "../accounts/requirements.ts";
import type { Account, Database } from "../db/schema.ts";
import { escapeHtml } from "./html.ts";

/** The one stylesheet of every dashboard page (served at `/dashboard.css`, and by the connect host for the preview). */
export const dashboardStylesheet = `
body { font-family: system-ui, sans-serif; margin: 0; color: #1f2937; background: #f9fafb; }
main { max-width: 48rem; margin: 3rem auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; }
form.sign-in { display: flex; flex-direction: column; gap: 0.75rem; max-width: 22rem; }
label { display: flex; flex-direction: column; gap: 0.25rem; font-weight: 600; }
input { font: inherit; padding: 0.5rem; border: 1px solid #9ca3af; border-radius: 0.375rem; }
button { font: inherit; padding: 0.5rem 1rem; border-radius: 0.375rem; border: 1px solid #4b5563; background: #111827; color: #fff; cursor: pointer; }
button:disabled, input:disabled { cursor: default; }
.error { border: 1px solid #b91c1c; background: #fef2f2; color: #7f1d1d; padding: 0.75rem; border-radius: 0.375rem; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { text-align: start; padding: 0.5rem; border-bottom: 1px solid #e5e7eb; }
header { display: flex; justify-content: space-between; align-items: center; gap: 1rem; flex-wrap: wrap; }
.table-scroll { overflow-x: auto; }
.brand { display: flex; align-items: center; gap: 0.75rem; margin-bottom: 2rem; font-weight: 600; font-size: 1.125rem; overflow-wrap: anywhere; }
.brand-icon { inline-size: 2.5rem; block-size: 2.5rem; border-radius: 0.5rem; object-fit: cover; flex: none; }
.brand-initial { display: grid; place-items: center; background: #111827; color: #fff; }
.powered { margin-top: 2rem; color: #4b5563; font-size: 0.875rem; }
`.trim();

export { escapeHtml };

/** A platform's branding on the pages its connected accounts see. */
export interface DashboardBrand {
  displayName: string;
  /** An https (or, locally, loopback http) image URL; absent: the name's first letter. */
  icon?: string | undefined;
}

/** How a page is rendered: for the host, or read-only for the preview; branded or not. */
export interface PageOptions {
  brand?: DashboardBrand | undefined;
  preview?: boolean;
}

function brandHeader(brand: DashboardBrand | undefined): string {
  if (!brand) return "";
  const icon = brand.icon
    ? `<img class="brand-icon" src="${escapeHtml(brand.icon)}" alt="" width="40" height="40">`
    : `<span class="brand-icon brand-initial" aria-hidden="true">${escapeHtml(
        [...brand.displayName.trim()][0]?.toUpperCase() ?? "",
      )}</span>`;
  return `<div class="brand">${icon}<span>${escapeHtml(brand.displayName)}</span></div>`;
}

/** A page's `<main>`: the brand above the content, and, when branded, who runs the payments. */
export function pageMain(body: string, options: PageOptions = {}): string {
  const powered = options.brand
    ? `<p class="powered">Payments for ${escapeHtml(options.brand.displayName)} are run by ${escapeHtml(provider.name)}.</p>`
    : "";
  return `<main>${brandHeader(options.brand)}${body}${powered}</main>`;
}

export function page(title: string, body: string, options: PageOptions = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(options.brand?.displayName ?? provider.name)}</title>
<link rel="stylesheet" href="/dashboard.css">
<script type="module" src="/site.js"></script>
</head>
<body>${pageMain(body, options)}</body>
</html>`;
}

/** The attributes of a form: posting on the host, inert in a preview. */
const formAction = (action: string, options: PageOptions) =>
  options.preview ? "" : ` method="post" action="${action}"`;
const disabled = (options: PageOptions) => (options.preview ? " disabled" : "");

export function signInBody(
  values: { email?: string; error?: string },
  options: PageOptions = {},
): string {
  const error = values.error ? `<p class="error" role="alert">${escapeHtml(values.error)}</p>` : "";
  const to = options.brand?.displayName ?? provider.name;
  const off = disabled(options);
  return `<h1>Sign in to ${escapeHtml(to)}</h1>
${error}
<form class="sign-in"${formAction("/sign-in", options)}>
<label>Email <input type="email" name="email" autocomplete="username" required maxlength="320" value="${escapeHtml(values.email ?? "")}"${off}></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required maxlength="1024"${off}></label>
<button type="submit"${off}>Sign in</button>
</form>`;
}

export function signInPage(values: { email?: string; error?: string }): string {
  return page("Sign in", signInBody(values));
}

export interface AccountRow {
  id: string;
  business_name: string | null;
  type: string;
  country: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  is_primary: boolean;
}

/**
 * The accounts as the accounts page lists them, their charges and payouts flags as the API
 * computes them at `now` (from the requirements and what is on file), not as last stored.
 */
export async function dashboardAccountRows(
  db: Kysely<Database>,
  accounts: readonly Account[],
  primary: ReadonlySet<string>,
  now: number,
): Promise<AccountRow[]> {
  const onFile = await loadOnFile(
    db,
    accounts.map((a) => a.id),
  );
  return accounts.map((account) => {
    const status = accountStatus(factsOf(account, onFile.get(account.id)!), now);
    return {
      id: account.id,
      business_name: account.business_name,
      type: account.type,
      country: account.country,
      charges_enabled: status.charges_enabled,
      payouts_enabled: status.payouts_enabled,
      is_primary: primary.has(account.id),
    };
  });
}

/** An open external-account challenge addressed to the signed-in user (issue 14 item 3). */
export interface CodeRow {
  account_id: string;
  code: string;
  expires_at: number;
}

/** The sandbox's delivery of challenge codes: shown to the user they were sent to. */
export function codesSection(codes: CodeRow[], now: number): string {
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

/** The signed-in user's accounts; `email` undefined in a preview (no one is signed in). */
export function accountsBody(
  email: string | undefined,
  accounts: AccountRow[],
  codes = "",
  options: PageOptions = {},
): string {
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
      : `<div class="table-scroll"><table><caption>Your connected accounts</caption>
<thead><tr><th scope="col">Business</th><th scope="col">Account</th><th scope="col">Type</th><th scope="col">Country</th><th scope="col">Charges</th><th scope="col">Payouts</th><th scope="col">Role</th></tr></thead>
<tbody>
${rows}
</tbody></table></div>`;
  const who = email === undefined ? "" : `<span>${escapeHtml(email)}</span> `;
  return `<header><h1>Accounts</h1>
<form${formAction("/sign-out", options)}>${who}<button type="submit"${disabled(options)}>Sign out</button></form></header>
${codes}
${table}`;
}

export function accountsPage(email: string, accounts: AccountRow[], codes = ""): string {
  return page("Accounts", accountsBody(email, accounts, codes));
}

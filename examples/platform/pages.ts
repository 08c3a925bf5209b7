/**
 * The example platform's HTML, rendered by its backend. Tag names come from the provider
 * configuration (never spelled by hand), and pages carry no inline script or style: each
 * loads its module from the platform's own origin, so the whole site runs under the strict
 * CSP of `csp.ts`. What a page's script needs (the publishable key, the connect origin, the
 * components to show) travels in one `<meta name="platform-config">`.
 */
import { provider, tagName } from "../../protocol/provider.ts";
import type { SandboxAccount } from "./sandbox.ts";

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => escapes[c]!);

/** What every embedding page's script reads from its `<meta name="platform-config">`. */
export interface PageConfig {
  publishableKey: string;
  connectOrigin: string;
  /** The components this page shows, by catalogue name. */
  components: string[];
  account: { id: string; label: string };
  /**
   * The platform's own view of some of the account's payments (its orders), as its backend
   * read them with the secret key: each gets a "View" button opening payment-details.
   */
  payments?: { id: string; label: string }[];
  /** A disputed payment of the account, for payment-disputes (null: none). */
  disputedPayment?: string | null;
  /** The account's newest payouts, as the platform's backend lists them (payout-details). */
  payouts?: { id: string; label: string }[];
  /**
   * The account's payment method configuration the platform shows (its default, as the
   * backend read it with the secret key), for payment-method-settings (null: none read).
   */
  paymentMethodConfiguration?: string | null;
  /**
   * Set when the platform collects this account's terms of service itself: when the account
   * accepted them (unix seconds, as the provider recorded it), or null while it has not.
   */
  platformTerms?: { accepted: number | null };
}

export const configMetaName = "platform-config";

/**
 * The dashboard's pages, as a platform organises its own: each shows, in this order, the
 * components it names that have a view in this version. `/dashboard` is the overview with
 * every built component but those of a section marked `overview: false`; `/dashboard/<path>`
 * one page. Every built component stands on one
 * of these pages (a test says so when a new one is not placed).
 */
export const dashboardSections = [
  {
    path: "payments",
    title: "Payments",
    components: [
      "payments",
      "payment-details",
      "payment-disputes",
      "disputes-list",
      "transactions-list",
    ],
  },
  {
    path: "payouts",
    title: "Payouts",
    components: [
      "balances",
      "instant-payouts-promotion",
      "payouts",
      "payouts-list",
      "payout-details",
      "instant-payouts",
    ],
  },
  {
    path: "reports",
    title: "Reports",
    components: [
      "reporting-chart",
      "earnings-chart",
      "balance-report",
      "payout-reconciliation-report",
    ],
  },
  {
    path: "account",
    title: "Account",
    components: [
      "notification-banner",
      "account-onboarding",
      "account-management",
      "payment-method-settings",
      "documents",
    ],
  },
  {
    path: "tools",
    title: "Tools",
    components: [
      "debug-components-list",
      "debug-utils",
      "debug-ui-config",
      "debug-ui-library",
      "account-management-form",
    ],
  },
  {
    // The platform's branding as its connected accounts will see it on the provider's
    // hosted dashboard.
    path: "branding",
    title: "Branding",
    components: ["debug-hosted-dashboard-preview"],
  },
  {
    // Every built component at once in the dashboard's appearance and locale: an engineer's
    // page, heavy by design, so the overview leaves it out.
    path: "preview",
    title: "UI preview",
    components: ["debug-ui-preview"],
    overview: false,
  },
  {
    // The mobile entry points: in the platform's app each opens full-screen in a web view
    // on the connect host's entry page (docs/mobile.md); here they stand side by side, with
    // the attributes the app passes. Each one is a task on its own, so the overview leaves
    // them out.
    path: "mobile",
    title: "Mobile app",
    components: [
      "entry-point-create-payout",
      "entry-point-add-funds",
      "entry-point-edit-payout-schedule",
      "entry-point-edit-payout-destination",
    ],
    overview: false,
  },
] as const satisfies readonly {
  path: string;
  title: string;
  components: readonly string[];
  overview?: false;
}[];

/** The components the overview (`/dashboard`) shows: every built one of the sections it takes. */
export const overviewComponents = (built: readonly string[]): string[] => {
  const left = new Set<string>(
    dashboardSections.flatMap((s) => ("overview" in s ? [...s.components] : [])),
  );
  return built.filter((name) => !left.has(name));
};

export type DashboardSection = (typeof dashboardSections)[number]["path"];

/** The section with this path, if there is one. */
export const dashboardSection = (path: string) => dashboardSections.find((s) => s.path === path);

interface Layout {
  title: string;
  /** The signed-in account, when there is one. */
  account?: SandboxAccount;
  config?: PageConfig;
  scripts?: { src: string; module: boolean }[];
  body: string;
}

const nav = (account: SandboxAccount) => `
  <header class="bar">
    <strong>${escapeHtml(provider.name)} example platform</strong>
    <nav>
      <a href="/dashboard">Dashboard</a>
      <a href="/plain">Plain HTML</a>
      <a href="/react">React</a>
      <a href="/vue">Vue</a>
      <a href="/svelte">Svelte</a>
      <a href="/htmx">HTMX</a>
      <a href="/react-ssr">React SSR</a>
      <a href="/markup">Markup only</a>
    </nav>
    <span class="who">Signed in as <b data-testid="account" data-account-id="${escapeHtml(account.id)}">${escapeHtml(account.label)}</b></span>
    <form method="post" action="/sign-out"><button type="submit">Switch account</button></form>
  </header>`;

export function page({ title, account, config, scripts = [], body }: Layout): string {
  const meta = config
    ? `<meta name="${configMetaName}" content="${escapeHtml(JSON.stringify(config))}">`
    : "";
  const tags = scripts
    .map(({ src, module }) => `<script${module ? ' type="module"' : ""} src="${src}"></script>`)
    .join("\n    ");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
    <link rel="stylesheet" href="/platform.css">
    ${meta}
    ${tags}
  </head>
  <body>
    ${account ? nav(account) : ""}
    <main>
${body}
    </main>
  </body>
</html>
`;
}

/** The countries a new test account can be made in (those whose field rules the kit knows). */
export const newAccountCountries = ["US", "GB", "FR", "DE", "CA", "AU", "JP"] as const;
/** The business types a new test account can have. */
export const newAccountBusinessTypes = ["individual", "company", "non_profit"] as const;

/**
 * Who signs the new account's person in: the platform (it owns its custom accounts' login:
 * the session sets `disable_…_user_authentication`), or the provider — the person creates
 * the account's provider-user sign-in in account-onboarding's claim step.
 */
export const newAccountSignIns = {
  platform: "The platform signs me in",
  provider: "I create my own sign-in",
} as const;
export type NewAccountSignIn = keyof typeof newAccountSignIns;

/**
 * Who collects the new account's acceptance of the terms of service: account-onboarding's
 * terms step, or the platform itself — its own terms on its Account page, the acceptance
 * recorded by its backend with the secret key, and account-onboarding placed with
 * `skip-terms-of-service-collection` (a custom account only, which every new one is).
 */
export const newAccountTerms = {
  onboarding: "The onboarding flow asks for them",
  platform: "The platform collects them",
} as const;
export type NewAccountTerms = keyof typeof newAccountTerms;

/**
 * The sign-in picker: one seeded connected account per row, with its onboarding state, and
 * the "New test account" form (a fresh account of the chosen country and business type).
 */
export function signInPage(
  accounts: readonly SandboxAccount[],
  error?: string,
  next?: string,
): string {
  const rows = accounts
    .map(
      (a, i) => `
        <label class="account">
          <input type="radio" name="account" value="${escapeHtml(a.id)}"${i === 0 ? " checked" : ""}>
          <span class="label">${escapeHtml(a.label)}</span>
          <span class="type">${escapeHtml(a.type)}</span>
          <span class="state" data-state="${escapeHtml(a.state)}">${escapeHtml(a.state.replaceAll("_", " "))}</span>
          <code>${escapeHtml(a.id)}</code>
        </label>`,
    )
    .join("");
  const body = accounts.length
    ? `<form method="post" action="/sign-in" class="picker">
        ${next ? `<input type="hidden" name="next" value="${escapeHtml(next)}">` : ""}
        <fieldset>
          <legend>Sign in as a connected account</legend>${rows}
        </fieldset>
        <button type="submit">Sign in</button>
      </form>`
    : "<p>The sandbox has no connected accounts yet.</p>";
  const regions = new Intl.DisplayNames(["en"], { type: "region" });
  const countryOptions = newAccountCountries
    .map((code) => `<option value="${code}">${escapeHtml(regions.of(code) ?? code)}</option>`)
    .join("");
  const typeOptions = newAccountBusinessTypes
    .map((type) => `<option value="${type}">${type.replaceAll("_", " ")}</option>`)
    .join("");
  const options = (labels: Record<string, string>) =>
    Object.entries(labels)
      .map(([value, label]) => `<option value="${value}">${escapeHtml(label)}</option>`)
      .join("");
  return page({
    title: "Sign in",
    body: `      <h1>${escapeHtml(provider.name)} example platform</h1>
      ${error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : ""}
      ${body}
      <form method="post" action="/accounts" class="new-account">
        <fieldset>
          <legend>New test account</legend>
          <p>A connected account of its own, created for you with nothing filled in yet: onboard it from the dashboard.</p>
          <label for="new-country">Country</label>
          <select id="new-country" name="country">${countryOptions}</select>
          <label for="new-business-type">Business type</label>
          <select id="new-business-type" name="business_type">${typeOptions}</select>
          <label for="new-sign-in">Sign-in</label>
          <select id="new-sign-in" name="sign_in">${options(newAccountSignIns)}</select>
          <label for="new-terms">Terms of service</label>
          <select id="new-terms" name="terms">${options(newAccountTerms)}</select>
        </fieldset>
        <button type="submit">Create a test account</button>
      </form>`,
  });
}

/** The dashboard: every built component, with appearance, locale and logout controls. */
export function dashboardPage(
  account: SandboxAccount,
  config: PageConfig,
  locales: string[],
  place: { section?: string; sections: readonly { path: string; title: string }[] },
) {
  const options = locales
    .map((l) => `<option value="${escapeHtml(l)}"${l === "en-US" ? " selected" : ""}>${l}</option>`)
    .join("");
  const current = place.sections.find((s) => s.path === place.section);
  const link = (href: string, text: string, here: boolean) =>
    `<a href="${href}"${here ? ' aria-current="page"' : ""}>${escapeHtml(text)}</a>`;
  const pages = [
    link("/dashboard", "Overview", !current),
    ...place.sections.map((s) => link(`/dashboard/${s.path}`, s.title, s === current)),
  ].join("\n        ");
  return page({
    title: current ? `${current.title} · Dashboard` : "Dashboard",
    account,
    config,
    scripts: [{ src: "/assets/dashboard.js", module: true }],
    body: `      <nav class="pages" aria-label="Dashboard pages">
        ${pages}
      </nav>
      <h1>${escapeHtml(current?.title ?? "Overview")}</h1>
      <section class="controls" aria-label="Appearance and locale">
        <label for="colour">Primary colour</label>
        <input id="colour" type="color" name="colorPrimary" value="#635bff">
        <input id="dark" type="checkbox" name="dark"><label for="dark">Dark theme</label>
        <label for="locale">Locale</label>
        <select id="locale" name="locale">${options}</select>
        <button type="button" name="logout">Log out of the components</button>
        <output name="status" role="status"></output>
        <div class="appearance-code">
          <label for="appearance-json">Appearance object (JSON), from the UI config tool</label>
          <textarea id="appearance-json" name="appearance" rows="3" spellcheck="false"></textarea>
          <button type="button" name="apply-appearance">Use this appearance</button>
          <button type="button" name="default-appearance">Back to the default appearance</button>
        </div>
      </section>
      <section class="webhooks" aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading">Webhook events received</h2>
        <p>What the provider sent this platform's backend about this account, each verified by its signature.</p>
        <ol id="webhook-events" aria-live="polite"><li class="empty">None yet.</li></ol>
      </section>
      <div id="components" class="components"></div>`,
  });
}

/**
 * The plain-HTML page: the connect host's classic script, elements with attributes only,
 * and a framework-free script (external, for the CSP) that starts the loader and listens to
 * the elements' DOM events.
 */
export function plainPage(account: SandboxAccount, config: PageConfig, classicScript: string) {
  const payouts = tagName("payouts-list");
  return page({
    title: "Plain HTML",
    account,
    config,
    scripts: [
      { src: classicScript, module: false },
      { src: "/assets/plain.js", module: true },
    ],
    body: `      <h1>Recent payouts</h1>
      <${payouts} recent-payouts="true"></${payouts}>
      <h2>All payouts</h2>
      <${payouts}></${payouts}>
      <h2>Events</h2>
      <ol id="events" aria-live="polite"></ol>`,
  });
}

/**
 * The markup-only page: no script of its own, only the classic script's tag. The loader is
 * configured by the configuration element (`<prefix>-connect`, sdk/declarative.ts): the
 * publishable key, this backend's client-secret endpoint (POST, with the session cookie), an
 * appearance and a locale as attributes.
 */
export function markupPage(
  account: SandboxAccount,
  settings: { publishableKey: string; classicScript: string },
) {
  const config = tagName("connect");
  const payouts = tagName("payouts-list");
  const appearance = JSON.stringify({ variables: { colorPrimary: "#0b7a5a" } });
  return page({
    title: "Markup only",
    account,
    scripts: [{ src: settings.classicScript, module: false }],
    body: `      <${config} publishable-key="${escapeHtml(settings.publishableKey)}" client-secret-url="/api/account_session"
        appearance="${escapeHtml(appearance)}" locale="en-US"></${config}>
      <h1>Payouts</h1>
      <${payouts}></${payouts}>`,
  });
}

/** The React page: a root the bundled React app (`client/react.tsx`, sdk/react) renders into. */
export function reactPage(account: SandboxAccount, config: PageConfig) {
  return page({
    title: "React",
    account,
    config,
    scripts: [{ src: "/assets/react.js", module: true }],
    body: `      <div id="root"></div>`,
  });
}

/**
 * The framework examples, served by the example platform's backend like its own pages: each
 * page is rendered here under the platform CSP (signed in only) with the platform's
 * `<meta name="platform-config">`, and loads its app's build (`dist/examples/<name>/`, made by
 * `npm run build` from `examples/<name>/vite.config.ts`) from `/<name>/assets/`. Each app asks
 * this backend for its client secret (`POST /api/account_session`), as every page here does.
 *
 * - `/vue` — a Vue 3 app (examples/vue), `/svelte` — a Svelte 5 app (examples/svelte): they
 *   render into `<div id="app">`.
 * - `/htmx` — server-rendered markup with HTMX (examples/htmx): the page and its fragments
 *   (`/htmx/payouts`, `/htmx/events/<type>`) come from `examples/htmx/fragments.ts`.
 * - `/react-ssr` — React rendered here with `renderToString` (examples/react-ssr/render.tsx),
 *   hydrated in the browser.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, normalize, resolve, sep } from "node:path";
import type { Context, Hono } from "hono";
import {
  eventFragment,
  htmxBase,
  htmxBody,
  type LoggedEvent,
  loggedEvents,
  payoutsFragment,
  stateOf,
} from "../htmx/fragments.ts";
import { renderPayoutsApp } from "../react-ssr/render.tsx";
import { type PageConfig, page } from "./pages.ts";
import type { SandboxAccount } from "./sandbox.ts";

/** The framework examples, by the path they are served under; each is built to dist/examples/<name>. */
export const frameworkExamples = {
  vue: { title: "Vue", entry: "main.js" },
  svelte: { title: "Svelte", entry: "main.js" },
  htmx: { title: "HTMX", entry: "main.js" },
  "react-ssr": { title: "React (server-rendered)", entry: "client.js" },
} as const;
export type FrameworkExample = keyof typeof frameworkExamples;

export interface FrameworkRoutes {
  /** The builds' root (`dist/examples`). */
  examplesDir: string;
  /** Renders a page for the signed-in account (else sends the browser to the sign-in picker). */
  embedding: (render: (account: SandboxAccount) => string) => (c: Context) => Promise<Response>;
  pageConfig: (account: SandboxAccount, components: string[]) => PageConfig;
}

const assetTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/** The body of each example's page. */
function bodyOf(name: FrameworkExample, config: PageConfig): string {
  switch (name) {
    case "vue":
    case "svelte":
      return `      <div id="app"></div>`;
    case "htmx":
      return htmxBody({ shown: true, recent: false });
    case "react-ssr":
      return `      <div id="root">${renderPayoutsApp(config)}</div>`;
  }
}

export function mountFrameworkExamples(app: Hono, routes: FrameworkRoutes) {
  const examplesRoot = resolve(routes.examplesDir);
  for (const [name, { title, entry }] of Object.entries(frameworkExamples) as [
    FrameworkExample,
    (typeof frameworkExamples)[FrameworkExample],
  ][]) {
    app.get(
      `/${name}`,
      routes.embedding((account) => {
        const config = routes.pageConfig(account, ["payouts-list"]);
        return page({
          title,
          account,
          config,
          scripts: [{ src: `/${name}/assets/${entry}`, module: true }],
          body: bodyOf(name, config),
        });
      }),
    );
    // The app's build (its vite.config.ts sets `base: "/<name>/"`).
    const buildRoot = join(examplesRoot, name);
    app.get(`/${name}/assets/*`, (c) => {
      const path = decodeURIComponent(new URL(c.req.url).pathname).slice(name.length + 1);
      const file = normalize(join(buildRoot, path));
      if (!file.startsWith(join(buildRoot, "assets") + sep) || !existsSync(file))
        return c.notFound();
      const type = assetTypes[file.slice(file.lastIndexOf("."))];
      if (!type) return c.notFound();
      c.header("Content-Type", type);
      c.header("Cache-Control", "no-cache");
      return c.body(readFileSync(file));
    });
  }

  // HTMX asks the backend for the slot's new content, and for a line of the event log.
  app.get(`${htmxBase}/payouts`, (c) => c.html(payoutsFragment(stateOf(c.req.query()))));
  app.get(`${htmxBase}/events/:type`, (c) => {
    const type = c.req.param("type");
    if (!(loggedEvents as readonly string[]).includes(type)) return c.notFound();
    return c.html(eventFragment(type as LoggedEvent));
  });
}

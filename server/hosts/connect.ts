import { existsSync, readFileSync } from "node:fs";
import { join, normalize, resolve, sep } from "node:path";
import { Hono } from "hono";
import {
  hostsMetaName,
  internalOverridesAllowed,
  isLoopbackIp,
  type ProviderHosts,
} from "../../protocol/provider.ts";
import { sdkPath } from "../../protocol/version.ts";
import { limitBody, smallBodyBytes } from "../http/body-limit.ts";
import { type ConnectPage, connectHostCsp } from "./csp.ts";
import { dashboardStylesheet } from "./dashboard-pages.ts";
import { siteScript } from "./marketing.ts";

/**
 * The connect host: serves the built pages of `vite build` (dist/connect) — the data-layer
 * frame, the component UI frame and the sign-in popup — each under its strict CSP, and
 * their hashed assets with long-lived caching; and the provider's shared site script
 * (`/site.js`, from dist/site beside it), which the sign-in popup loads.
 */
export interface ConnectHostOptions {
  hosts: ProviderHosts;
  /** The connect-host build output (`dist/connect`). */
  distDir: string;
  /** The platform SDK build (`dist/sdk`), served at `/v<version>/`; defaults to distDir's sibling. */
  sdkDir?: string;
}

const pages: Record<string, ConnectPage> = {
  "/data-layer.html": "data-layer",
  "/frame.html": "frame",
  "/popup.html": "popup",
  // The mobile entry page a native app's web view loads (docs/mobile.md): on every host.
  "/entry.html": "entry",
};

/** Internal pages: served only where SPEC.md §6 honours internal things (docs/security.md). */
const internalPages: Record<string, ConnectPage> = {
  "/ui-library.html": "frame",
};

/**
 * The precompressed siblings `npm run build` writes beside each asset (scripts/compress.mjs):
 * brotli first, then gzip, whichever the browser accepts; the plain file otherwise.
 */
const encodings = [
  { token: "br", suffix: ".br" },
  { token: "gzip", suffix: ".gz" },
] as const;

/** The codings an `Accept-Encoding` header allows (a `q=0` refuses one). */
function acceptedCodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * The file to send for `file` and the `Content-Encoding` it carries: the best precompressed
 * sibling the request accepts, else the file itself. Always varies on `Accept-Encoding`.
 */
export function negotiatedFile(
  file: string,
  acceptEncoding: string | undefined,
): { path: string; encoding?: string } {
  const accepted = acceptedCodings(acceptEncoding);
  for (const { token, suffix } of encodings) {
    if ((accepted.has(token) || accepted.has("*")) && existsSync(file + suffix))
      return { path: file + suffix, encoding: token };
  }
  return { path: file };
}

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

export function createConnectHostApp({ hosts, distDir, sdkDir }: ConnectHostOptions) {
  const root = resolve(distDir);
  const sdkRoot = resolve(sdkDir ?? join(distDir, "..", "sdk"));
  const app = new Hono();
  // The pages learn the other hosts from the server that serves them (ports are configurable
  // locally), never from the platform that embeds them.
  const { api, files, dashboard, marketing, errorReporting } = hosts;
  const hostsJson = JSON.stringify({ api, files, dashboard, marketing, errorReporting });
  const hostsMeta = `<meta name="${hostsMetaName}" content="${hostsJson.replace(/"/g, "&quot;")}">`;
  const apiPreconnect = `<link rel="preconnect" href="${new URL(api).origin}" crossorigin>`;

  // No page here reads a body; one sent anyway is bounded like every host's.
  app.use(limitBody(smallBodyBytes));
  app.use(async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("Cross-Origin-Opener-Policy", "unsafe-none");
  });

  const internalAllowed = internalOverridesAllowed(new URL(hosts.connect).hostname);
  const served = { ...pages, ...(internalAllowed ? internalPages : {}) };
  for (const [path, page] of Object.entries(served)) {
    app.get(path, (c) => {
      const file = join(root, path);
      if (!existsSync(file)) return c.text("This page is not built: run `npm run build`.", 503);
      c.header("Content-Security-Policy", connectHostCsp(page, hosts));
      c.header("Cache-Control", "no-cache");
      // The data layer's first API call (the claim) finds its connection open (issue 13);
      // `crossorigin`: its fetches are CORS without credentials, a pool of their own.
      const head = page === "data-layer" ? `${hostsMeta}${apiPreconnect}` : hostsMeta;
      return c.html(readFileSync(file, "utf8").replace("</head>", `${head}</head>`));
    });
  }

  // The provider's shared site script (dist/site, issue 16), which the sign-in popup loads.
  const siteScriptFile = join(distDir, "..", "site", "site.js");
  app.get("/site.js", (c) => siteScript(c, siteScriptFile));

  // The dashboard host's stylesheet, for the hosted dashboard preview's sandboxed pages,
  // which the frames' CSP lets load styles from this origin only (issue 17 item 7).
  app.get("/dashboard.css", (c) =>
    c.body(dashboardStylesheet, 200, {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": "no-cache",
    }),
  );

  // Browsers ask every top-level page (the popup) for one; there is none to give.
  app.get("/favicon.ico", (c) => c.body(null, 204));

  app.get("/assets/*", (c) => {
    // Only files inside dist/connect/assets, whatever the path says; a malformed escape is
    // the client's error (400), not the server's.
    let decoded: string;
    try {
      decoded = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text("Bad Request: malformed percent-encoding in the path.", 400);
    }
    const file = normalize(join(root, decoded));
    if (!file.startsWith(join(root, "assets") + sep) || !existsSync(file)) return c.notFound();
    const ext = file.slice(file.lastIndexOf("."));
    const type = contentTypes[ext];
    if (!type) return c.notFound();
    c.header("Content-Type", type);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("Access-Control-Allow-Origin", "*");
    const sent = negotiatedFile(file, c.req.header("accept-encoding"));
    c.header("Vary", "Accept-Encoding");
    if (sent.encoding) c.header("Content-Encoding", sent.encoding);
    return c.body(readFileSync(sent.path));
  });

  // The platform SDK of this version (protocol/version.ts): the classic script and the ES modules
  // it imports cross-origin, so CORS for module scripts. Hashed chunks never change; the
  // unhashed entries (`<id>.js`, `index.js`) of a released version neither, except on a
  // local connect host, where a rebuild changes them under the same version.
  const connectHostname = new URL(hosts.connect).hostname;
  const local = connectHostname === "localhost" || isLoopbackIp(connectHostname);
  app.get(`${sdkPath}*`, (c) => {
    let relative: string;
    try {
      relative = decodeURIComponent(new URL(c.req.url).pathname).slice(sdkPath.length);
    } catch {
      return c.text("Bad Request: malformed percent-encoding in the path.", 400);
    }
    const file = normalize(join(sdkRoot, relative));
    if (!file.startsWith(sdkRoot + sep) || !existsSync(file)) return c.notFound();
    const ext = file.slice(file.lastIndexOf("."));
    if (ext !== ".js" && ext !== ".map") return c.notFound();
    const hashed = /-[A-Za-z0-9_-]{8}\.js(\.map)?$/.test(file);
    c.header("Content-Type", contentTypes[ext] ?? "application/octet-stream");
    c.header(
      "Cache-Control",
      hashed || !local ? "public, max-age=31536000, immutable" : "no-cache",
    );
    c.header("Access-Control-Allow-Origin", "*");
    c.header("Cross-Origin-Resource-Policy", "cross-origin");
    const sent = negotiatedFile(file, c.req.header("accept-encoding"));
    c.header("Vary", "Accept-Encoding");
    if (sent.encoding) c.header("Content-Encoding", sent.encoding);
    return c.body(readFileSync(sent.path));
  });

  return app;
}

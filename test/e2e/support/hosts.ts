import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { localEnvironment } from "../../../protocol/provider.ts";
import { openDatabase } from "../../../server/db/connect.ts";
import { createConnectHostApp } from "../../../server/hosts/connect.ts";
import { encodeBracketed } from "../../../server/http/form.ts";
import { startServer } from "../../../server/main.ts";
import { createPlatform } from "../../../server/platforms/platforms.ts";

/**
 * The origins of a browser test, each a real HTTP server on loopback: the connect host
 * (the built dist/connect under its CSP) on 127.0.0.1, a platform on localhost, and a
 * stranger on 127.0.0.2 — three different sites.
 */
export const testHosts = {
  ...localEnvironment(),
  stranger: "http://127.0.0.2:4000",
};

const root = new URL("../../..", import.meta.url).pathname;
const pagesDir = new URL("../pages/", import.meta.url).pathname;

type Server = ReturnType<typeof serve>;

function listen(app: Hono, origin: string): Promise<Server> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: url.hostname, port: Number(url.port) }, () =>
      resolve(server),
    );
    server.once("error", reject);
  });
}

/** Serves test/e2e/pages/<name> as a page of a platform (or of a stranger). */
function pagesApp(dir = pagesDir) {
  const app = new Hono();
  app.get("/favicon.ico", (c) => c.body(null, 204));
  app.get("/:file{[a-z0-9-]+\\.(html|js)}", (c) => {
    const file = c.req.param("file");
    const type = file.endsWith(".html") ? "text/html; charset=utf-8" : "text/javascript";
    try {
      return c.body(readFileSync(`${dir}${file}`, "utf8"), 200, { "Content-Type": type });
    } catch {
      return c.notFound();
    }
  });
  return app;
}

/**
 * The connect host as built, plus test-only pages under /__test__/ (stand-ins for frames of
 * the connect origin, e.g. a UI frame that proxies a chosen call). Never part of the real host.
 */
function connectHostWithTestPages(
  hosts: Omit<typeof testHosts, "platform" | "stranger">,
  builtTestPagesDir?: string,
) {
  const app = new Hono();
  const pages = pagesApp(`${pagesDir}connect/`);
  // Test pages a test bundled itself (from TypeScript), e.g. a UI frame using actors/ui-frame.
  if (builtTestPagesDir) app.route("/__test__/built", pagesApp(`${builtTestPagesDir}/`));
  app.route("/__test__", pages);
  app.route("/", createConnectHostApp({ hosts, distDir: `${root}dist/connect` }));
  return app;
}

export async function startTestHosts(options: { builtTestPagesDir?: string } = {}) {
  const { platform, stranger, ...hosts } = testHosts;
  const servers = await Promise.all([
    listen(connectHostWithTestPages(hosts, options.builtTestPagesDir), hosts.connect),
    listen(pagesApp(), platform),
    listen(pagesApp(), stranger),
  ]);
  return {
    ...testHosts,
    ports: servers.map((s) => (s.address() as AddressInfo).port),
    async close() {
      await Promise.all(servers.map((s) => new Promise((r) => s.close(() => r(undefined)))));
    },
  };
}

/**
 * The reference provider on the API origin, over an in-memory database, with one platform,
 * one connected account, and a helper that creates account sessions the way a platform's
 * backend does (secret key, form-encoded).
 */
export async function startProvider() {
  const database = await openDatabase({});
  const api = await startServer({ database });
  const { secretKey, publishableKey } = await createPlatform(
    database.db,
    { business_name: "Rocket Rides" },
    Math.floor(Date.now() / 1000),
  );
  const post = async (path: string, params: Record<string, unknown>) => {
    const response = await fetch(`${api.url}${path}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${secretKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: encodeBracketed(params).toString(),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(`${path}: ${JSON.stringify(body)}`);
    return body;
  };
  const account = await post("/v1/accounts", { type: "custom", country: "US" });
  return {
    url: api.url,
    database, // the provider's own database, for what a test sets up directly (users)
    publishableKey,
    accountId: account.id as string,
    /** A fresh client secret for the account, with these components enabled. */
    async clientSecret(components: string[]): Promise<string> {
      const session = await post("/v1/account_sessions", {
        account: account.id,
        components: Object.fromEntries(components.map((c) => [c, { enabled: true }])),
      });
      return session.client_secret;
    },
    async close() {
      await api.close();
      await database.close();
    },
  };
}

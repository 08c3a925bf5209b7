import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { localEnvironment } from "../../../protocol/provider.ts";
import { createConnectHostApp } from "../../../server/hosts/connect.ts";

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
function pagesApp() {
  const app = new Hono();
  app.get("/favicon.ico", (c) => c.body(null, 204));
  app.get("/:file{[a-z0-9-]+\\.(html|js)}", (c) => {
    const file = c.req.param("file");
    const type = file.endsWith(".html") ? "text/html; charset=utf-8" : "text/javascript";
    try {
      return c.body(readFileSync(`${pagesDir}${file}`, "utf8"), 200, { "Content-Type": type });
    } catch {
      return c.notFound();
    }
  });
  return app;
}

export async function startTestHosts() {
  const { platform, stranger, ...hosts } = testHosts;
  const servers = await Promise.all([
    listen(createConnectHostApp({ hosts, distDir: `${root}dist/connect` }), hosts.connect),
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

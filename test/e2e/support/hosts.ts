import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { SandboxInfo } from "../../../examples/platform/sandbox.ts";
import { createPlatformApp } from "../../../examples/platform/server.ts";
import { createWebhookReceiver } from "../../../examples/platform/webhooks.ts";
import {
  defaultLocalPorts,
  type LocalPorts,
  localEnvironment,
  type ProviderHosts,
  provider,
} from "../../../protocol/provider.ts";
import { sdkPath } from "../../../protocol/version.ts";
import { createApp } from "../../../server/app.ts";
import { type DatabaseHandle, openDatabase } from "../../../server/db/connect.ts";
import { createConnectHostApp } from "../../../server/hosts/connect.ts";
import { createFilesHostApp } from "../../../server/hosts/files.ts";
import { createMarketingHostApp } from "../../../server/hosts/marketing.ts";
import { encodeBracketed } from "../../../server/http/form.ts";
import { startServer } from "../../../server/main.ts";
import { createPlatform } from "../../../server/platforms/platforms.ts";
import { createWebhookWorker } from "../../../server/webhooks/worker.ts";

/**
 * The ports of this test worker: `npm start`'s (4000, 4100, …) shifted by ten per worker
 * (Vitest numbers its workers from 1 in `VITEST_POOL_ID`), so the workers' hosts never meet.
 */
const workerOffset = 10 * (Number(process.env.VITEST_POOL_ID ?? 1) - 1);
export const testPorts = Object.fromEntries(
  Object.entries(defaultLocalPorts).map(([role, port]) => [role, port + workerOffset]),
) as LocalPorts;

/**
 * The origins of a browser test, each a real HTTP server on loopback: the connect host
 * (the built dist/connect under its CSP) on 127.0.0.1, a platform on localhost, and a
 * stranger on 127.0.0.2 — three different sites.
 */
export const testHosts = {
  ...localEnvironment(testPorts),
  stranger: `http://127.0.0.2:${testPorts.platform}`,
};

const root = new URL("../../..", import.meta.url).pathname;
const pagesDir = new URL("../pages/", import.meta.url).pathname;

type Server = ReturnType<typeof serve>;

function listen(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  origin: string,
): Promise<Server> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: url.hostname, port: Number(url.port) }, () =>
      resolve(server),
    );
    server.once("error", reject);
  });
}

/** The provider's marketing host with the built site script, as `npm start` serves it. */
const marketingHost = (hosts: ProviderHosts) =>
  createMarketingHostApp({ hosts, siteScriptFile: `${root}dist/site/site.js` });

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

/**
 * The worker's shared example-platform stack (`example-platform.ts`), if one is up. Every
 * other start in this file needs the same ports, so it closes the shared stack first; the
 * next file that asks for it starts it again (the sequencer keeps those files together).
 */
let shared: Promise<ExamplePlatformStack> | undefined;
let closeShared: (() => Promise<void>) | undefined;

export function sharedExamplePlatform(
  makeSandbox: (db: DatabaseHandle["db"], api: string) => Promise<SandboxInfo>,
): Promise<ExamplePlatformStack> {
  if (!shared) {
    const starting = startExamplePlatform(makeSandbox, { exclusive: false });
    shared = starting;
    closeShared = async () => (await starting).close();
  }
  return shared;
}

/** A fresh shared stack: the one up (if any) is closed first. */
export async function freshExamplePlatform(
  makeSandbox: (db: DatabaseHandle["db"], api: string) => Promise<SandboxInfo>,
): Promise<ExamplePlatformStack> {
  await releaseShared();
  return sharedExamplePlatform(makeSandbox);
}

async function releaseShared(): Promise<void> {
  const close = closeShared;
  shared = undefined;
  closeShared = undefined;
  if (close) await close();
}

export async function startTestHosts(options: { builtTestPagesDir?: string } = {}) {
  await releaseShared();
  const { platform, stranger, ...hosts } = testHosts;
  const servers = await Promise.all([
    listen(connectHostWithTestPages(hosts, options.builtTestPagesDir), hosts.connect),
    // The marketing host, as everywhere: the frames ask it for the consent enforcement mode.
    listen(marketingHost(hosts), hosts.marketing),
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
export async function startProvider(options: { filesHost?: boolean } = {}) {
  await releaseShared();
  const database = await openDatabase({});
  const api = await startServer({ database, ports: testPorts });
  // The files host on its origin, when a test uploads or downloads.
  const files = options.filesHost
    ? await listen(
        createFilesHostApp({
          db: database.db,
          config: { hosts: testHosts, corsOrigins: [testHosts.connect] },
        }),
        testHosts.files,
      )
    : undefined;
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
      if (files) await new Promise((done) => files.close(() => done(undefined)));
      await database.close();
    },
  };
}

/** One request the API host answered, as the browser tests count them. */
export interface ApiRequest {
  method: string;
  path: string;
  status: number;
  /** The bearer key the request carried, when it carried one. */
  key: string | undefined;
  /** The path with its query string, and the headers, to replay the request. */
  url: string;
  headers: Record<string, string>;
  /** When the request arrived (epoch ms); it is recorded once answered. */
  arrived: number;
}

/**
 * The example platform (examples/platform) as `npm start` runs it — its backend on the
 * platform origin, the connect host, the API host over a fresh in-memory database — with a
 * sandbox from `makeSandbox` and every API request recorded in `requests`.
 */
export type ExamplePlatformStack = Awaited<ReturnType<typeof startExamplePlatform>>;

export async function startExamplePlatform(
  makeSandbox: (db: DatabaseHandle["db"], api: string) => Promise<SandboxInfo>,
  options: { exclusive?: boolean } = {},
) {
  if (options.exclusive !== false) await releaseShared();
  const { platform, stranger: _stranger, ...hosts } = testHosts;
  const database = await openDatabase({});
  const app = createApp({ db: database.db, config: { hosts, corsOrigins: [hosts.connect] } });
  const requests: ApiRequest[] = [];
  const api = await listen(
    {
      async fetch(request) {
        const arrived = Date.now();
        const response = await app.fetch(request);
        if (request.method !== "OPTIONS")
          requests.push({
            method: request.method,
            path: new URL(request.url).pathname,
            status: response.status,
            key: request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? undefined,
            url: `${new URL(request.url).pathname}${new URL(request.url).search}`,
            headers: Object.fromEntries(request.headers),
            arrived,
          });
        return response;
      },
    },
    hosts.api,
  );
  const sandbox = await makeSandbox(database.db, hosts.api);
  // The example platform's webhooks: its receiver on a clock a test may move (the replay
  // check), and the provider's delivery worker (retrying after 1 s, not 30) recording what
  // it sends.
  const platformClock = { offset: 0 };
  const webhooks = createWebhookReceiver({
    hosts,
    secretKey: sandbox.secretKey,
    url: `${platform}/webhooks`,
    now: () => Math.floor(Date.now() / 1000) + platformClock.offset,
  });
  const webhookDeliveries: { url: string; body: string; headers: Record<string, string> }[] = [];
  const worker = createWebhookWorker({
    db: database.db,
    intervalMs: 100,
    retry: { initialSeconds: 1 },
    fetch: (url, init) => {
      webhookDeliveries.push({
        url: String(url),
        body: String(init?.body),
        headers: init?.headers as Record<string, string>,
      });
      return fetch(url, init);
    },
  });
  const servers = [
    api,
    ...(await Promise.all([
      listen(createConnectHostApp({ hosts, distDir: `${root}dist/connect` }), hosts.connect),
      // The marketing host, as `npm start` runs it: the consent mode and pages (issue 16).
      listen(marketingHost(hosts), hosts.marketing),
      // The files host, as `npm start` runs it: a view's uploads (dispute evidence) go there.
      listen(
        createFilesHostApp({ db: database.db, config: { hosts, corsOrigins: [hosts.connect] } }),
        hosts.files,
      ),
      listen(
        createPlatformApp({
          origin: platform,
          hosts,
          sandbox,
          distDir: `${root}dist/platform`,
          classicScriptUrl: `${hosts.connect}${sdkPath}${provider.id}.js`,
          webhooks,
        }),
        platform,
      ),
    ])),
  ];
  await webhooks.register();
  worker.start();
  return {
    ...testHosts,
    sandbox,
    db: database.db,
    requests,
    platformClock,
    webhookDeliveries,
    async close() {
      await worker.stop();
      await Promise.all(servers.map((s) => new Promise((r) => s.close(() => r(undefined)))));
      await database.close();
    },
  };
}

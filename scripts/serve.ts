/**
 * `npm start` (after the build): the local environment of READING.md from one process — the
 * API host (the reference provider, seeded sandbox), the connect host (the built frames under
 * their CSP) and the example platform (its backend and pages). Ports come from the provider
 * configuration; PORT_<ROLE> environment variables override them.
 */
import type { Server } from "node:http";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { createPlatformApp } from "../examples/platform/server.ts";
import { type LocalPorts, localEnvironment, provider } from "../protocol/provider.ts";
import { sdkPath } from "../protocol/version.ts";
import { createConnectHostApp } from "../server/hosts/connect.ts";
import { createDashboardHostApp } from "../server/hosts/dashboard.ts";
import { createFilesHostApp } from "../server/hosts/files.ts";
import { createMarketingHostApp } from "../server/hosts/marketing.ts";
import { shutDown } from "../server/http/shutdown.ts";
import { closeOnSignals, startServer } from "../server/main.ts";
import {
  reseedCommand,
  SandboxError,
  type SandboxInfo,
  sandboxFileFor,
  seedIfEmpty,
} from "../server/sandbox/seed.ts";

const root = new URL("..", import.meta.url).pathname;

function portsFromEnv(): Partial<LocalPorts> {
  const ports: { -readonly [K in keyof LocalPorts]?: number } = {};
  for (const role of ["platform", "connect", "api", "files", "dashboard", "marketing"] as const) {
    const raw = process.env[`PORT_${role.toUpperCase()}`];
    if (raw === undefined) continue;
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      console.error(`PORT_${role.toUpperCase()} must be a port number (1-65535).`);
      process.exit(2);
    }
    ports[role] = port;
  }
  return ports;
}

const listen = (
  app: { fetch: (request: Request) => Response | Promise<Response> },
  origin: string,
) => {
  const url = new URL(origin);
  return serve({ fetch: app.fetch, hostname: url.hostname, port: Number(url.port) });
};

const ports = portsFromEnv();
const { platform, ...hosts } = localEnvironment(ports);

// The sandbox (platform, keys, connected accounts): seeded on the first start, described in
// the database's own sandbox file, which the example platform's backend reads as a platform
// reads its config. Keys that are not the database's are refused (the platform is not served).
// Seeded before the API listens, which then warms up on the sandbox's main account (the
// first requests compile the code and fill the database's caches, server/warm-up.ts), so
// the API is as fast when this says it is ready as later on.
const databaseUrl = process.env.DATABASE_URL;
const infoFile = resolve(sandboxFileFor(databaseUrl));
let sandbox: SandboxInfo | undefined;
const api = await startServer({
  ports,
  beforeListen: async (database) => {
    try {
      sandbox = await seedIfEmpty(database.db, infoFile, { fix: reseedCommand(databaseUrl) });
    } catch (error) {
      console.error(error instanceof SandboxError ? error.message : error);
      return undefined;
    }
    return {
      secretKey: sandbox.secretKey,
      publishableKey: sandbox.publishableKey,
      accountId: sandbox.mainAccountId,
    };
  },
  log: (line) => {
    if (line.startsWith("warm-up: done")) console.log(`  API ${line}`);
  },
});
const connect = listen(
  createConnectHostApp({ hosts, distDir: `${root}dist/connect` }),
  hosts.connect,
);
// The files host (uploads, downloads) and the dashboard host (the provider user's sign-in
// and accounts), over the API's database.
const hostConfig = { hosts, corsOrigins: [hosts.connect] };
const files = listen(createFilesHostApp({ db: api.database.db, config: hostConfig }), hosts.files);
const siteScriptFile = `${root}dist/site/site.js`;
const dashboard = listen(
  createDashboardHostApp({ db: api.database.db, config: hostConfig, siteScriptFile }),
  hosts.dashboard,
);
// The marketing host: the consent pages and calls (issue 16).
const marketing = listen(createMarketingHostApp({ hosts, siteScriptFile }), hosts.marketing);

const platformApp = sandbox
  ? createPlatformApp({
      origin: platform,
      hosts,
      sandbox,
      distDir: `${root}dist/platform`,
      classicScriptUrl: `${hosts.connect}${sdkPath}${provider.id}.js`,
    })
  : undefined;
const platformServer = platformApp ? listen(platformApp, platform) : undefined;
// The example platform registers its webhook endpoint (and keeps its secret) now the API answers.
await platformApp?.webhooks.register().catch((error: unknown) => {
  console.error(`The example platform could not register its webhook endpoint: ${error}`);
});

console.log(`
  API host          ${api.url}  (${api.database.kind}; OpenAPI at ${api.url}/v1/openapi.json)
  connect host      ${hosts.connect}
  files host        ${hosts.files}  (POST /v1/files)
  dashboard host    ${hosts.dashboard}  (provider users sign in at /sign-in)
  marketing host    ${hosts.marketing}  (cookie settings at /cookie-settings)
${
  sandbox
    ? `  example platform  ${platform}

  Open ${platform}/ and sign in as one of the ${sandbox.accounts.length} seeded connected accounts.

  Sandbox keys (test mode; the example platform's backend holds the secret one):
    publishable  ${sandbox.publishableKey}
    secret       ${sandbox.secretKey}
`
    : `
  No working sandbox (${infoFile}, see above): the example platform is not served.
`
}`);

// SIGTERM or SIGINT: every host stops listening and finishes the requests in flight
// (server/http/shutdown.ts); the database closes after the last of them.
closeOnSignals(
  () =>
    api.close(
      [platformServer, files, dashboard, marketing, connect].flatMap((server) =>
        server ? [shutDown(server as Server, api.shutdownGraceMs)] : [],
      ),
    ),
  (line) => console.log(`  ${line}`),
);

/**
 * The sandbox command a platform runs from the INSTALLED package (`<provider id>-sandbox`, the
 * package's `bin`; docs/integrating.md): every provider host of the local environment — the
 * API host, the connect host (the built frames and the SDK), the files host, the dashboard
 * host and any other host the provider configuration lists — over an embedded PGlite database
 * in a directory of the caller's choice (a temporary one, deleted on exit, by default), seeded
 * on the first start. It prints one line of JSON (the keys, the accounts, the hosts, the
 * classic script's URL) once every host answers, or environment lines with `--env`, and stops
 * cleanly on SIGINT / SIGTERM: every host finishes the requests in flight before the database
 * closes (`http/shutdown.ts`).
 *
 * `bin.ts` runs it; `npm run build` bundles that (with the rest of the server) into
 * `dist/server/sandbox.js`, and in the repository `npx tsx server/sandbox/bin.ts` runs the same code.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import {
  defaultLocalPorts,
  type LocalPorts,
  localEnvironment,
  provider,
} from "../../protocol/provider.ts";
import { sdkPath } from "../../protocol/version.ts";
import { createApp } from "../app.ts";
import { type DatabaseHandle, openDatabase } from "../db/connect.ts";
import { createConnectHostApp } from "../hosts/connect.ts";
import { createDashboardHostApp } from "../hosts/dashboard.ts";
import { createFilesHostApp } from "../hosts/files.ts";
import { createMarketingHostApp } from "../hosts/marketing.ts";
import { createDrain, defaultShutdownGraceMs, shutDown } from "../http/shutdown.ts";
import { fullHistory } from "./history.ts";
import {
  isEmptyDatabase,
  resetAllData,
  SandboxError,
  type SandboxInfo,
  seedIfEmpty,
} from "./seed.ts";

/** The command's name, from the provider configuration (package.json's `bin` names it so). */
export const sandboxCommand = `${provider.id}-sandbox`;

/** The provider hosts the sandbox serves: every local host but the platform's. */
export type SandboxRole = Exclude<keyof LocalPorts, "platform">;
export const sandboxRoles = Object.keys(defaultLocalPorts).filter(
  (role): role is SandboxRole => role !== "platform",
);

export interface SandboxOptions {
  /** The data directory (database and keys); absent: a temporary one, deleted on close. */
  dir?: string;
  /** Delete the directory's data and seed again. */
  reset?: boolean;
  /** Payment attempts seeded on the main account. */
  payments?: number;
  ports?: Partial<Record<SandboxRole, number>>;
  /** Where the built connect host is (default: found beside this module). */
  connectDist?: string;
}

/** What the command prints: everything a platform's tests need to reach the sandbox. */
export interface SandboxDescription {
  publishableKey: string;
  secretKey: string;
  platformId: string;
  mainAccountId: string;
  accounts: SandboxInfo["accounts"];
  hosts: Record<SandboxRole, string>;
  /** The classic script's URL on the connect host. */
  classicScript: string;
  /** The ES module SDK's directory on the connect host. */
  sdk: string;
  dir: string;
  temporary: boolean;
}

export interface RunningSandbox {
  description: SandboxDescription;
  /**
   * Stops every host gracefully (`http/shutdown.ts`): new connections are refused, the
   * requests in flight finish (15 s at most), then the database closes.
   */
  close(): Promise<void>;
}

export class SandboxUsageError extends Error {
  override name = "SandboxUsageError";
}

/** The built connect host: beside the bundle (dist/server → dist/connect), or the repo's dist. */
function findConnectDist(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, "..", "connect"), join(here, "..", "..", "dist", "connect")];
  const found = candidates.find((dir) => existsSync(join(dir, "data-layer.html")));
  if (!found) {
    throw new SandboxUsageError(
      `The built connect host is missing (looked in ${candidates.join(", ")}): the package is incomplete, or run \`npm run build\` in the repository.`,
    );
  }
  return found;
}

type Listener = ReturnType<typeof serve>;
type Fetch = (request: Request) => Response | Promise<Response>;

/**
 * Listens on `port` (0: a free one) before the app exists: the hosts' origins, which every
 * app needs, are known only once each port is.
 */
function listen(
  port: number,
  hostname: string,
): Promise<{ server: Listener; serveWith(app: Fetch): void }> {
  let app: Fetch = () => new Response("Starting", { status: 503 });
  return new Promise((ready, fail) => {
    const server = serve({ fetch: (request) => app(request), hostname, port }, () =>
      ready({
        server,
        serveWith: (next) => {
          app = next;
        },
      }),
    );
    server.once("error", fail);
  });
}

/** Starts every host over a seeded database; resolves once each one listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const connectDist = options.connectDist ?? findConnectDist();
  const temporary = options.dir === undefined;
  const dir = resolve(options.dir ?? (await mkdtemp(join(tmpdir(), `${sandboxCommand}-`))));
  let database: DatabaseHandle | undefined;
  const listeners: Listener[] = [];
  // The API's drain: a request reaching it while the sandbox stops is answered 503.
  const drain = createDrain();
  let api: Listener | undefined;
  const close = async () => {
    await Promise.all(
      listeners
        .splice(0)
        .map((server) =>
          shutDown(server as Server, defaultShutdownGraceMs, server === api ? drain : undefined),
        ),
    );
    await database?.close();
    if (temporary) await rm(dir, { recursive: true, force: true });
  };
  try {
    database = await openDatabase({ dataDir: join(dir, "db") });
    if (options.reset && !(await isEmptyDatabase(database.db))) await resetAllData(database.db);
    const sandbox = await seedIfEmpty(database.db, join(dir, "sandbox.json"), {
      payments: options.payments ?? fullHistory.payments,
      fix: `${sandboxCommand} --dir ${dir} --reset`,
    });
    // Every host of the configuration on its port, then each one's app.
    const defaults = localEnvironment();
    const bound = {} as Record<SandboxRole, Awaited<ReturnType<typeof listen>>>;
    const ports: { -readonly [K in keyof LocalPorts]?: number } = {};
    for (const role of sandboxRoles) {
      const origin = new URL(defaults[role]);
      bound[role] = await listen(options.ports?.[role] ?? Number(origin.port), origin.hostname);
      listeners.push(bound[role].server);
      if (role === "api") api = bound[role].server;
      ports[role] = (bound[role].server.address() as AddressInfo).port;
    }
    const { platform: _platform, ...hosts } = localEnvironment(ports);
    const config = { hosts, corsOrigins: [hosts.connect] };
    const db = database.db;
    // One app per host: a host added to the configuration fails the type check here until
    // the sandbox serves it.
    const siteScriptFile = join(connectDist, "..", "site", "site.js");
    const apps: Record<SandboxRole, () => { fetch: Fetch }> = {
      api: () => createApp({ db, config, drain }),
      connect: () => createConnectHostApp({ hosts, distDir: connectDist }),
      files: () => createFilesHostApp({ db, config }),
      dashboard: () => createDashboardHostApp({ db, config, siteScriptFile }),
      marketing: () => createMarketingHostApp({ hosts, siteScriptFile }),
    };
    const served = {} as Record<SandboxRole, string>;
    for (const role of sandboxRoles) {
      const app = apps[role]();
      bound[role].serveWith((request) => app.fetch(request));
      served[role] = hosts[role];
    }
    return {
      description: {
        publishableKey: sandbox.publishableKey,
        secretKey: sandbox.secretKey,
        platformId: sandbox.platformId,
        mainAccountId: sandbox.mainAccountId,
        accounts: sandbox.accounts,
        hosts: served,
        classicScript: `${hosts.connect}${sdkPath}${provider.id}.js`,
        sdk: `${hosts.connect}${sdkPath}`,
        dir,
        temporary,
      },
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** The environment lines of `--env`: `<PROVIDER ID>_SECRET_KEY=…`, `<PROVIDER ID>_API_URL=…`, … */
export function environmentLines(description: SandboxDescription): string[] {
  const prefix = provider.id.toUpperCase();
  const lines = [
    `${prefix}_PUBLISHABLE_KEY=${description.publishableKey}`,
    `${prefix}_SECRET_KEY=${description.secretKey}`,
    `${prefix}_PLATFORM_ID=${description.platformId}`,
    `${prefix}_ACCOUNT_ID=${description.mainAccountId}`,
  ];
  for (const [role, origin] of Object.entries(description.hosts)) {
    lines.push(`${prefix}_${role.toUpperCase()}_URL=${origin}`);
  }
  lines.push(`${prefix}_CLASSIC_SCRIPT_URL=${description.classicScript}`);
  lines.push(`${prefix}_SANDBOX_DIR=${description.dir}`);
  return lines;
}

export const usage = `Usage: ${sandboxCommand} [options]

Runs the ${provider.name} sandbox provider (${sandboxRoles.join(", ")} hosts) on an embedded
database, seeded on the first start, and prints its keys and hosts as one line of JSON.

  --dir <path>          keep the database and keys in <path> (default: a temporary
                        directory, deleted on exit)
  --reset               delete the data in --dir and seed again
  --payments <n>        payment attempts seeded on the main account (default ${fullHistory.payments})
${sandboxRoles
  .map(
    (role) =>
      `  --${`${role}-port <n>`.padEnd(20)}the ${role} host's port (default ${defaultLocalPorts[role]})`,
  )
  .join("\n")}
  --env                 print environment lines (${provider.id.toUpperCase()}_SECRET_KEY=…) instead of JSON
  --help                this text

Stops on SIGINT or SIGTERM.`;

/** Parses the command line; throws SandboxUsageError with a clear message on bad input. */
export function parseSandboxArgs(args: string[]): SandboxOptions & { env: boolean; help: boolean } {
  const portOptions = Object.fromEntries(
    sandboxRoles.map((role) => [`${role}-port`, { type: "string" as const }]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        dir: { type: "string" },
        reset: { type: "boolean" },
        payments: { type: "string" },
        env: { type: "boolean" },
        help: { type: "boolean" },
        ...portOptions,
      },
    });
  } catch (error) {
    throw new SandboxUsageError(`${(error as Error).message}\n\n${usage}`);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const whole = (name: string, min: number, max: number): number | undefined => {
    const raw = values[name];
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (typeof raw !== "string" || !/^\d+$/.test(raw) || n < min || n > max) {
      throw new SandboxUsageError(`--${name} must be a whole number from ${min} to ${max}.`);
    }
    return n;
  };
  const ports: Partial<Record<SandboxRole, number>> = {};
  for (const role of sandboxRoles) {
    const port = whole(`${role}-port`, 0, 65_535);
    if (port !== undefined) ports[role] = port;
  }
  const payments = whole("payments", 0, 20_000);
  if (values.reset && values.dir === undefined) {
    throw new SandboxUsageError("--reset needs --dir (a temporary directory starts empty).");
  }
  return {
    ...(typeof values.dir === "string" ? { dir: values.dir } : {}),
    ...(values.reset ? { reset: true } : {}),
    ...(payments !== undefined ? { payments } : {}),
    ports,
    env: values.env === true,
    help: values.help === true,
  };
}

/** The command: parse, start, print, wait for a signal, stop. */
export async function main(args: string[]): Promise<void> {
  let options: ReturnType<typeof parseSandboxArgs>;
  try {
    options = parseSandboxArgs(args);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    console.log(usage);
    return;
  }
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (error) {
    const known = error instanceof SandboxError || error instanceof SandboxUsageError;
    console.error(known ? (error as Error).message : error);
    process.exitCode = 1;
    return;
  }
  const { description } = sandbox;
  console.log(options.env ? environmentLines(description).join("\n") : JSON.stringify(description));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`${sandboxCommand}: ${signal}, stopping`);
    sandbox.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

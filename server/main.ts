/**
 * Serves the API host on its own port (from the provider configuration). The connect,
 * files and dashboard hosts are separate apps (e.g. `hosts/connect.ts`) that a start script
 * serves on their own ports beside this one.
 */
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { type LocalPorts, localEnvironment, provider } from "../protocol/provider.ts";
import { type App, createApp } from "./app.ts";
import { type DatabaseHandle, openDatabase } from "./db/connect.ts";

export interface StartOptions {
  ports?: Partial<LocalPorts>;
  /** `postgres://...`; defaults to the DATABASE_URL environment variable. */
  databaseUrl?: string;
  /** PGlite data directory; default `.<provider id>/db` under the working directory. */
  dataDir?: string;
  /**
   * PGlite in a worker thread (`db/pglite-thread.ts`): the default; `PGLITE_THREAD=0` runs
   * it on the event loop's thread instead (to compare, docs/architecture.md "Server speed").
   */
  thread?: boolean;
  /** An already-open database (tests); the server does not close it. */
  database?: DatabaseHandle;
}

export interface ServerHandle {
  /** The API origin actually listened on (port 0 picks a free port). */
  url: string;
  port: number;
  app: App;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export const defaultDataDir = `.${provider.id}/db`;

/** RATE_LIMIT_PER_SECOND: requests per second per key (0: no limit); default in config.ts. */
function rateLimitFromEnv(): { rateLimitPerSecond?: number } {
  const raw = process.env.RATE_LIMIT_PER_SECOND;
  if (raw === undefined) return {};
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 0) {
    throw new Error("RATE_LIMIT_PER_SECOND must be a whole number (0: no limit).");
  }
  return { rateLimitPerSecond: limit };
}

/** REQUEST_TIMEOUT_MS: an API request's deadline in milliseconds (0: none); default in config.ts. */
function requestTimeoutFromEnv(): { requestTimeoutMs?: number } {
  const raw = process.env.REQUEST_TIMEOUT_MS;
  if (raw === undefined) return {};
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) {
    throw new Error("REQUEST_TIMEOUT_MS must be a whole number of milliseconds (0: none).");
  }
  return { requestTimeoutMs: ms };
}

/** PGLITE_THREAD=0: PGlite on the event loop's thread; anything else (or unset): its own thread. */
export const pgliteThreadFromEnv = () => process.env.PGLITE_THREAD !== "0";

export async function startServer(options: StartOptions = {}): Promise<ServerHandle> {
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const owned = !options.database;
  const database =
    options.database ??
    (await openDatabase(
      databaseUrl
        ? { databaseUrl }
        : {
            dataDir: resolve(options.dataDir ?? defaultDataDir),
            thread: options.thread ?? pgliteThreadFromEnv(),
          },
    ));
  const hosts = localEnvironment(options.ports);
  const app = createApp({
    db: database.db,
    config: {
      hosts,
      corsOrigins: [hosts.connect],
      ...rateLimitFromEnv(),
      ...requestTimeoutFromEnv(),
    },
  });
  const requested = Number(new URL(hosts.api).port);
  const hostname = new URL(hosts.api).hostname;
  const server = await new Promise<ReturnType<typeof serve>>((ready, fail) => {
    const s = serve({ fetch: app.fetch, port: requested, hostname }, () => ready(s));
    s.once("error", fail);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${hostname}:${port}`,
    port,
    app,
    database,
    close: async () => {
      await new Promise<void>((done, fail) => server.close((e) => (e ? fail(e) : done())));
      if (owned) await database.close();
    },
  };
}

// `tsx server/main.ts` serves until interrupted.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const handle = await startServer();
  console.log(`API listening on ${handle.url} (${handle.database.kind})`);
  const stop = async () => {
    await handle.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/**
 * Serves the API host on its own port (from the provider configuration). The connect,
 * files and dashboard hosts are separate apps (e.g. `hosts/connect.ts`) that a start script
 * serves on their own ports beside this one.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { type LocalPorts, localEnvironment, provider } from "../protocol/provider.ts";
import { type App, createApp } from "./app.ts";
import { defaultConfig } from "./config.ts";
import { type DatabaseHandle, openDatabase } from "./db/connect.ts";
import type { FaultHooks } from "./http/context.ts";
import { createDrain, defaultShutdownGraceMs, shutDown } from "./http/shutdown.ts";
import { type Requester, type WarmUpStep, type WarmUpTarget, warmUp } from "./warm-up.ts";
import {
  createWebhookWorker,
  type WebhookWorker,
  type WebhookWorkerOptions,
} from "./webhooks/worker.ts";

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
  /**
   * The webhook delivery worker of this process (`webhooks/worker.ts`): on by default; its
   * options, or `false` for none (another process delivers, or a test steps its own).
   */
  webhooks?: false | Omit<WebhookWorkerOptions, "db">;
  /**
   * Runs once the database is open, before the port is listened on (`npm start` seeds the
   * sandbox here); the keys it answers are what the API warms up with (`warm-up.ts`) before
   * it listens. Without it, or when it answers nothing, there is no warm-up.
   */
  beforeListen?: (database: DatabaseHandle) => Promise<WarmUpTarget | undefined>;
  /** How many times the warm-up runs each path (`warm-up.ts`; default 20). */
  warmUpRounds?: number;
  /** Where the start says what it did: each warm-up path, then that it listens. */
  log?: (line: string) => void;
  /**
   * How long `close()` lets the requests in flight run before it cuts them off
   * (`http/shutdown.ts`); default SHUTDOWN_GRACE_MS, else 15 s.
   */
  shutdownGraceMs?: number;
  /** Tests only: faults injected into writing requests (`http/context.ts`). */
  faults?: FaultHooks;
}

export interface ServerHandle {
  /** The API origin actually listened on (port 0 picks a free port). */
  url: string;
  port: number;
  app: App;
  database: DatabaseHandle;
  /** The webhook delivery worker, when this process runs one. */
  webhooks: WebhookWorker | undefined;
  /** The paths warmed up before the port was listened on, with their statuses. */
  warmUp: WarmUpStep[];
  /** How long `close()` lets the requests in flight run (ms). */
  shutdownGraceMs: number;
  /**
   * Shuts down gracefully (`http/shutdown.ts`): new requests are refused, those in flight
   * finish and are answered, then the database is closed. Past the grace period the rest are
   * cut off, uncommitted; `cut` says whether any were. `alongside`: other hosts' shutdowns
   * over the same database, which its close waits for too.
   */
  close(alongside?: readonly Promise<unknown>[]): Promise<{ cut: boolean }>;
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

/** SHUTDOWN_GRACE_MS: how long a shutdown waits for the requests in flight; default 15 s. */
function shutdownGraceFromEnv(): number {
  const raw = process.env.SHUTDOWN_GRACE_MS;
  if (raw === undefined) return defaultShutdownGraceMs;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) {
    throw new Error("SHUTDOWN_GRACE_MS must be a whole number of milliseconds.");
  }
  return ms;
}

/** PGLITE_THREAD=0: PGlite on the event loop's thread; anything else (or unset): its own thread. */
export const pgliteThreadFromEnv = () => process.env.PGLITE_THREAD !== "0";

/** Serves `app` on `hostname:port` (0: a free port); resolves once it listens. */
function listen(app: App, port: number, hostname: string) {
  return new Promise<ReturnType<typeof serve>>((ready, fail) => {
    const s = serve({ fetch: app.fetch, port, hostname }, () => ready(s));
    s.once("error", fail);
  });
}

/**
 * Runs `work` with a client of `app` served over a socket on a loopback port of its own,
 * closed after: the warm-up's requests then take the served path, HTTP layer included.
 */
async function overLoopback<T>(app: App, work: (served: Requester) => Promise<T>): Promise<T> {
  const probe = (await listen(app, 0, "127.0.0.1")) as Server;
  const origin = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  try {
    return await work({ request: (path, init) => fetch(`${origin}${path}`, init) });
  } finally {
    probe.closeAllConnections();
    await new Promise<void>((done) => probe.close(() => done()));
  }
}

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
  const config = defaultConfig({
    hosts,
    corsOrigins: [hosts.connect],
    ...rateLimitFromEnv(),
    ...requestTimeoutFromEnv(),
  });
  const graceMs = options.shutdownGraceMs ?? shutdownGraceFromEnv();
  const drain = createDrain();
  const app = createApp({
    db: database.db,
    config,
    drain,
    ...(options.faults ? { faults: options.faults } : {}),
  });
  const log = options.log ?? (() => {});
  const target = await options.beforeListen?.(database);
  const started = performance.now();
  const warmed = target
    ? await overLoopback(app, (served) =>
        warmUp(database.db, config, served, target, {
          ...(options.warmUpRounds === undefined ? {} : { rounds: options.warmUpRounds }),
        }),
      )
    : [];
  for (const step of warmed) log(`warm-up: ${step.name} ${step.status}`);
  if (target) log(`warm-up: done in ${Math.round(performance.now() - started)} ms`);
  const requested = Number(new URL(hosts.api).port);
  const hostname = new URL(hosts.api).hostname;
  const server = await listen(app, requested, hostname);
  const port = (server.address() as AddressInfo).port;
  log(`listening on http://${hostname}:${port}`);
  const webhooks =
    options.webhooks === false
      ? undefined
      : createWebhookWorker({ ...options.webhooks, db: database.db });
  webhooks?.start();
  return {
    url: `http://${hostname}:${port}`,
    port,
    app,
    database,
    webhooks,
    warmUp: warmed,
    shutdownGraceMs: graceMs,
    close: async (alongside = []) => {
      const [cut] = await Promise.all([
        shutDown(server as Server, graceMs, drain),
        webhooks?.stop(),
        ...alongside,
      ]);
      if (owned) await database.close();
      return { cut };
    },
  };
}

/**
 * On SIGTERM or SIGINT, `close` (a graceful shutdown), then exit: 0, or 1 when the close
 * failed. A second signal while it drains is not caught: it ends the process at once.
 */
export function closeOnSignals(
  close: () => Promise<{ cut: boolean }>,
  log: (line: string) => void,
): void {
  const stop = async (signal: NodeJS.Signals) => {
    process.removeListener("SIGINT", stop);
    process.removeListener("SIGTERM", stop);
    log(`${signal}: finishing the requests in flight, refusing new ones`);
    try {
      const { cut } = await close();
      log(cut ? "stopped; requests still running after the grace period were cut off" : "stopped");
      process.exit(0);
    } catch (error) {
      console.error("the shutdown failed:", error);
      process.exit(1);
    }
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

// `tsx server/main.ts` serves until interrupted.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const handle = await startServer();
  console.log(`API listening on ${handle.url} (${handle.database.kind})`);
  closeOnSignals(() => handle.close(), console.log);
}

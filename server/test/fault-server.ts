/**
 * A test's API process on a PGlite data directory, which a test kills (`kill -9`) or which
 * kills itself at a fault point: `node --import tsx server/test/fault-server.ts`.
 *
 * Environment: FAULT_DATA_DIR (required); FAULT_KILL_AT (a `FaultPoint`) and FAULT_KILL_PATH
 * make the process SIGKILL itself there on the first request to that path. Prints one line,
 * `{"port":N}`, when it listens on 127.0.0.1. PGlite runs in a worker thread, as under
 * `npm start`, so the kill takes the worker down mid-statement too.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "../app.ts";
import { openDatabase } from "../db/connect.ts";
import type { FaultHooks, FaultPoint } from "../http/context.ts";

const dataDir = process.env.FAULT_DATA_DIR;
if (!dataDir) throw new Error("FAULT_DATA_DIR is required");
const killAt = process.env.FAULT_KILL_AT as FaultPoint | undefined;
const killPath = process.env.FAULT_KILL_PATH;

const faults: FaultHooks = {
  at(point, request) {
    if (point === killAt && request.path === killPath) process.kill(process.pid, "SIGKILL");
  },
};

// As `npm start` runs it: PGlite in its worker thread (`db/pglite-thread.ts`).
const database = await openDatabase({ dataDir, thread: true });
const app = createApp({ db: database.db, faults });
const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});

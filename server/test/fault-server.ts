/**
 * A test's API process on a PGlite data directory or a PostgreSQL schema, which a test kills
 * (`kill -9`), stops (SIGTERM) or which kills itself at a fault point:
 * `node --import tsx server/test/fault-server.ts`. It is served as `tsx server/main.ts`
 * serves: `startServer`, then `closeOnSignals`.
 *
 * Environment: FAULT_DATA_DIR, or FAULT_DATABASE_URL and FAULT_SCHEMA; FAULT_PATH, the path the faults apply to, with
 * FAULT_KILL_AT (a `FaultPoint`: the process SIGKILLs itself there on the first request to
 * that path) or FAULT_HOLD_AT and FAULT_HOLD_MS (each request to that path waits there that
 * long, after printing `{"holding":path}`); SHUTDOWN_GRACE_MS as for `npm start`. Prints
 * `{"port":N}` when it listens on 127.0.0.1, then the shutdown's lines. PGlite runs in a
 * worker thread, as under `npm start`, so a kill takes the worker down mid-statement too.
 */
import { openDatabase } from "../db/connect.ts";
import type { FaultHooks, FaultPoint } from "../http/context.ts";
import { closeOnSignals, startServer } from "../main.ts";

const dataDir = process.env.FAULT_DATA_DIR;
const databaseUrl = process.env.FAULT_DATABASE_URL;
const schema = process.env.FAULT_SCHEMA;
if (!dataDir && !(databaseUrl && schema)) {
  throw new Error("FAULT_DATA_DIR, or FAULT_DATABASE_URL and FAULT_SCHEMA, are required");
}
const faultPath = process.env.FAULT_PATH;
const killAt = process.env.FAULT_KILL_AT as FaultPoint | undefined;
const holdAt = process.env.FAULT_HOLD_AT as FaultPoint | undefined;
const holdMs = Number(process.env.FAULT_HOLD_MS ?? 0);

const faults: FaultHooks = {
  async at(point, request) {
    if (request.path !== faultPath) return;
    if (point === killAt) process.kill(process.pid, "SIGKILL");
    if (point === holdAt) {
      console.log(JSON.stringify({ holding: request.path }));
      await new Promise((done) => setTimeout(done, holdMs));
    }
  },
};

// PostgreSQL: the test's schema. PGlite as `npm start` runs it: in its worker thread
// (`db/pglite-thread.ts`).
const server = await startServer({
  ports: { api: 0 },
  ...(databaseUrl && schema
    ? { database: await openDatabase({ databaseUrl, schema, migrate: false }) }
    : { dataDir, thread: true }),
  webhooks: false,
  faults,
});
console.log(JSON.stringify({ port: server.port }));
closeOnSignals(() => server.close(), console.log);

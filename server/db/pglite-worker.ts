/**
 * The PGlite worker thread (`pglite-thread.ts` starts it): owns one PGlite database and runs
 * the statements the API thread posts, one message each, answering its rows or its error.
 * PGlite's WebAssembly backend and its protocol layer (most of a request's CPU on PGlite,
 * docs/architecture.md "Server speed") then run on a core of their own, beside the event
 * loop that serves HTTP.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { numberParsers } from "./parsers.ts";
import { PreparedStatements } from "./pglite-prepared.ts";
import type { ThreadReply, ThreadRequest } from "./pglite-thread.ts";

const port = parentPort!;
const { dataDir } = workerData as { dataDir?: string };

const post = (reply: ThreadReply) => port.postMessage(reply);

/** An error's own fields (a PostgreSQL error's `code`, `constraint`, `detail`…), clonable. */
function fieldsOf(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [name, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function") continue;
    if (typeof value === "object" && value !== null) continue;
    fields[name] = value;
  }
  return fields;
}

try {
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    parsers: numberParsers,
  });
  const statements = new PreparedStatements(client);
  port.on("message", async (request: ThreadRequest) => {
    if (request.op === "close") {
      await client.close();
      post({ id: request.id, ok: true, rows: [], affectedRows: 0 });
      port.close();
      return;
    }
    try {
      // Transaction control runs on the simple protocol, and a deferred BEGIN with the
      // statement it waited for, each in one round into the backend (`pglite-prepared.ts`).
      const result = await statements.query(request.sql, request.params, {
        begin: request.begin === true,
      });
      post({
        id: request.id,
        ok: true,
        rows: result.rows as Record<string, unknown>[],
        affectedRows: result.affectedRows ?? 0,
      });
    } catch (error) {
      post({ id: request.id, ok: false, error: fieldsOf(error) });
    }
  });
  post({ id: 0, ok: true, rows: [], affectedRows: 0 });
} catch (error) {
  post({ id: 0, ok: false, error: fieldsOf(error) });
}

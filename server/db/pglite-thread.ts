/**
 * PGlite in a worker thread, as a Kysely dialect: the API thread compiles each query and
 * posts its SQL and parameters to the worker (`pglite-worker.ts`), which runs it on PGlite
 * and posts the rows back (structured clone: numbers, strings, dates, JSON, bytes). The
 * worker's backend is one PostgreSQL session, so connections are queued exactly as in
 * process (`pglite-dialect.ts`, `SerialDriver`): a transaction owns it from BEGIN to COMMIT.
 *
 * Errors come back with their PostgreSQL fields (`code`, `constraint`, `detail`, …), so code
 * that reads a unique violation's code reads it alike on both.
 */
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Dialect, QueryResult } from "kysely";
import { sessionDialect } from "./pglite-dialect.ts";

export type ThreadRequest =
  /** `begin`: open a transaction first (its BEGIN deferred to its first statement). */
  | { id: number; op: "query"; sql: string; params: unknown[]; begin?: true }
  | { id: number; op: "close" };

export type ThreadReply =
  | { id: number; ok: true; rows: Record<string, unknown>[]; affectedRows: number }
  | { id: number; ok: false; error: Record<string, unknown> };

/** An error the worker answered, with the fields the PostgreSQL error carried. */
export class PGliteThreadError extends Error {
  constructor(fields: Record<string, unknown>) {
    super(String(fields.message ?? "PGlite error"));
    Object.assign(this, fields);
    this.name = String(fields.name ?? "PGliteThreadError");
  }
}

/** tsx's ESM API (`tsx/esm/api`, its ES module build): `register()` loads TypeScript in a thread. */
const tsxApi = () =>
  pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;

/** The worker and the calls waiting for its answers. */
class PGliteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { ok(r: ThreadReply): void; fail(e: Error): void }>();
  #next = 1;
  #dead: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: ThreadReply) => {
      const waiter = this.#waiting.get(reply.id);
      this.#waiting.delete(reply.id);
      waiter?.ok(reply);
    });
    const fail = (error: Error) => {
      this.#dead = error;
      for (const waiter of this.#waiting.values()) waiter.fail(error);
      this.#waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the PGlite worker exited (${code})`)));
  }

  static async start(dataDir: string | undefined): Promise<PGliteThread> {
    if (dataDir) await mkdir(dataDir, { recursive: true });
    const compiled = !import.meta.url.endsWith(".ts");
    const entry = new URL(compiled ? "./pglite-worker.js" : "./pglite-worker.ts", import.meta.url);
    // From TypeScript sources (npm start, the bench, tests run them through tsx or vitest)
    // the worker loads its entry through tsx's loader: a worker does not inherit a loader.
    const worker = compiled
      ? new Worker(entry, { workerData: { dataDir } })
      : new Worker(
          new URL(
            `data:text/javascript,${encodeURIComponent(
              `(await import(${JSON.stringify(tsxApi())})).register(); await import(${JSON.stringify(entry.href)});`,
            )}`,
          ),
          { workerData: { dataDir } },
        );
    const thread = new PGliteThread(worker);
    const ready = await new Promise<ThreadReply>((resolve, reject) => {
      thread.#waiting.set(0, { ok: resolve, fail: reject });
    });
    if (!ready.ok) {
      await worker.terminate();
      throw new PGliteThreadError(ready.error);
    }
    return thread;
  }

  #call(request: ThreadRequest): Promise<ThreadReply> {
    if (this.#dead) return Promise.reject(this.#dead);
    return new Promise((ok, fail) => {
      this.#waiting.set(request.id, { ok, fail });
      this.#worker.postMessage(request);
    });
  }

  async query(
    sql: string,
    params: readonly unknown[],
    begin = false,
  ): Promise<QueryResult<unknown>> {
    const reply = await this.#call({
      id: this.#next++,
      op: "query",
      sql,
      params: [...params],
      ...(begin ? { begin: true as const } : {}),
    });
    if (!reply.ok) throw new PGliteThreadError(reply.error);
    // The same shape PGlite answers in process.
    return { rows: reply.rows, affectedRows: reply.affectedRows } as QueryResult<unknown>;
  }

  /** How long the worker's event loop has been busy (running PGlite), in ms. */
  busyMs(): number {
    return this.#worker.performance.eventLoopUtilization().active;
  }

  async close(): Promise<void> {
    if (this.#dead) return;
    await this.#call({ id: this.#next++, op: "close" });
    await this.#worker.terminate();
  }
}

/** Starts PGlite on `dataDir` (memory when absent) in a worker; its dialect for Kysely. */
export async function openPGliteThread(
  dataDir: string | undefined,
): Promise<{ dialect: Dialect; busyMs(): number }> {
  const thread = await PGliteThread.start(dataDir);
  const dialect = sessionDialect(
    (sql, params, begin) => thread.query(sql, params, begin),
    () => thread.close(),
  );
  return { dialect, busyMs: () => thread.busyMs() };
}

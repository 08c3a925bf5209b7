/**
 * Request timeouts (`deadline.ts`): a handler past its deadline is answered 503
 * `request_timeout` with Retry-After and its transaction rolls back; a request whose commit
 * began before the deadline keeps its answer. The slow handler is the fault-injection hook
 * holding a writing request until the test lets it go, and a test route held the same way:
 * the waits are the deadlines of a fraction of a second, nothing longer.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { connectedAccount } from "../money/money-test.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import type { AppEnv, FaultHooks, FaultPoint } from "./context.ts";
import { defineRoute } from "./route.ts";

const t = setupTestDatabase();

/** The next request to `path` stops at `point` until `release()`; then the server behaves. */
let held: { point: FaultPoint; path: string; until: Promise<void> } | undefined;
const faults: FaultHooks = {
  async at(point, request) {
    if (!held || held.point !== point || held.path !== request.path) return;
    const { until } = held;
    held = undefined;
    await until;
  },
};
afterEach(() => {
  held = undefined;
});

function gate() {
  let release!: () => void;
  const until = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { until, release };
}

let slowGet = gate();
const slow = new OpenAPIHono<AppEnv>();
defineRoute(
  slow,
  {
    method: "get",
    path: "/v1/test_slow",
    summary: "a read that waits for the test",
    tags: ["Test"],
    auth: ["secret"],
    response: z.object({ ok: z.boolean() }),
  },
  async () => {
    await slowGet.until;
    return { ok: true };
  },
);

const deadlineMs = 150;
/** Setup and retries: no deadline in reach. */
const api = testApi(t);
/** The same database behind an app whose requests have `deadlineMs`. */
const hurried = testApi(t, { requestTimeoutMs: deadlineMs }, [slow], faults);
/** One whose deadline a charge's work reaches its commit well before, even on a busy machine. */
const commitDeadlineMs = 1_000;
const committing = testApi(t, { requestTimeoutMs: commitDeadlineMs }, [slow], faults);

const chargesOf = async (accountId: string) =>
  (await t.db.selectFrom("charges").select("id").where("account_id", "=", accountId).execute())
    .length;

async function setup() {
  const a = await connectedAccount(api);
  const charge = (via: typeof api, idem: string) =>
    via.post("/v1/charges", {
      ...a.as,
      headers: { ...a.as.headers, [api.headers.idempotencyKey]: idem },
      params: { amount: 2_000, currency: "usd", payment_method: "pm_card_visa" },
    });
  return { ...a, charge };
}

describe("request timeouts", () => {
  it("a write past its deadline is answered 503 request_timeout with Retry-After, rolls back, and its retry charges once", async () => {
    const a = await setup();
    const { until, release } = gate();
    held = { point: "afterWork", path: "/v1/charges", until };
    const started = Date.now();
    const first = await a.charge(hurried, "k-timeout");
    expect(Date.now() - started).toBeGreaterThanOrEqual(deadlineMs - 5);
    expect(first.status).toBe(503);
    expect(first.body.error).toMatchObject({ type: "api_error", code: "request_timeout" });
    expect(first.body.error.request_id).toBe(first.headers.get("Request-Id"));
    expect(first.headers.get("Retry-After")).toBe("1");
    // The handler goes on once let go: its charge was made in the transaction, which now
    // rolls back instead of committing.
    release();
    const retry = await a.charge(api, "k-timeout");
    expect(retry.status).toBe(200);
    expect(retry.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await chargesOf(a.accountId)).toBe(1);
    const again = await a.charge(api, "k-timeout");
    expect(again.body.id).toBe(retry.body.id);
    expect(await chargesOf(a.accountId)).toBe(1);
  });

  it("a write whose commit began before the deadline keeps its answer, however late it is sent", async () => {
    const a = await setup();
    const { until, release } = gate();
    held = { point: "afterCommit", path: "/v1/charges", until };
    // The commit must begin before the deadline whatever the machine's load (a charge's work
    // took more than 150 ms on a busy CI runner), so this app's deadline is a second; the
    // answer is held past it.
    const started = Date.now();
    const answer = a.charge(committing, "k-committed");
    setTimeout(release, commitDeadlineMs + 100);
    const r = await answer;
    expect(Date.now() - started).toBeGreaterThanOrEqual(commitDeadlineMs);
    expect(r.status).toBe(200);
    expect(await chargesOf(a.accountId)).toBe(1);
    const retry = await a.charge(api, "k-committed");
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.body.id).toBe(r.body.id);
  });

  it("a read past its deadline is answered 503 request_timeout; its late result is dropped", async () => {
    const { secretKey } = await api.platform();
    slowGet = gate();
    const r = await hurried.get("/v1/test_slow", { key: secretKey });
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe("request_timeout");
    slowGet.release();
    // The same app answers at once when nothing holds it.
    const after = await hurried.get("/v1/test_slow", { key: secretKey });
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ ok: true });
  });

  it("is configurable: 0 means no deadline", async () => {
    const { secretKey } = await api.platform();
    const patient = testApi(t, { requestTimeoutMs: 0 }, [slow]);
    slowGet = gate();
    const answer = patient.get("/v1/test_slow", { key: secretKey });
    setTimeout(() => slowGet.release(), deadlineMs * 2);
    expect((await answer).status).toBe(200);
  });

  it("is in the OpenAPI document: 503 with Retry-After on every route declared with defineRoute (those that also answer 429)", async () => {
    const doc = (await api.get("/v1/openapi.json")).body;
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, object>)) {
      for (const [method, operation] of Object.entries(item as Record<string, object>)) {
        const responses = (operation as { responses: Record<string, unknown> }).responses;
        if (responses["429"] === undefined) continue;
        checked++;
        expect(responses["503"], `${method} ${path}`).toMatchObject({
          headers: { "Retry-After": expect.anything() },
        });
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

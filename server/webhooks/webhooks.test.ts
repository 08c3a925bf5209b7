/**
 * Webhooks: endpoints through the API, events recorded in the transaction of the change they
 * describe, and the delivery worker — signed POSTs (checked with the platform's own
 * `constructEvent`), retries with exponential backoff on a stepped clock, the delivery log,
 * resend, disabled endpoints, and deliveries that survive a restart of the worker.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { WebhookDelivery } from "../../protocol/objects/webhook-endpoint.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { constructEvent } from "../../sdk/webhooks.ts";
import { DAY, startOfDay } from "../money/ledger.ts";
import { connectedAccount, failingBankAccount } from "../money/money-test.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { createWebhookWorker, defaultRetryPolicy, retryDelaySeconds } from "./worker.ts";

const t = setupTestDatabase();
const api = testApi(t);

type Account = Awaited<ReturnType<typeof connectedAccount>>;

async function endpoint(a: Account, params: Record<string, unknown> = {}) {
  const r = await api.post("/v1/webhook_endpoints", {
    key: a.secretKey,
    params: { url: "https://platform.example/webhooks", enabled_events: ["*"], ...params },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: string; secret: string; url: string };
}

const events = async (a: Account, params: Record<string, unknown> = {}) =>
  (await api.get("/v1/events", { key: a.secretKey, params: { limit: 100, ...params } })).body
    .data as {
    id: string;
    type: string;
    account: string;
    created: number;
    data: { object: Record<string, unknown> };
  }[];

const deliveries = async (a: Account, endpointId: string) =>
  (await api.get(`/v1/webhook_endpoints/${endpointId}/deliveries`, { key: a.secretKey })).body
    .data as WebhookDelivery[];

interface Sent {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** A fetch that records each request and answers the next status of `statuses` (then 200). */
function fakeFetch(statuses: (number | Error)[] = []) {
  const sent: Sent[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(url),
      body: String(init?.body),
      headers: init?.headers as Record<string, string>,
    });
    const next = statuses.shift() ?? 200;
    if (next instanceof Error) throw next;
    return new Response(null, { status: next });
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

const worker = (fetch: typeof globalThis.fetch) =>
  createWebhookWorker({ db: t.db, now: () => api.clock.now, fetch });

describe("webhook endpoints through the API (secret key)", () => {
  it("create answers the signing secret once; retrieve and list never show it", async () => {
    const a = await connectedAccount(api);
    const made = await endpoint(a, {
      enabled_events: ["charge.refunded", "payout.paid", "charge.refunded"],
      description: "Refunds and payouts",
    });
    expect(made).toMatchObject({
      object: "webhook_endpoint",
      url: "https://platform.example/webhooks",
      enabled_events: ["charge.refunded", "payout.paid"],
      description: "Refunds and payouts",
      status: "enabled",
      livemode: false,
      api_version: provider.apiVersion,
    });
    expect(made.id).toMatch(/^we_/);
    expect(made.secret).toMatch(new RegExp(`^${provider.keyPrefixes.webhookSecret}\\w{32}$`));
    const read = await api.get(`/v1/webhook_endpoints/${made.id}`, { key: a.secretKey });
    expect(read.body.id).toBe(made.id);
    expect(read.body).not.toHaveProperty("secret");
    const list = await api.get("/v1/webhook_endpoints", { key: a.secretKey });
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([made.id]);
    expect(JSON.stringify(list.body)).not.toContain(made.secret);
  });

  it("a retried create with the same Idempotency-Key never answers the secret twice", async () => {
    const a = await connectedAccount(api);
    const params = { url: "https://platform.example/hooks", enabled_events: ["*"] };
    const headers = { [provider.headers.idempotencyKey]: "create-endpoint-1" };
    const first = await api.post("/v1/webhook_endpoints", { key: a.secretKey, params, headers });
    expect(first.body.secret).toBeDefined();
    const retry = await api.post("/v1/webhook_endpoints", { key: a.secretKey, params, headers });
    expect(retry.status).toBe(400);
    expect(retry.body.error.code).toBe("idempotency_answer_not_stored");
    expect(JSON.stringify(retry.body)).not.toContain(first.body.secret);
    const list = await api.get("/v1/webhook_endpoints", { key: a.secretKey });
    expect(list.body.data).toHaveLength(1);
  });

  it("refuses a URL that is not http(s), one with credentials, and an unknown event type; nothing is made", async () => {
    const a = await connectedAccount(api);
    for (const [params, param] of [
      [{ url: "ftp://platform.example/x", enabled_events: ["*"] }, "url"],
      [{ url: "https://user:pw@platform.example/x", enabled_events: ["*"] }, "url"],
      [{ url: "not a url", enabled_events: ["*"] }, "url"],
      [
        { url: "https://platform.example/x", enabled_events: ["charge.exploded"] },
        "enabled_events[0]",
      ],
      [{ url: "https://platform.example/x" }, "enabled_events"],
    ] as const) {
      const r = await api.post("/v1/webhook_endpoints", { key: a.secretKey, params });
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.error.param, JSON.stringify(params)).toBe(param);
    }
    const list = await api.get("/v1/webhook_endpoints", { key: a.secretKey });
    expect(list.body.data).toEqual([]);
  });

  it("updates url, events, description and disabled; deletes; another platform's endpoint is a 404", async () => {
    const a = await connectedAccount(api);
    const b = await connectedAccount(api);
    const made = await endpoint(a);
    const updated = await api.post(`/v1/webhook_endpoints/${made.id}`, {
      key: a.secretKey,
      params: {
        url: "https://platform.example/v2",
        enabled_events: ["account.updated"],
        description: "Accounts",
        disabled: true,
      },
    });
    expect(updated.body).toMatchObject({
      url: "https://platform.example/v2",
      enabled_events: ["account.updated"],
      description: "Accounts",
      status: "disabled",
    });
    expect(updated.body).not.toHaveProperty("secret");
    expect((await api.get(`/v1/webhook_endpoints/${made.id}`, { key: b.secretKey })).status).toBe(
      404,
    );
    expect((await api.del(`/v1/webhook_endpoints/${made.id}`, { key: b.secretKey })).status).toBe(
      404,
    );
    const deleted = await api.del(`/v1/webhook_endpoints/${made.id}`, { key: a.secretKey });
    expect(deleted.body).toEqual({ id: made.id, object: "webhook_endpoint", deleted: true });
    expect((await api.get(`/v1/webhook_endpoints/${made.id}`, { key: a.secretKey })).status).toBe(
      404,
    );
  });
});

describe("events are recorded in the transaction of the change they describe", () => {
  it("a refund records charge.refunded with the refunded charge, for the connected account", async () => {
    const a = await connectedAccount(api);
    const charge = await a.charge({ amount: 10_000 });
    const refund = await api.post("/v1/refunds", {
      ...a.as,
      params: { charge: charge.body.id, amount: 2_500 },
    });
    expect(refund.status).toBe(200);
    const [event] = await events(a, { type: "charge.refunded" });
    expect(event).toMatchObject({
      object: "event",
      type: "charge.refunded",
      account: a.accountId,
      livemode: false,
      created: api.clock.now,
      data: {
        object: {
          id: charge.body.id,
          object: "charge",
          amount_refunded: 2_500,
          payment_status: "partially_refunded",
        },
      },
    });
    const read = await api.get(`/v1/events/${event!.id}`, { key: a.secretKey });
    expect(read.body).toEqual(event);
  });

  it("a refused refund records no event (the change and its event commit together or not at all)", async () => {
    const a = await connectedAccount(api);
    const charge = await a.charge({ amount: 10_000 });
    const refused = await api.post("/v1/refunds", {
      ...a.as,
      params: { charge: charge.body.id, amount: 20_000 },
    });
    expect(refused.status).toBe(400);
    expect(await events(a, { type: "charge.refunded" })).toEqual([]);
  });

  it("a refund made with an account-session key (the payments component) records its event too", async () => {
    const a = await connectedAccount(api);
    const charge = await a.charge({ amount: 10_000 });
    const key = await a.sessionKey({
      payments: { enabled: true, features: { refund_management: true } },
    });
    const r = await api.post("/v1/refunds", { key, params: { charge: charge.body.id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [event] = await events(a, { type: "charge.refunded" });
    expect(event?.data.object).toMatchObject({ id: charge.body.id, refunded: true });
  });

  it("a capture records charge.captured; a dispute records created, updated and closed", async () => {
    const a = await connectedAccount(api);
    const held = await a.charge({ amount: 10_000, capture: false });
    await api.post(`/v1/charges/${held.body.id}/capture`, a.as);
    const paid = await a.charge({ amount: 5_000 });
    api.clock.now += 3 * DAY;
    const dispute = await api.post(`/v1/test_helpers/charges/${paid.body.id}/dispute`, a.as);
    api.clock.now += 1;
    await api.post(`/v1/disputes/${dispute.body.id}`, {
      ...a.as,
      params: { evidence: { product_description: "Bread" }, submit: true },
    });
    api.clock.now += 1;
    await api.post(`/v1/test_helpers/disputes/${dispute.body.id}/resolve`, {
      ...a.as,
      params: { outcome: "won" },
    });
    // Newest first, by the second (then by id): each step a second apart.
    const seen = (await events(a)).reverse();
    expect(seen.map((e) => e.type)).toEqual([
      "charge.captured",
      "charge.dispute.created",
      "charge.dispute.updated",
      "charge.dispute.closed",
    ]);
    expect(seen[0]!.data.object).toMatchObject({ id: held.body.id, captured: true });
    expect(seen.slice(1).map((e) => e.data.object.status)).toEqual([
      "needs_response",
      "under_review",
      "won",
    ]);
  });

  it("an update of a connected account records account.updated with the account", async () => {
    const a = await connectedAccount(api);
    await api.post(`/v1/accounts/${a.accountId}`, {
      key: a.secretKey,
      params: { business_profile: { url: "https://bakery.example" } },
    });
    const [event] = await events(a, { type: "account.updated" });
    expect(event).toMatchObject({
      account: a.accountId,
      data: { object: { id: a.accountId, business_profile: { url: "https://bakery.example" } } },
    });
  });

  it("advancing the sandbox clock records payout.paid, payout.failed and a lapsed dispute's close, each at its moment", async () => {
    const a = await connectedAccount(api);
    const failing = await connectedAccount(api, failingBankAccount);
    for (const acc of [a, failing]) await acc.charge({ amount: 100_000 });
    const inquiry = await a.charge({
      amount: 3_000,
      payment_method: "pm_card_createDisputeInquiry",
    });
    api.clock.now = startOfDay(api.clock.now) + 3 * DAY + 3_600;
    const paid = await api.post("/v1/payouts", { ...a.as, params: { amount: 10_000 } });
    const failed = await api.post("/v1/payouts", { ...failing.as, params: { amount: 10_000 } });
    const advanced = await api.post("/v1/test_helpers/clock/advance", {
      key: a.secretKey,
      params: { seconds: 10 * DAY },
    });
    expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
    const ofA = await events(a);
    // The automatic payouts of the days crossed are paid too; this one is the manual payout.
    const paidEvent = ofA.find(
      (e) => e.type === "payout.paid" && e.data.object.id === paid.body.id,
    );
    expect(paidEvent).toMatchObject({
      created: paid.body.arrival_date,
      data: { object: { id: paid.body.id, status: "paid" } },
    });
    const closed = ofA.find((e) => e.type === "charge.dispute.closed");
    expect(closed?.data.object).toMatchObject({
      charge: inquiry.body.id,
      status: "warning_closed",
    });
    // Each account here is of its own platform: the other platform's clock has not moved.
    expect((await events(failing)).filter((e) => e.type.startsWith("payout."))).toEqual([]);
    await api.post("/v1/test_helpers/clock/advance", {
      key: failing.secretKey,
      params: { seconds: 2 * DAY },
    });
    const failedEvent = (await events(failing, { type: "payout.failed" })).find(
      (e) => e.data.object.id === failed.body.id,
    );
    expect(failedEvent).toMatchObject({
      // Submitted (and so failed) when the day after the payout's starts.
      created: startOfDay(failed.body.created) + DAY,
      data: { object: { id: failed.body.id, status: "failed", failure_code: "account_closed" } },
    });
    expect(failedEvent!.data.object.failure_balance_transaction).toMatch(/^txn_/);
    // Advancing again over nothing new records nothing more.
    const before = (await events(a)).length;
    await api.post("/v1/test_helpers/clock/advance", { key: a.secretKey, params: { seconds: 60 } });
    expect((await events(a)).length).toBe(before);
  });
});

/** An account with an endpoint, and a refund that queued one delivery to it. */
async function refunded(params: Record<string, unknown> = {}) {
  const a = await connectedAccount(api);
  const hook = await endpoint(a, params);
  const charge = await a.charge({ amount: 10_000 });
  await api.post("/v1/refunds", { ...a.as, params: { charge: charge.body.id } });
  const [event] = await events(a, { type: "charge.refunded" });
  return { a, hook, charge: charge.body as { id: string }, event: event! };
}

describe("the delivery worker", () => {
  const servers: { close(): void }[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.close();
  });

  it("POSTs the event as JSON to a real endpoint, signed so the platform's constructEvent accepts it", async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
    const { a, hook, event } = await refunded({ url });
    const sent = await createWebhookWorker({ db: t.db, now: () => api.clock.now }).runDue();
    expect(sent).toBe(1);
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery!.headers["content-type"]).toBe("application/json");
    const header = delivery!.headers[provider.headers.webhookSignature.toLowerCase()] as string;
    expect(header).toMatch(new RegExp(`^t=${api.clock.now},v1=[0-9a-f]{64}$`));
    const verified = await constructEvent(delivery!.body, header, hook.secret, {
      now: () => api.clock.now,
    });
    expect(verified).toEqual(event);
    const [logged] = await deliveries(a, hook.id);
    expect(logged).toMatchObject({
      object: "webhook_delivery",
      event: event.id,
      event_type: "charge.refunded",
      webhook_endpoint: hook.id,
      status: "succeeded",
      attempt_count: 1,
      next_attempt_at: null,
      attempts: [{ attempted_at: api.clock.now, status_code: 204, error: null }],
    });
    expect(logged!.attempts[0]!.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("retries a failing endpoint with exponential backoff (30 s, 60 s, …), then succeeds; the log shows each attempt", async () => {
    const { a, hook } = await refunded();
    const { fetch, sent } = fakeFetch([500, new TypeError("fetch failed"), 200]);
    const w = worker(fetch);
    const start = api.clock.now;
    expect(await w.runDue()).toBe(1);
    let [logged] = await deliveries(a, hook.id);
    expect(logged).toMatchObject({
      status: "pending",
      attempt_count: 1,
      next_attempt_at: start + 30,
    });
    // Not due yet: nothing is sent a second early.
    api.clock.now = start + 29;
    expect(await w.runDue()).toBe(0);
    api.clock.now = start + 30;
    expect(await w.runDue()).toBe(1);
    [logged] = await deliveries(a, hook.id);
    expect(logged).toMatchObject({
      status: "pending",
      attempt_count: 2,
      next_attempt_at: start + 90,
    });
    api.clock.now = start + 89;
    expect(await w.runDue()).toBe(0);
    api.clock.now = start + 90;
    expect(await w.runDue()).toBe(1);
    [logged] = await deliveries(a, hook.id);
    expect(logged).toMatchObject({ status: "succeeded", attempt_count: 3, next_attempt_at: null });
    expect(
      logged!.attempts.map((x: { status_code: number | null; attempted_at: number }) => [
        x.attempted_at - start,
        x.status_code,
      ]),
    ).toEqual([
      [0, 500],
      [30, null],
      [90, 200],
    ]);
    expect(logged!.attempts[1]!.error).toContain("fetch failed");
    // Each attempt is signed at its own time, the same event each time.
    expect(sent.map((s) => s.headers[provider.headers.webhookSignature]?.split(",")[0])).toEqual([
      `t=${start}`,
      `t=${start + 30}`,
      `t=${start + 90}`,
    ]);
    expect(new Set(sent.map((s) => s.body)).size).toBe(1);
    expect(await w.runDue()).toBe(0);
  });

  it("the backoff doubles up to an hour; after the last attempt the delivery is failed", async () => {
    expect(
      Array.from({ length: defaultRetryPolicy.maxAttempts - 1 }, (_, i) =>
        retryDelaySeconds(i + 1),
      ),
    ).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600]);
    const { a, hook } = await refunded();
    const { fetch, sent } = fakeFetch(Array(20).fill(503));
    const w = createWebhookWorker({
      db: t.db,
      now: () => api.clock.now,
      fetch,
      retry: { maxAttempts: 4 },
    });
    for (let i = 0; i < 10; i++) {
      await w.runDue();
      api.clock.now += 3_600;
    }
    expect(sent).toHaveLength(4);
    const [logged] = await deliveries(a, hook.id);
    expect(logged).toMatchObject({ status: "failed", attempt_count: 4, next_attempt_at: null });
  });

  it("resend makes a new delivery of the event, due at once, beside the failed one in the log", async () => {
    const { a, hook, event } = await refunded();
    const failing = createWebhookWorker({
      db: t.db,
      now: () => api.clock.now,
      fetch: fakeFetch([410]).fetch,
      retry: { maxAttempts: 1 },
    });
    await failing.runDue();
    const resent = await api.post(`/v1/webhook_endpoints/${hook.id}/resend`, {
      key: a.secretKey,
      params: { event: event.id },
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({
      object: "webhook_delivery",
      event: event.id,
      status: "pending",
      attempt_count: 0,
      attempts: [],
      next_attempt_at: api.clock.now,
    });
    const { fetch, sent } = fakeFetch([200]);
    expect(await worker(fetch).runDue()).toBe(1);
    expect(JSON.parse(sent[0]!.body).id).toBe(event.id);
    const log = await deliveries(a, hook.id);
    expect(log.map((d) => d.status).sort()).toEqual(["failed", "succeeded"]);
    const failed = await api.get(`/v1/webhook_endpoints/${hook.id}/deliveries`, {
      key: a.secretKey,
      params: { status: "failed" },
    });
    expect(failed.body.data).toHaveLength(1);
  });

  it("resend refuses an event of another platform (404) and a type the endpoint does not receive", async () => {
    const { a, hook, event } = await refunded({ enabled_events: ["charge.refunded"] });
    const other = await refunded();
    const foreign = await api.post(`/v1/webhook_endpoints/${hook.id}/resend`, {
      key: a.secretKey,
      params: { event: other.event.id },
    });
    expect(foreign.status).toBe(404);
    await api.post(`/v1/webhook_endpoints/${hook.id}`, {
      key: a.secretKey,
      params: { enabled_events: ["payout.paid"] },
    });
    const refused = await api.post(`/v1/webhook_endpoints/${hook.id}/resend`, {
      key: a.secretKey,
      params: { event: event.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("event_not_enabled");
  });

  it("an endpoint gets only the types it enabled; a disabled one gets no new event, and what it had pending waits until it is enabled", async () => {
    const a = await connectedAccount(api);
    const payoutsOnly = await endpoint(a, { enabled_events: ["payout.paid"] });
    const all = await endpoint(a, { url: "https://platform.example/all" });
    const refund = async () => {
      const charge = await a.charge({ amount: 10_000 });
      await api.post("/v1/refunds", { ...a.as, params: { charge: charge.body.id } });
    };
    await refund();
    expect(await deliveries(a, payoutsOnly.id)).toEqual([]);
    await api.post(`/v1/webhook_endpoints/${all.id}`, {
      key: a.secretKey,
      params: { disabled: true },
    });
    api.clock.now += 1;
    await refund();
    const { fetch, sent } = fakeFetch();
    const w = worker(fetch);
    expect(await w.runDue()).toBe(0);
    const waiting = await deliveries(a, all.id);
    expect(waiting.map((d) => d.status)).toEqual(["pending"]);
    await api.post(`/v1/webhook_endpoints/${all.id}`, {
      key: a.secretKey,
      params: { disabled: false },
    });
    expect(await w.runDue()).toBe(1);
    expect(sent[0]!.url).toBe("https://platform.example/all");
    expect(JSON.parse(sent[0]!.body).id).toBe(waiting[0]!.event);
  });

  it("pending deliveries live in the database: a new worker (a restarted process) sends them, and two workers never send one twice", async () => {
    const { a, hook } = await refunded();
    const first = fakeFetch([500]);
    await worker(first.fetch).runDue();
    api.clock.now += 30;
    // The first worker is gone; two new ones run at once.
    const second = fakeFetch();
    const third = fakeFetch();
    const counts = await Promise.all([worker(second.fetch).runDue(), worker(third.fetch).runDue()]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(second.sent.length + third.sent.length).toBe(1);
    const [logged] = await deliveries(a, hook.id);
    expect(logged).toMatchObject({ status: "succeeded", attempt_count: 2 });
  });

  it("a delivery claimed by a worker that died is taken up again once its lease ends", async () => {
    const { a, hook } = await refunded();
    // A worker claims it, then its process dies before the answer (the fetch never settles).
    const dying = createWebhookWorker({
      db: t.db,
      now: () => api.clock.now,
      fetch: (() => new Promise<Response>(() => {})) as typeof fetch,
      leaseSeconds: 60,
    });
    void dying.runDue();
    await new Promise((r) => setTimeout(r, 200));
    const { fetch, sent } = fakeFetch();
    const w = worker(fetch);
    expect(await w.runDue()).toBe(0);
    api.clock.now += 60;
    expect(await w.runDue()).toBe(1);
    expect(sent).toHaveLength(1);
    expect((await deliveries(a, hook.id))[0]).toMatchObject({ status: "succeeded" });
  });

  it("start() delivers on its own timer and stop() ends it", async () => {
    const { a, hook } = await refunded();
    const { fetch, sent } = fakeFetch();
    const w = createWebhookWorker({ db: t.db, now: () => api.clock.now, fetch, intervalMs: 10 });
    w.start();
    await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(1);
    await w.stop();
    expect((await deliveries(a, hook.id))[0]).toMatchObject({ status: "succeeded" });
  });
});

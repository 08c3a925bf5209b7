import { describe, expect, it } from "vitest";
import { hosts, ManualClock, ManualTimers, recordingLog } from "../../actors/data-layer/fakes.ts";
import { createTelemetry } from "../../actors/data-layer/telemetry.ts";
import { endpoints } from "../../protocol/endpoints.ts";
import { observabilityMetadataOf } from "../../protocol/objects/observability-metadata.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { telemetryLimits } from "./telemetry.routes.ts";
import { ANALYTICS_INTAKE_MAX_BYTES } from "./telemetry.schema.ts";

const t = setupTestDatabase();
const api = testApi(t);

async function setup() {
  const p = await api.platform();
  const account = await api.post("/v1/accounts", {
    key: p.secretKey,
    params: { type: "express", country: "FR" },
  });
  const session = await api.post("/v1/account_sessions", {
    key: p.secretKey,
    params: { account: account.body.id, components: { payouts: { enabled: true } } },
  });
  const claim = await api.post("/v1/account_sessions/claim", {
    params: {
      client_secret: session.body.client_secret,
      key: p.publishableKey,
      [provider.claimVersionParam]: provider.apiVersion,
    },
  });
  expect(claim.status).toBe(200);
  return {
    ...p,
    accountId: account.body.id as string,
    sessionKey: claim.body.api_key as string,
    metadata: observabilityMetadataOf(claim.body),
  };
}

const postJson = (path: string, payload: unknown, key?: string, headers = {}) =>
  api.post(path, {
    body: typeof payload === "string" ? payload : JSON.stringify(payload),
    headers: { "Content-Type": "application/json", ...headers },
    ...(key ? { key } : {}),
  });

const claimEvent = (created = 1_750_000_000_000) => ({
  event_name: "submerchant_surfaces_account_session_claim",
  duration: 42,
  page_path: "/dashboard/payouts",
  created,
});

const metric = {
  name: "component.load",
  kind: "timing" as const,
  value: 180,
  tags: { component: "payouts" },
};

const rows = () => t.db.selectFrom("telemetry_records").selectAll().orderBy("name").execute();

describe("POST analytics intake", () => {
  it("keeps each event of a batch sent with the account-session key, tied to its account", async () => {
    const s = await setup();
    const r = await postJson(
      endpoints.analyticsIntake,
      {
        events: [
          claimEvent(),
          {
            event_name: "payouts_list_viewed",
            properties: { count: 3, filtered: false },
            page_path: null,
            created: 1_750_000_000_500,
            risk_experience_context: { is_obo: true, risk_experience_surface: "payouts" },
          },
        ],
      },
      s.sessionKey,
    );
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ object: "telemetry_receipt", received: 2 });
    const kept = await rows();
    expect(kept.map((row) => [row.kind, row.name, row.account_id, row.attribution])).toEqual([
      ["analytics", "payouts_list_viewed", s.accountId, "key"],
      ["analytics", "submerchant_surfaces_account_session_claim", s.accountId, "key"],
    ]);
    expect(kept[0]!.data).toMatchObject({ risk_experience_context: { is_obo: true } });
    expect(kept[0]!.request_id).toBe(r.headers.get(provider.headers.requestId));
  });

  it("accepts a keyless batch (beacons carry no header) and keeps it unattributed", async () => {
    await setup();
    const r = await postJson(endpoints.analyticsIntake, { events: [claimEvent()] });
    expect(r.status).toBe(202);
    const [row] = await rows();
    expect(row).toMatchObject({ platform_id: null, account_id: null, attribution: "none" });
  });

  it("refuses a payload over 64000 bytes with 413 and keeps nothing", async () => {
    const s = await setup();
    const big = {
      event_name: "big_event",
      properties: Object.fromEntries(
        Array.from({ length: 50 }, (_, i) => [`p${i}`, "x".repeat(1000)]),
      ),
      page_path: null,
      created: 1,
    };
    const body = JSON.stringify({ events: [big, big] });
    expect(new TextEncoder().encode(body).length).toBeGreaterThan(ANALYTICS_INTAKE_MAX_BYTES);
    const r = await postJson(endpoints.analyticsIntake, body, s.sessionKey);
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe("body_too_large");
    expect(await rows()).toEqual([]);
  });

  it("refuses a body that is neither JSON nor a form with 415, and broken JSON with 400", async () => {
    const s = await setup();
    const text = await api.post(endpoints.analyticsIntake, {
      key: s.sessionKey,
      body: "events",
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);
    const brokenField = await api.post(endpoints.analyticsIntake, {
      key: s.sessionKey,
      body: "events=%5B%7B",
    });
    expect(brokenField.status).toBe(400);
    expect(brokenField.body.error).toMatchObject({ code: "json_invalid", param: "events" });
    const broken = await postJson(endpoints.analyticsIntake, '{"events": [', s.sessionKey);
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe("json_invalid");
    expect(await rows()).toEqual([]);
  });

  it("strict schemas: an unknown field, a known event without its fields, a bad name → 400 naming it", async () => {
    const s = await setup();
    const unknown = await postJson(
      endpoints.analyticsIntake,
      { events: [{ ...claimEvent(), api_key: "ek_test_leak" }] },
      s.sessionKey,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.param).toBe("events[0][api_key]");
    const knownAsCustom = await postJson(
      endpoints.analyticsIntake,
      {
        events: [
          claimEvent(),
          {
            event_name: "submerchant_surfaces_account_session_claim",
            properties: {},
            page_path: null,
            created: 1,
          },
        ],
      },
      s.sessionKey,
    );
    expect(knownAsCustom.status).toBe(400);
    expect(knownAsCustom.body.error.param).toMatch(/^events\[1\]/);
    const badName = await postJson(
      endpoints.analyticsIntake,
      { events: [{ event_name: "Bad Name", properties: {}, page_path: null, created: 1 }] },
      s.sessionKey,
    );
    expect(badName.body.error.param).toBe("events[0][event_name]");
    const empty = await postJson(endpoints.analyticsIntake, { events: [] }, s.sessionKey);
    expect(empty.body.error.param).toBe("events");
    expect(await rows()).toEqual([]);
  });

  it("refuses the platform's secret key (it never belongs in a browser) and an unknown key", async () => {
    const s = await setup();
    const secret = await postJson(
      endpoints.analyticsIntake,
      { events: [claimEvent()] },
      s.secretKey,
    );
    expect(secret.status).toBe(403);
    const unknown = await postJson(
      endpoints.analyticsIntake,
      { events: [claimEvent()] },
      "ek_test_nope",
    );
    expect(unknown.status).toBe(401);
    expect(await rows()).toEqual([]);
  });
});

describe("POST metrics and error intakes", () => {
  it("keeps one row per metric with the session metadata and host_env", async () => {
    const s = await setup();
    const r = await postJson(
      endpoints.metricsIntake,
      {
        metrics: [metric, { name: "proxy.calls", kind: "count", value: 2, tags: {} }],
        session_metadata: s.metadata,
        host_env: "qa",
      },
      s.sessionKey,
    );
    expect(r.status).toBe(202);
    const kept = await rows();
    expect(kept.map((row) => [row.kind, row.name, row.host_env, row.account_id])).toEqual([
      ["metric", "component.load", "qa", s.accountId],
      ["metric", "proxy.calls", "qa", s.accountId],
    ]);
    expect(kept[0]!.session_metadata).toEqual(s.metadata);
  });

  it("issue 14 item 9: a keyless report belongs to nobody, whatever its session metadata names", async () => {
    const s = await setup();
    const r = await postJson(endpoints.metricsIntake, {
      metrics: [metric],
      session_metadata: s.metadata,
      host_env: "prod",
    });
    expect(r.status).toBe(202);
    const kept = await rows();
    expect(kept.map((row) => [row.name, row.platform_id, row.account_id, row.attribution])).toEqual(
      [["component.load", null, null, "none"]],
    );
    // Kept as data, never as attribution.
    expect(kept[0]!.session_metadata).toEqual(s.metadata);
  });

  it("refuses a metric with an unknown field or a NaN-like value, and a wrong host_env", async () => {
    const s = await setup();
    const extra = await postJson(
      endpoints.metricsIntake,
      { metrics: [{ ...metric, secret: 1 }], session_metadata: null, host_env: "prod" },
      s.sessionKey,
    );
    expect(extra.body.error.param).toBe("metrics[0][secret]");
    const env = await postJson(
      endpoints.metricsIntake,
      { metrics: [metric], session_metadata: null, host_env: "staging" },
      s.sessionKey,
    );
    expect(env.body.error.param).toBe("host_env");
    const tooMany = await postJson(
      endpoints.metricsIntake,
      {
        metrics: Array.from({ length: 101 }, () => metric),
        session_metadata: null,
        host_env: "qa",
      },
      s.sessionKey,
    );
    expect(tooMany.body.error.param).toBe("metrics");
    expect(await rows()).toEqual([]);
  });

  it("keeps an error report with owner, level, tags and component", async () => {
    const s = await setup();
    const r = await postJson(
      endpoints.errorIntake,
      {
        error: { name: "TypeError", message: "x is undefined", stack: "at payouts.view.tsx:12" },
        level: "error",
        owner: "accounts_ui",
        tags: { component: "payouts", release: "1.2.3" },
        component: "payouts",
        session_metadata: s.metadata,
        host_env: "prod",
      },
      s.publishableKey,
    );
    expect(r.status).toBe(202);
    const [row] = await rows();
    // A publishable key proves its platform, not an account (issue 14 item 9).
    expect(row).toMatchObject({
      kind: "error",
      name: "TypeError",
      platform_id: s.platform.id,
      account_id: null,
      attribution: "key",
      host_env: "prod",
    });
    expect(row!.data).toEqual({
      error: { name: "TypeError", message: "x is undefined", stack: "at payouts.view.tsx:12" },
      level: "error",
      owner: "accounts_ui",
      tags: { component: "payouts", release: "1.2.3" },
      component: "payouts",
    });
  });
});

describe("GET telemetry listings (secret key)", () => {
  it("lists the platform's rows newest first with keyset pagination, and nobody else's", async () => {
    const s = await setup();
    for (let i = 0; i < 3; i++) {
      await postJson(endpoints.analyticsIntake, { events: [claimEvent(i)] }, s.sessionKey);
      api.clock.now += 1;
    }
    const other = await setup();
    await postJson(endpoints.analyticsIntake, { events: [claimEvent(9)] }, other.sessionKey);

    const first = await api.get(endpoints.analyticsIntake, {
      key: s.secretKey,
      params: { limit: 2 },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      object: "list",
      url: endpoints.analyticsIntake,
      has_more: true,
    });
    expect(first.body.data.map((r: { data: { created: number } }) => r.data.created)).toEqual([
      2, 1,
    ]);
    expect(first.body.data[0]).toMatchObject({
      object: "telemetry.analytics_event",
      account: s.accountId,
      attribution: "key",
      name: "submerchant_surfaces_account_session_claim",
    });
    const second = await api.get(endpoints.analyticsIntake, {
      key: s.secretKey,
      params: { limit: 2, starting_after: first.body.data[1].id },
    });
    expect(second.body.has_more).toBe(false);
    expect(second.body.data.map((r: { data: { created: number } }) => r.data.created)).toEqual([0]);

    const foreignCursor = await api.get(endpoints.analyticsIntake, {
      key: s.secretKey,
      params: {
        starting_after: (await api.get(endpoints.analyticsIntake, { key: other.secretKey })).body
          .data[0].id,
      },
    });
    expect(foreignCursor.status).toBe(400);
    expect(foreignCursor.body.error.param).toBe("starting_after");
  });

  it("filters by account and name; kinds stay apart; other keys cannot read", async () => {
    const s = await setup();
    await postJson(
      endpoints.metricsIntake,
      { metrics: [metric], session_metadata: s.metadata, host_env: "qa" },
      s.sessionKey,
    );
    const metrics = await api.get(endpoints.metricsIntake, {
      key: s.secretKey,
      params: { account: s.accountId, name: "component.load" },
    });
    expect(metrics.body.data).toHaveLength(1);
    expect(metrics.body.data[0]).toMatchObject({ object: "telemetry.metric", host_env: "qa" });
    const none = await api.get(endpoints.metricsIntake, {
      key: s.secretKey,
      params: { name: "other" },
    });
    expect(none.body.data).toEqual([]);
    const errors = await api.get(endpoints.errorIntake, { key: s.secretKey });
    expect(errors.body.data).toEqual([]);
    const bySession = await api.get(endpoints.metricsIntake, { key: s.sessionKey });
    expect(bySession.status).toBe(403);
    const byPublishable = await api.get(endpoints.metricsIntake, { key: s.publishableKey });
    expect(byPublishable.status).toBe(403);
  });

  it("the intake paths appear in the OpenAPI document with a JSON or form body", async () => {
    const doc = await api.get("/v1/openapi.json");
    const post = doc.body.paths[endpoints.analyticsIntake].post;
    expect(Object.keys(post.requestBody.content)).toEqual([
      "application/json",
      "application/x-www-form-urlencoded",
    ]);
    expect(doc.body.paths[endpoints.errorIntake].get.summary).toMatch(/error reports/);
  });
});

describe("the intake takes exactly what the data layer's telemetry sends", () => {
  it("every known event, custom events, a batch split at 64000 bytes, metrics and an error report: all kept", async () => {
    const s = await setup();
    const clock = new ManualClock();
    const timers = new ManualTimers(clock);
    const statuses: number[] = [];
    const telemetry = createTelemetry({
      fetch: async (url, init) => {
        const response = await api.app.request(new URL(url).pathname, init);
        statuses.push(response.status);
        return response;
      },
      hosts,
      environment: "local",
      clock,
      timers,
      log: recordingLog().log,
      pagePath: `/${"p".repeat(600)}`,
      sessionMetadata: () => s.metadata,
      sessionKey: () => s.sessionKey,
      // The person allowed analytics (the functional category).
      consent: { allows: () => true },
    });
    telemetry.analytics({
      event_name: "submerchant_surfaces_api_request_finished",
      url: "http://127.0.0.1:4200/v1/payouts",
      method: "GET",
      code: 500,
    });
    telemetry.analytics({ event_name: "submerchant_surfaces_user_key_received", method: "popup" });
    telemetry.analytics({ event_name: "submerchant_surfaces_account_session_claim", duration: 12 });
    telemetry.analytics({ event_name: "connect_js_font_loaded", font_families: ["Inter"] });
    telemetry.analytics(
      { event_name: "risk_form_viewed", properties: { page: 2, final: false, note: null } },
      { is_obo: true, current_page_index: 1, new_page_index: 2 },
    );
    // Events of ~50 KB each (50 properties at the 1000-character limit): a batch of five
    // is far over 64000 bytes, so the data layer sends one event per payload.
    for (let i = 0; i < 10; i++)
      telemetry.analytics({
        event_name: "payouts_row_rendered",
        properties: Object.fromEntries(
          Array.from({ length: 50 }, (_, p) => [`p${p}`, `${i}`.padEnd(1000, "x")]),
        ),
      });
    telemetry.flush();
    telemetry.metrics([metric]);
    telemetry.errorReport({
      error: { name: "RangeError", message: "bad", stack: "at x" },
      level: "warning",
      owner: "accounts_ui",
      tags: { component: "payouts" },
      componentName: "payouts",
    });
    const kept = await eventually(
      () => t.db.selectFrom("telemetry_records").select(["kind"]).execute(),
      (r) => r.length === 15 + 1 + 1,
      "every record kept",
    );
    expect(kept.filter((r) => r.kind === "analytics")).toHaveLength(15);
    // A record is visible once its request committed, a moment before that request's answer
    // reaches the sender (on PostgreSQL the commit is seen at once by another connection):
    // wait for the answers too. The big batches were split: 10 + 2 requests at least.
    const answered = await eventually(
      async () => statuses.length,
      (n) => n >= 10 + 2,
      "every request answered",
    );
    expect(answered).toBeGreaterThanOrEqual(10 + 2);
    expect(statuses.every((status) => status === 202)).toBe(true);
  });
});

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > 5000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("issue 14 item 9: telemetry intake limits", () => {
  it("a publishable key cannot attribute rows to an account by the account header or the metadata", async () => {
    const s = await setup();
    const r = await postJson(
      endpoints.metricsIntake,
      { metrics: [metric], session_metadata: s.metadata, host_env: "prod" },
      s.publishableKey,
      { [provider.headers.account]: s.accountId },
    );
    expect(r.status).toBe(202);
    const [row] = await rows();
    expect(row).toMatchObject({ platform_id: s.platform.id, account_id: null });
  });

  it(`one writer may post ${telemetryLimits.requestsPerMinute} times a minute; after that 429 and nothing written, until the minute passes`, async () => {
    const s = await setup();
    const post = () =>
      postJson(endpoints.analyticsIntake, { events: [claimEvent()] }, s.sessionKey);
    const answers = await Promise.all(
      Array.from({ length: telemetryLimits.requestsPerMinute + 5 }, post),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(telemetryLimits.requestsPerMinute);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.error).toMatchObject({ type: "rate_limit_error" });
    expect(await rows()).toHaveLength(telemetryLimits.requestsPerMinute);
    // Another writer (a keyless beacon) is not limited by this one.
    expect((await postJson(endpoints.analyticsIntake, { events: [claimEvent()] })).status).toBe(
      202,
    );
    api.clock.now += 61;
    expect((await post()).status).toBe(202);
  });

  it(`keeps at most ${telemetryLimits.unattributedRows} unattributed rows: the oldest go first`, async () => {
    // Fill up to the cap directly, then one keyless batch pushes the oldest out.
    const base = {
      kind: "analytics" as const,
      platform_id: null,
      account_id: null,
      livemode: false,
      attribution: "none" as const,
      data: JSON.stringify({}),
      session_metadata: null,
      host_env: null,
      request_id: "req_fill",
    };
    const fill = Array.from({ length: telemetryLimits.unattributedRows }, (_, i) => ({
      ...base,
      id: `tel_fill${String(i).padStart(6, "0")}`,
      name: "old",
      created: 1_000 + i,
    }));
    for (let i = 0; i < fill.length; i += 1000)
      await t.db
        .insertInto("telemetry_records")
        .values(fill.slice(i, i + 1000))
        .execute();
    const r = await postJson(endpoints.analyticsIntake, {
      events: [claimEvent(), claimEvent()],
    });
    expect(r.status).toBe(202);
    const count = await t.db
      .selectFrom("telemetry_records")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(telemetryLimits.unattributedRows);
    const oldest = await t.db
      .selectFrom("telemetry_records")
      .select("id")
      .orderBy("created")
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(oldest.id).toBe("tel_fill000002");
  });
});

describe("form bodies and user agents at the intake (issue 16)", () => {
  const crawler = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
  const chromium =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

  const postForm = (key: string, userAgent: string, events: unknown[], clientId?: string) => {
    const form = new URLSearchParams({ events: JSON.stringify(events) });
    if (clientId) form.set("client_id", clientId);
    return api.post(endpoints.analyticsIntake, {
      key,
      body: form.toString(),
      headers: { "User-Agent": userAgent },
    });
  };

  it("keeps a form-encoded batch with its client id, and each row's parsed user agent", async () => {
    const s = await setup();
    const sent = await postForm(s.sessionKey, chromium, [claimEvent()], "client_abcdef12");
    expect(sent.status).toBe(202);
    const [row] = await rows();
    expect(row).toMatchObject({
      browser: "Chrome 131",
      os: "Linux",
      device_class: "desktop",
      is_bot: false,
    });
    expect(row!.data).toMatchObject({ client_id: "client_abcdef12" });
  });

  it("flags a crawler's events as a bot's, and the listing can leave bots out", async () => {
    const s = await setup();
    expect((await postForm(s.sessionKey, crawler, [claimEvent(1)])).status).toBe(202);
    expect((await postForm(s.sessionKey, chromium, [claimEvent(2)])).status).toBe(202);
    const all = await api.get(endpoints.analyticsIntake, { key: s.secretKey });
    type Listed = { data: { created: number }; user_agent: { bot: boolean } };
    const byCreated = (all.body.data as Listed[]).sort((a, b) => a.data.created - b.data.created);
    // The crawler's event (created 1) is a bot's; Chromium's (created 2) is not.
    expect(byCreated.map((r) => r.user_agent.bot)).toEqual([true, false]);
    const humans = await api.get(`${endpoints.analyticsIntake}?bots=exclude`, { key: s.secretKey });
    expect(humans.body.data).toHaveLength(1);
    expect(humans.body.data[0].user_agent).toEqual({
      browser: "Chrome 131",
      os: "Linux",
      device_class: "desktop",
      bot: false,
    });
    const bots = await api.get(`${endpoints.analyticsIntake}?bots=only`, { key: s.secretKey });
    expect(bots.body.data.map((r: { data: { created: number } }) => r.data.created)).toEqual([1]);
  });
});

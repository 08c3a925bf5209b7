import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import type { AnalyticsEvent } from "../../protocol/objects/analytics-event.schema.ts";
import { splitIntoBodies } from "../site/analytics.ts";
import {
  consentGranted,
  consentRestricted,
  fakeFetch,
  hosts,
  json,
  ManualClock,
  ManualTimers,
  recordingLog,
  settle,
} from "./fakes.ts";
import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_FLUSH_MS,
  ANALYTICS_PAYLOAD_CAP_BYTES,
  type AnalyticsRecord,
  analyticsRecordsOf,
  createTelemetry,
  PAGE_PATH_MAX_LENGTH,
} from "./telemetry.ts";

function setup(
  pagePath = "/payouts",
  sessionKey: string | null = null,
  consent: { allows(category: string): boolean } = consentGranted,
) {
  const api = fakeFetch(() => json(202, {}));
  const clock = new ManualClock();
  const timers = new ManualTimers(clock);
  // The keep-alive flag of each request, in order (the fake records the rest).
  const keepalive: boolean[] = [];
  const telemetry = createTelemetry({
    fetch: (url, init) => {
      keepalive.push(init.keepalive === true);
      return api.fetch(url, init);
    },
    hosts,
    environment: "prod",
    clock,
    timers,
    log: recordingLog().log,
    pagePath,
    sessionMetadata: () => null,
    sessionKey: () => sessionKey,
    consent,
  });

  const batches = () =>
    api.requests
      .filter((r) => r.url === `${hosts.api}${endpoints.analyticsIntake}`)
      .map((r) => analyticsRecordsOf(r.body!));
  return { api, clock, timers, telemetry, batches, keepalive };
}

const event = (i: number): AnalyticsEvent => ({
  event_name: "frame_opened",
  properties: { index: i },
});

describe("SPEC.md §9 analytics batching", () => {
  it("sends the account-session key it holds, so the intake ties the records to the account; none without one", async () => {
    for (const key of ["ek_test_held", null]) {
      const { telemetry, api } = setup("/payouts", key);
      telemetry.errorReport({
        error: { name: "TypeError", message: "x" },
        level: "error",
        owner: "accounts_ui",
        tags: {},
      });
      await Promise.resolve();
      const sent = api.requests.at(-1);
      expect(sent?.headers?.Authorization).toBe(key ? `Bearer ${key}` : undefined);
    }
  });

  it("events are sent in batches of 5", async () => {
    const { telemetry, batches } = setup();
    for (let i = 0; i < ANALYTICS_BATCH_SIZE - 1; i++) telemetry.analytics(event(i));
    await settle();
    expect(batches()).toHaveLength(0);
    telemetry.analytics(event(4));
    await settle();
    expect(batches()).toHaveLength(1);
    expect(
      batches()[0]?.map(
        (e) => (e as unknown as { properties: { index: number } }).properties.index,
      ),
    ).toEqual([0, 1, 2, 3, 4]);
  });

  it("or after 3 seconds", async () => {
    const { telemetry, timers, batches } = setup();
    telemetry.analytics(event(0));
    timers.advance(ANALYTICS_FLUSH_MS - 1);
    await settle();
    expect(batches()).toHaveLength(0);
    timers.advance(1);
    await settle();
    expect(batches()).toHaveLength(1);
    expect(timers.pending).toBe(0);
  });

  it("a full batch cancels the pending timer", async () => {
    const { telemetry, timers, batches } = setup();
    for (let i = 0; i < ANALYTICS_BATCH_SIZE; i++) telemetry.analytics(event(i));
    expect(timers.pending).toBe(0);
    timers.advance(ANALYTICS_FLUSH_MS);
    await settle();
    expect(batches()).toHaveLength(1);
  });

  it("form bodies are capped at 64000 bytes; an event too big alone is dropped, never split", () => {
    const big = (i: number): AnalyticsRecord => ({
      event_name: "big_event",
      properties: { text: "x".repeat(25_000), i },
      page_path: null,
      created: 0,
    });
    const { bodies, oversize } = splitIntoBodies([big(1), big(2), big(3)], null);
    expect(oversize).toBe(0);
    expect(bodies.map((b) => analyticsRecordsOf(b.body).length)).toEqual([2, 1]);
    for (const { body } of bodies)
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(
        ANALYTICS_PAYLOAD_CAP_BYTES,
      );
    const huge: AnalyticsRecord = { ...big(4), properties: { text: "y".repeat(70_000) } };
    const split = splitIntoBodies([huge, big(5)], null);
    expect(split.oversize).toBe(1);
    expect(split.bodies.map((b) => analyticsRecordsOf(b.body))).toEqual([[big(5)]]);
  });

  it("sends nothing and queues nothing without the functional consent", async () => {
    const { telemetry, timers, api } = setup("/payouts", null, consentRestricted);
    for (let i = 0; i < ANALYTICS_BATCH_SIZE + 1; i++) telemetry.analytics(event(i));
    timers.advance(ANALYTICS_FLUSH_MS);
    telemetry.flush({ keepalive: true });
    await settle();
    expect(api.requests.filter((r) => r.url.endsWith(endpoints.analyticsIntake))).toEqual([]);
    expect(telemetry.analyticsLogger.stats().withoutConsent).toBe(ANALYTICS_BATCH_SIZE + 1);
  });

  it("a batch is one form-encoded POST; the page-hide flush is a keep-alive request", async () => {
    const { telemetry, api, keepalive } = setup();
    telemetry.analytics(event(0));
    telemetry.flush({ keepalive: true });
    await settle();
    const sent = api.requests.find((r) => r.url.endsWith(endpoints.analyticsIntake))!;
    expect(sent.headers?.["Content-Type"]).toBe("application/x-www-form-urlencoded");
    expect(keepalive).toEqual([true]);
    expect(analyticsRecordsOf(sent.body!)).toHaveLength(1);
  });

  it("redacts personal data before a record is queued", async () => {
    const { telemetry, batches } = setup("/customers/jane@example.com?phone=+14155550100");
    telemetry.analytics({
      event_name: "customer_opened",
      properties: {
        email: "jane@example.com",
        note: "call +1 415 555 0100",
        card: "4242424242424242",
      },
    });
    telemetry.flush();
    await settle();
    const json = JSON.stringify(batches());
    for (const personal of ["jane@example.com", "415", "4242424242424242", "14155550100"])
      expect(json).not.toContain(personal);
  });

  it("page paths are truncated to 512 characters", async () => {
    const { telemetry, batches } = setup(`/${"p".repeat(1000)}`);
    telemetry.analytics(event(0));
    telemetry.flush();
    await settle();
    expect(batches()[0]?.[0]?.page_path).toHaveLength(PAGE_PATH_MAX_LENGTH);
  });

  it("each record carries its time and the risk-experience context when given", async () => {
    const { telemetry, clock, batches } = setup();
    telemetry.analytics(event(0), { is_obo: true });
    telemetry.flush();
    await settle();
    expect(batches()[0]?.[0]).toMatchObject({
      created: clock.now(),
      risk_experience_context: { is_obo: true },
    });
  });
});

describe("SPEC.md §7 metrics", () => {
  it("a metrics POST carries the metrics, the session metadata and host_env prod in prod", async () => {
    const { telemetry, api } = setup();
    telemetry.metrics([{ name: "proxy.call", kind: "count", value: 1, tags: {} }]);
    await settle();
    const sent = api.requests.find((r) => r.url === `${hosts.api}${endpoints.metricsIntake}`)!;
    expect(JSON.parse(sent.body!)).toEqual({
      metrics: [{ name: "proxy.call", kind: "count", value: 1, tags: {} }],
      session_metadata: null,
      host_env: "prod",
    });
  });
});

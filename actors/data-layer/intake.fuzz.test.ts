import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  dataLayerRequestTypes,
  responseRequestTypes,
} from "../../protocol/messages/data-layer.schema.ts";
import { type Built, build, env, marker, settle, until } from "./fakes.ts";

let built: Built;
afterEach(() => built?.dispose());

const requestTypes = [...dataLayerRequestTypes, ...responseRequestTypes];

/** Messages without a requestId: whatever their shape, none may be answered. */
const hostile = fc.oneof(
  fc.anything(),
  fc
    .record({
      type: fc.oneof(fc.constant(marker), fc.string()),
      requestType: fc.oneof(fc.constantFrom(...requestTypes), fc.anything()),
      url: fc.oneof(fc.webUrl(), fc.anything()),
      method: fc.oneof(fc.constantFrom("GET", "POST", "TRACE"), fc.anything()),
      body: fc.anything(),
      sender: fc.oneof(fc.constantFrom("platform", "ui_frame"), fc.anything()),
    })
    .map((m) => m as Record<string, unknown>),
  // Near-valid: the marker and a real request type, every other field random or missing.
  fc
    .record(
      {
        type: fc.constant(marker),
        requestType: fc.constantFrom(...requestTypes),
        componentName: fc.oneof(fc.constantFrom("payouts", "payments", "-bad-"), fc.anything()),
        clientSecret: fc.oneof(fc.string(), fc.anything()),
        publishableKey: fc.oneof(fc.constant("pk_test_123"), fc.string()),
        headers: fc.oneof(fc.dictionary(fc.string(), fc.string()), fc.anything()),
        targetRequestId: fc.oneof(fc.string(), fc.anything()),
        metrics: fc.anything(),
        event: fc.anything(),
        tags: fc.anything(),
      },
      { requiredKeys: ["type", "requestType"] },
    )
    .map((m) => m as Record<string, unknown>),
);

const origins = fc.constantFrom(env.platform, env.connect, "https://evil.example", "null", "");

/** Well-formed requests, each with a requestId and a reply port, but from a stranger origin. */
const wellFormedFromStranger = fc.record({
  origin: fc.constantFrom("https://evil.example", "http://127.0.0.1:4101", "null", ""),
  data: fc.oneof(
    fc.constant({ requestType: "init", sender: "platform", publishableKey: "pk_test_123" }),
    fc.constant({ requestType: "init", sender: "ui_frame", componentName: "payouts" }),
    fc.constant({ requestType: "authStateRequest" }),
    fc.constant({ requestType: "claimAccountSessionRequest", clientSecret: "acs_secret_x" }),
    fc.constant({
      requestType: "authedProxy",
      componentName: "payouts",
      url: `${env.api}/v1/connect/user`,
      method: "GET",
      headers: {},
    }),
  ),
  requestId: fc.string({ minLength: 1, maxLength: 20 }),
});

describe("the data layer under malformed messages", () => {
  it("10,000 random and malformed messages on the window and on a port: no throw, no reply, no call; a valid client is still served", async () => {
    built = build();
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    let posted = 0;
    fc.assert(
      fc.property(hostile, origins, (data, origin) => {
        built.window.post(origin, data);
        frame.port.postMessage(data);
        posted += 2;
      }),
      { numRuns: 5000 },
    );
    expect(posted).toBeGreaterThanOrEqual(10_000);
    await settle(20);
    expect(frame.received).toHaveLength(1);
    expect(built.api.requests).toHaveLength(0);
    expect(built.layer.intake.connections()).toHaveLength(1);

    const { reply } = await built.claimed();
    expect(reply).toMatchObject({ requestType: "response", ok: true });
    const state = await frame.request({ requestType: "authStateRequest" });
    expect(state).toMatchObject({
      requestType: "authState",
      authState: { status: "account_session_authenticated" },
    });
  });

  it("a stranger origin posting well-formed requests with a reply port gets nothing back and opens nothing", async () => {
    built = build();
    const heard: unknown[] = [];
    const channels: MessageChannel[] = [];
    fc.assert(
      fc.property(wellFormedFromStranger, ({ origin, data, requestId }) => {
        const channel = new MessageChannel();
        channels.push(channel);
        channel.port1.onmessage = (event) => heard.push(event.data);
        built.window.post(origin, { type: marker, requestId, ...data }, [channel.port2]);
      }),
      { numRuns: 300 },
    );
    await settle(20);
    for (const channel of channels) channel.port1.close();
    expect(heard).toEqual([]);
    expect(built.api.requests).toHaveLength(0);
    expect(built.layer.intake.connections()).toHaveLength(0);

    const { reply } = await built.claimed();
    expect(reply).toMatchObject({ requestType: "response", ok: true });
  });
});

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
);

const origins = fc.constantFrom(env.platform, env.connect, "https://evil.example", "null", "");

describe("the data layer under malformed messages", () => {
  it("2,000 random messages on the window and on a port: no throw, no reply, no call; a valid client is still served", async () => {
    built = build();
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    fc.assert(
      fc.property(hostile, origins, (data, origin) => {
        built.window.post(origin, data);
        frame.port.postMessage(data);
      }),
      { numRuns: 1000 },
    );
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
});

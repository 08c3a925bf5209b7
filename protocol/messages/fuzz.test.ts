import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { provider } from "../provider.ts";
import { parseCallMessage } from "./call.schema.ts";
import {
  classifyDataLayerMessage,
  dataLayerRequestTypes,
  responseRequestTypes,
} from "./data-layer.schema.ts";
import { classifyHandshakeMessage, handshakeMessageTypes } from "./handshake.schema.ts";
import { popupEventTypes } from "./popup.schema.ts";

const requestTypes = [...dataLayerRequestTypes, ...responseRequestTypes, ...popupEventTypes];

/** Messages that look like ours: the marker, a real requestType, random fields. */
const nearMiss = fc.record({
  type: fc.oneof(fc.constant(provider.messageMarker), fc.anything()),
  requestType: fc.oneof(fc.constantFrom(...requestTypes), fc.anything()),
  requestId: fc.oneof(fc.string(), fc.anything()),
  url: fc.oneof(fc.webUrl(), fc.string()),
  method: fc.oneof(fc.constantFrom("GET", "POST"), fc.string()),
  body: fc.anything(),
  apiKey: fc.oneof(fc.string(), fc.anything()),
  sender: fc.constantFrom("platform", "ui_frame", "x"),
});

describe("classification never throws (fuzz)", () => {
  it("a data-layer message: any value yields a request or a typed rejection", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), nearMiss), fc.boolean(), (data, withPort) => {
        const channel = withPort ? new MessageChannel() : undefined;
        try {
          const result = classifyDataLayerMessage({ data, ports: channel ? [channel.port1] : [] });
          if (result.ok) expect(result.message.type).toBe(provider.messageMarker);
          else expect(typeof result.rejection.message).toBe("string");
        } finally {
          channel?.port1.close();
          channel?.port2.close();
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("a handshake message and a call message: never throw", () => {
    const handshakeLike = fc.record({
      namespace: fc.oneof(fc.constant("ns"), fc.anything()),
      message: fc.oneof(fc.constantFrom(...handshakeMessageTypes), fc.anything()),
      data: fc.oneof(
        fc.record({ clientId: fc.anything(), serverId: fc.anything(), port: fc.anything() }),
        fc.anything(),
      ),
    });
    fc.assert(
      fc.property(fc.oneof(fc.anything(), handshakeLike), (data) => {
        const result = classifyHandshakeMessage({ data }, { namespace: "ns" });
        expect(typeof result.ok).toBe("boolean");
        const call = parseCallMessage(data);
        expect(typeof call.ok).toBe("boolean");
      }),
      { numRuns: 1500 },
    );
  });
});

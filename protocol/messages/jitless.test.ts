import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

// The frames run with `z.config({ jitless: true })` under a CSP without 'unsafe-eval'. zod
// reads the flag when a schema is built, so it is set before the schema modules load, and
// `Function` is replaced by one that throws while messages are parsed: any eval fails here.
z.config({ jitless: true });

const marker = "oriel-connect";
let schemas: {
  dataLayer: typeof import("./data-layer.schema.ts");
  handshake: typeof import("./handshake.schema.ts");
  call: typeof import("./call.schema.ts");
  session: typeof import("../objects/sanitized-session.schema.ts");
  claimed: typeof import("../objects/claimed-account-session.schema.ts");
  fixture: typeof import("../objects/claimed-account-session.fixture.ts");
};

beforeAll(async () => {
  schemas = {
    dataLayer: await import("./data-layer.schema.ts"),
    handshake: await import("./handshake.schema.ts"),
    call: await import("./call.schema.ts"),
    session: await import("../objects/sanitized-session.schema.ts"),
    claimed: await import("../objects/claimed-account-session.schema.ts"),
    fixture: await import("../objects/claimed-account-session.fixture.ts"),
  };
});

const realFunction = globalThis.Function;
const forbidEval = () => {
  globalThis.Function = new Proxy(realFunction, {
    construct() {
      throw new Error("eval attempted");
    },
    apply() {
      throw new Error("eval attempted");
    },
  });
};
afterEach(() => {
  globalThis.Function = realFunction;
});

describe("schemas are jitless-safe", () => {
  it("parses every protocol without evaluating code", () => {
    const channel = new MessageChannel();
    forbidEval();
    try {
      const init = schemas.dataLayer.classifyDataLayerMessage({
        data: {
          type: marker,
          requestType: "init",
          requestId: "r",
          sender: "ui_frame",
          componentName: "payouts",
        },
        ports: [channel.port1],
      });
      expect(init.ok).toBe(true);
      const proxy = schemas.dataLayer.classifyDataLayerMessage({
        data: {
          type: marker,
          requestType: "authedProxy",
          requestId: "r2",
          url: "http://127.0.0.1:4200/v1/payouts",
          method: "POST",
          body: { amount: 5, metadata: { a: "b" } },
          componentName: "payouts",
        },
      });
      expect(proxy.ok).toBe(true);
      const bad = schemas.dataLayer.classifyDataLayerMessage({
        data: { type: marker, requestType: "popupAuthenticationComplete" },
      });
      expect(bad.ok).toBe(false);
      const ack = schemas.handshake.classifyHandshakeMessage({
        data: { namespace: "n", message: "ack", data: { clientId: "c", serverId: "s" } },
        ports: [channel.port2],
      });
      expect(ack.ok).toBe(true);
      expect(
        schemas.call.parseCallMessage({ type: "CALL", id: "1", method: "m", args: [] }).ok,
      ).toBe(true);
      const claimed = schemas.claimed.claimedAccountSessionSchema.parse(
        schemas.fixture.claimedSessionFixture,
      );
      expect(schemas.session.sanitizeSession(claimed)).not.toHaveProperty("api_key");
    } finally {
      globalThis.Function = realFunction;
      channel.port1.close();
      channel.port2.close();
    }
  });

  it("the guard itself works: building a function now throws", () => {
    forbidEval();
    expect(() => new Function("return 1")).toThrow("eval attempted");
  });
});

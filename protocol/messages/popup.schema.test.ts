import { describe, expect, it } from "vitest";
import { safeParseMessage } from "../parse.ts";
import { provider } from "../provider.ts";
import { popupEventSchema, popupEventTypes, rebroadcastPopupEventTypes } from "./popup.schema.ts";

const marker = provider.messageMarker;

describe("sign-in popup events (SPEC.md §2)", () => {
  it("are popupReady, popupLoaded, popupDoRefresh, popupAuthenticationComplete, popupComplete", () => {
    expect([...popupEventTypes].sort()).toEqual(
      [
        "popupAuthenticationComplete",
        "popupComplete",
        "popupDoRefresh",
        "popupLoaded",
        "popupReady",
      ].sort(),
    );
  });

  it("accepts each event", () => {
    for (const requestType of ["popupReady", "popupLoaded", "popupDoRefresh", "popupComplete"]) {
      expect(popupEventSchema.safeParse({ type: marker, requestType }).success, requestType).toBe(
        true,
      );
    }
    const auth = popupEventSchema.parse({
      type: marker,
      requestType: "popupAuthenticationComplete",
      apiKey: "ek_popup_1",
      sessionCreatedForEmbedded: true,
    });
    expect(auth).toEqual({
      type: marker,
      requestType: "popupAuthenticationComplete",
      apiKey: "ek_popup_1",
      sessionCreatedForEmbedded: true,
    });
  });

  it("a popup auth event without apiKey is rejected", () => {
    for (const apiKey of [undefined, "", 42]) {
      const result = safeParseMessage(popupEventSchema, {
        type: marker,
        requestType: "popupAuthenticationComplete",
        apiKey,
        sessionCreatedForEmbedded: false,
      });
      expect(result.ok ? "" : result.error.issues[0]?.path).toBe("apiKey");
    }
  });

  it("rejects a popup event with a wrong marker", () => {
    expect(popupEventSchema.safeParse({ type: "x", requestType: "popupReady" }).success).toBe(
      false,
    );
  });

  it("never rebroadcasts the event that carries the key", () => {
    expect(rebroadcastPopupEventTypes).not.toContain("popupAuthenticationComplete");
    expect([...rebroadcastPopupEventTypes].sort()).toEqual(
      ["popupComplete", "popupDoRefresh", "popupLoaded", "popupReady"].sort(),
    );
  });
});

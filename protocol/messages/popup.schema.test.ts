import { describe, expect, it } from "vitest";
import { safeParseMessage } from "../parse.ts";
import { provider } from "../provider.ts";
import {
  popupEventSchema,
  popupEventTypes,
  rebroadcastPopupEventTypes,
  toPopupMessageSchema,
} from "./popup.schema.ts";

const marker = provider.messageMarker;

describe("the popup's inspection messages (issue 17)", () => {
  const record = {
    scope: "popup",
    actor: "x:0",
    machine: "signIn",
    seq: 0,
    time: 1,
    kind: "start",
    value: "editing",
  };
  it("a report carries 1 to 200 records of the inspection schema, nothing else", () => {
    const report = (records: unknown) =>
      popupEventSchema.safeParse({ type: marker, requestType: "popupInspectionReport", records })
        .success;
    expect(report([record])).toBe(true);
    expect(report([])).toBe(false);
    expect(report(Array.from({ length: 201 }, () => record))).toBe(false);
    expect(report([{ ...record, kind: "teleport" }])).toBe(false);
  });

  it("the data layer tells a popup only to start or stop", () => {
    for (const requestType of ["inspectionStart", "inspectionStop"])
      expect(toPopupMessageSchema.safeParse({ type: marker, requestType }).success).toBe(true);
    expect(toPopupMessageSchema.safeParse({ type: marker, requestType: "logout" }).success).toBe(
      false,
    );
    expect(
      toPopupMessageSchema.safeParse({ type: "other", requestType: "inspectionStart" }).success,
    ).toBe(false);
  });
});

describe("sign-in popup events (SPEC.md §2)", () => {
  it("are popupReady, popupLoaded, popupDoRefresh, popupAuthenticationComplete, popupComplete, and ours: popupInspectionReport", () => {
    expect([...popupEventTypes].sort()).toEqual(
      [
        "popupAuthenticationComplete",
        "popupComplete",
        "popupDoRefresh",
        "popupInspectionReport",
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

  it("never rebroadcasts the event that carries the key, nor the inspector's records", () => {
    expect(rebroadcastPopupEventTypes).not.toContain("popupAuthenticationComplete");
    expect(rebroadcastPopupEventTypes).not.toContain("popupInspectionReport");
    expect([...rebroadcastPopupEventTypes].sort()).toEqual(
      ["popupComplete", "popupDoRefresh", "popupLoaded", "popupReady"].sort(),
    );
  });
});

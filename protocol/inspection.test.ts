import { describe, expect, it } from "vitest";
import { type InspectionRecord, inspectionRecordSchema, traceOf } from "./inspection.ts";
import { redactForInspection } from "./inspection-redaction.ts";
import { provider } from "./provider.ts";

describe("redactForInspection", () => {
  it("replaces keys and personal data by placeholders of the same shape, and keeps the rest", () => {
    const key = `${provider.keyPrefixes.publishableTest.replace("pk_", "sk_")}abcdefgh12345678`;
    const value = redactForInspection({
      type: "xstate.done.actor.listPage",
      output: {
        items: [{ id: "po_001", amount: 1025, email: "ada@example.com", note: `key ${key}` }],
        hasMore: true,
      },
      client_secret: "secret_value",
      when: new Date(Date.UTC(2026, 0, 1)),
      failure: new TypeError("boom"),
      callback: () => {},
    });
    expect(value).toEqual({
      type: "xstate.done.actor.listPage",
      output: {
        items: [{ id: "po_001", amount: 1025, email: "[name]", note: "key [redacted]" }],
        hasMore: true,
      },
      when: "2026-01-01T00:00:00.000Z",
      failure: { error: "TypeError", message: "boom" },
    });
  });

  it("replaces the sign-in popup's password and its key, keeping their shape for replay", () => {
    const key = `${provider.keyPrefixes.popupTest}abcdefgh12345678`;
    const submit = redactForInspection({
      type: "form.submit",
      email: "ada@example.com",
      password: "correct horse battery staple",
    });
    expect(submit).toEqual({ type: "form.submit", email: "[name]", password: "[redacted]" });
    const done = redactForInspection({ type: "xstate.done.actor.signIn", output: { apiKey: key } });
    expect(JSON.stringify(done)).not.toContain(key);
    expect(JSON.stringify(done)).not.toContain("abcdefgh");
    // An API error's code is not a one-time code: it stays, for guards and for reading.
    expect(redactForInspection({ error: { code: "rate_limit" } })).toEqual({
      error: { code: "rate_limit" },
    });
  });

  it("names an actor reference instead of walking it, and cuts what is too deep", () => {
    const ref = { id: "listPage", sessionId: "x:3", send: () => {} };
    expect(redactForInspection({ child: ref })).toEqual({ child: { actor: "listPage" } });
    let deep: unknown = "bottom";
    for (let i = 0; i < 20; i++) deep = { next: deep };
    expect(JSON.stringify(redactForInspection(deep))).not.toContain("bottom");
  });
});

describe("traceOf", () => {
  it("one actor's trace starts at its start record and lists its events in order; other actors' records are left out", () => {
    const base = { scope: "payouts-list", machine: "payoutsList", time: 1 };
    const records: InspectionRecord[] = [
      {
        ...base,
        actor: "x:1",
        seq: 2,
        kind: "event" as const,
        event: { type: "b" },
        value: "s2",
        taken: true,
      },
      { ...base, actor: "x:1", seq: 0, kind: "start" as const, value: "s0", context: { n: 1 } },
      { ...base, actor: "x:2", seq: 1, kind: "start" as const, value: "t0", context: {} },
      {
        ...base,
        actor: "x:1",
        seq: 1,
        kind: "event" as const,
        event: { type: "a" },
        value: "s1",
        taken: false,
      },
    ];
    for (const r of records) expect(inspectionRecordSchema.safeParse(r).success).toBe(true);
    expect(traceOf(records, "payouts-list", "x:1")).toMatchObject({
      machine: "payoutsList",
      start: { value: "s0", context: { n: 1 } },
      steps: [
        { event: { type: "a" }, value: "s1", taken: false },
        { event: { type: "b" }, value: "s2", taken: true },
      ],
    });
    expect(traceOf(records, "payouts-list", "x:9")).toBeNull();
  });
});

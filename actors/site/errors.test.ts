import { describe, expect, it } from "vitest";
import { ChunkLoadError } from "../../protocol/site/errors.ts";
import { createErrorReporter, type SiteErrorReport } from "./errors.ts";

function setup() {
  let now = 0;
  const sent: SiteErrorReport[] = [];
  const reporter = createErrorReporter({ now: () => now, send: (r) => sent.push(r) });
  return { reporter, sent, tick: (ms: number) => (now += ms) };
}

describe("error reporter (SPEC.md §8–§9)", () => {
  it("reports a chunk failure as Loading chunk {id} failed, owner accounts_ui", () => {
    const { reporter, sent } = setup();
    reporter.report(new ChunkLoadError("payouts-list"), { componentName: "payouts" });
    expect(sent[0]).toMatchObject({
      error: { name: "ChunkLoadError", message: "Loading chunk payouts-list failed" },
      owner: "accounts_ui",
      level: "error",
      componentName: "payouts",
    });
  });

  it("sends the same error once per page", () => {
    const { reporter, sent } = setup();
    expect(reporter.report(new TypeError("x"))).toBe(true);
    expect(reporter.report(new TypeError("x"))).toBe(false);
    expect(sent).toHaveLength(1);
    expect(reporter.suppressed()).toBe(1);
  });

  it("sends at most 10 reports a minute", () => {
    const { reporter, sent, tick } = setup();
    for (let i = 0; i < 15; i++) reporter.report(new Error(`e${i}`));
    expect(sent).toHaveLength(10);
    tick(60_000);
    expect(reporter.report(new Error("later"))).toBe(true);
  });

  it("never carries a key or personal data", () => {
    const { reporter, sent } = setup();
    reporter.report(new Error("failed for jane@example.com with ek_test_abcdefgh12345678"), {
      tags: { phone: "+1 415 555 0100", note: "card 4242424242424242" },
    });
    const json = JSON.stringify(sent);
    for (const leak of ["jane@example.com", "ek_test_abcdefgh", "555 0100", "4242424242424242"])
      expect(json).not.toContain(leak);
  });
});

import { describe, expect, it } from "vitest";
import {
  type ConsentEmitted,
  type ConsentEvent,
  type ConsentInput,
  consentMachine,
} from "../../machines/site/consent.machine.ts";
import {
  allowedCategories,
  type ConsentAllowance,
  type ConsentRecord,
  consentRecordOf,
} from "../../protocol/site/consent.ts";
import { coveringPaths, type MachineModel, replay } from "./harness.ts";

/**
 * The consent manager (SPEC.md §1, §9; issue 16 item 1), walked through its graph from each
 * starting cookie: the enforcement mode answers (restricted, functional, open), fails, or
 * does not answer within 1 s; the cookie read every 100 ms brings another tab's choice (none,
 * functional allowed, everything refused); the person chooses here. After every step the
 * page's allowance is the policy's for the mode and the record, a category lost is purged,
 * and a change is announced exactly when the allowance changed.
 */

const granted = consentRecordOf({ functional: true }, 1_000);
const refused = consentRecordOf({}, 2_000);
const chosenAll = consentRecordOf({ functional: true, advertising: true }, 3_000);

const RECORDS: { label: string; record: ConsentRecord | null }[] = [
  { label: "no choice", record: null },
  { label: "functional granted", record: granted },
  { label: "all refused", record: refused },
];

const modelFor = (input: ConsentInput): MachineModel<typeof consentMachine> => ({
  machine: consentMachine,
  input,
  events: {
    "mode.answered": [
      { type: "mode.answered", mode: "restricted" },
      { type: "mode.answered", mode: "functional" },
      { type: "mode.answered", mode: "open" },
    ],
    "cookie.read": RECORDS.map(({ record }) => ({ type: "cookie.read" as const, record })),
    "consent.choose": [
      { type: "consent.choose", record: chosenAll },
      { type: "consent.choose", record: refused },
    ],
  },
  describeEvent: (event) => {
    const e = event as ConsentEvent;
    if (e.type === "mode.answered") return `mode ${e.mode}`;
    if (e.type === "mode.failed") return "mode lookup fails";
    if (e.type === "cookie.read")
      return `other tab: ${RECORDS.find((r) => r.record === e.record)?.label}`;
    return `chooses ${e.record === chosenAll ? "everything" : "nothing"}`;
  },
});

const cases = RECORDS.flatMap(({ label, record }) =>
  coveringPaths(modelFor({ record }), { maxDepth: 3 }).map((path) => ({
    name: `cookie ${label}: ${path.name}`,
    input: { record },
    path,
  })),
);

const lostBetween = (before: ConsentAllowance, after: ConsentAllowance) =>
  (["functional", "advertising"] as const).filter((c) => before[c] && !after[c]);

describe("consent manager, model-based", () => {
  it("walks the timeout, every mode, other tabs' choices and the person's own", () => {
    const walked = new Set(cases.flatMap((c) => c.path.steps.map((s) => s.label)));
    for (const label of [
      "after modeTimeout",
      "after poll",
      "mode restricted",
      "mode functional",
      "mode open",
      "mode lookup fails",
      "other tab: functional granted",
      "other tab: all refused",
      "other tab: no choice",
      "chooses everything",
      "chooses nothing",
    ])
      expect(walked).toContain(label);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, { input, path }) => {
    const run = replay(modelFor(input), path);
    // The mode is asked for once, at the start, and the page starts restricted.
    expect(run.initialEffects).toEqual([{ type: "mode.fetch" }]);
    let allowed = allowedCategories("restricted", input.record);
    let timedOut = false;
    let record = input.record;
    for (const step of run.steps) {
      const { context } = step.snapshot;
      const event = step.event as ConsentEvent | { type: string };
      // The allowance is always the policy's for what the machine holds.
      expect(context.allowed).toEqual(allowedCategories(context.mode, context.record));
      if (event.type === "xstate.after.modeTimeout.consent.resolving") timedOut = true;
      // A mode that did not answer within 1 s leaves the page restricted for good.
      if (timedOut) expect(context.mode).toBe("restricted");
      // Authentication and essential are never refused.
      expect(context.allowed.authentication && context.allowed.essential).toBe(true);
      // In restricted mode nothing functional is allowed unless the person allowed it.
      if (context.mode === "restricted")
        expect(context.allowed.functional).toBe(context.record?.functional === true);
      const lost = lostBetween(allowed, context.allowed);
      const changed = JSON.stringify(allowed) !== JSON.stringify(context.allowed);
      const expected: ConsentEmitted[] = [
        ...(lost.length > 0 ? [{ type: "storage.purge" as const, categories: lost }] : []),
        ...(changed ? [{ type: "consent.changed" as const, allowed: context.allowed }] : []),
      ];
      if (event.type.startsWith("xstate.after.poll")) expected.unshift({ type: "cookie.poll" });
      // A choice made here that differs from the cookie's is persisted (cookie and provider).
      if (event.type === "consent.choose" && "record" in event && event.record !== record)
        expected.push({ type: "consent.persist", record: event.record });
      expect(step.effects).toEqual(expected);
      allowed = context.allowed;
      record = context.record;
    }
  });
});

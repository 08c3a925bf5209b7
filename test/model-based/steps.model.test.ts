import { describe, expect, it } from "vitest";
import {
  type StepsEmitted,
  type StepsEvent,
  stepsMachine,
} from "../../machines/components/steps/steps.machine.ts";
import {
  allComplete,
  deriveSteps,
  firstIncomplete,
  resumeIndex,
  type Step,
} from "../../machines/components/steps/steps.ts";
import { coveringPaths, type MachineModel, replay } from "./harness.ts";

/**
 * The kit's step machine walked through its graph: a flow of three steps (the middle one
 * already satisfied by the data), the person going next, back, to a step by name, saving for
 * later and resuming, and the data changing under it (a step dropped, everything satisfied,
 * a step due again). Every path checks the machine's promises: the step shown exists and no
 * unfinished step lies before it; `step.changed` fires exactly when the step shown changes,
 * naming it and the one before; the flow is complete exactly when every step is done, and
 * says so once; a saved flow resumes where it was left.
 */

type Machine = typeof stepsMachine;

const START: Step[] = [
  { id: "details", complete: false },
  { id: "document", complete: true },
  { id: "terms", complete: false },
];
const UPDATES: { label: string; steps: Step[] }[] = [
  {
    label: "document no longer needed",
    steps: [
      { id: "details", complete: false },
      { id: "terms", complete: false },
    ],
  },
  {
    label: "everything satisfied",
    steps: START.map((step) => ({ ...step, complete: true })),
  },
  {
    label: "document due again",
    steps: [
      { id: "details", complete: true },
      { id: "document", complete: false },
      { id: "terms", complete: true },
    ],
  },
];

const model: MachineModel<Machine> = {
  machine: stepsMachine,
  input: { steps: START },
  events: {
    goto: START.map((step) => ({ type: "goto" as const, step: step.id })),
    "steps.update": UPDATES.map(({ steps }) => ({ type: "steps.update" as const, steps })),
  },
  describeEvent: (event) => {
    const e = event as StepsEvent;
    if (e.type === "goto") return `go to ${e.step}`;
    if (e.type === "steps.update")
      return `data: ${UPDATES.find((u) => u.steps === e.steps)?.label ?? "?"}`;
    return e.type;
  },
};

const paths = coveringPaths(model, { maxDepth: 5, dedupe: true });
const shownOf = (steps: readonly Step[], current: number) => steps[current]?.id ?? null;

describe("the step machine, model-based", () => {
  it("walks every move, a save and a resume, and every change of the data", () => {
    const walked = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of [
      "next",
      "back",
      "save",
      "resume",
      ...START.map((s) => `go to ${s.id}`),
      ...UPDATES.map((u) => `data: ${u.label}`),
    ])
      expect(walked).toContain(label);
    for (const state of ["active", "saved", "complete"])
      expect(paths.map((p) => p.target.value)).toContain(state);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", (_name, path) => {
    const run = replay(model, path);
    expect(run.initialEffects).toEqual([]);
    let before = { steps: START as readonly Step[], current: 0, value: "active" as unknown };
    let savedAt: string | null = null;
    for (const step of run.steps) {
      const { context, value } = step.snapshot;
      const effects = step.effects as StepsEmitted[];
      const shown = shownOf(context.steps, context.current);
      const wasShown = shownOf(before.steps, before.current);
      // The step shown exists; nothing unfinished is skipped while the flow is open.
      if (context.steps.length > 0) expect(shown).not.toBeNull();
      const open = firstIncomplete(context.steps);
      if (value === "active") expect(context.current).toBeLessThanOrEqual(open);
      // Complete exactly when every step is done; said once, on arrival.
      expect(value === "complete").toBe(value !== "saved" && allComplete(context.steps));
      const completed = effects.filter((e) => e.type === "steps.completed");
      expect(completed.length).toBe(value === "complete" && before.value !== "complete" ? 1 : 0);
      // step.changed exactly when the step shown changes (a saved flow shows nothing).
      const changed = effects.filter((e) => e.type === "step.changed");
      if (value === "saved") expect(changed).toEqual([]);
      else if (before.value !== "saved" && shown !== wasShown)
        expect(changed).toEqual([{ type: "step.changed", step: shown, previous: wasShown }]);
      else if (before.value !== "saved") expect(changed).toEqual([]);
      const event = step.event as StepsEvent;
      if (event.type === "save") {
        savedAt = wasShown;
        expect(effects).toContainEqual({ type: "steps.saved", step: wasShown });
        expect(context.savedAt).toBe(wasShown);
      }
      if (event.type === "resume") {
        // Back where it was left, unless the data moved the place on.
        expect(context.current).toBe(resumeIndex(context.steps, savedAt));
        expect(context.savedAt).toBeNull();
      }
      if (event.type === "next" && before.value === "active") {
        // The step shown is done, and only data or `next` ever marks one done.
        expect(context.steps[before.current]?.complete).toBe(true);
      }
      if (event.type === "back" && before.value === "active" && before.current > 0)
        expect(context.current).toBe(before.current - 1);
      before = { steps: context.steps, current: context.current, value };
    }
  });
});

describe("steps derived from data", () => {
  interface Account {
    due: string[];
    collectsBank: boolean;
  }
  const specs = [
    { id: "details", complete: (a: Account) => !a.due.includes("individual.dob.day") },
    {
      id: "bank",
      applies: (a: Account) => a.collectsBank,
      complete: (a: Account) => !a.due.includes("external_account"),
    },
    { id: "terms", complete: (a: Account) => !a.due.includes("tos_acceptance.date") },
  ];

  it("keeps the steps that apply, in order, each done when the data satisfies it", () => {
    expect(
      deriveSteps(specs, { due: ["external_account", "tos_acceptance.date"], collectsBank: true }),
    ).toEqual([
      { id: "details", complete: true },
      { id: "bank", complete: false },
      { id: "terms", complete: false },
    ]);
    expect(deriveSteps(specs, { due: [], collectsBank: false }).map((s) => s.id)).toEqual([
      "details",
      "terms",
    ]);
  });

  it("resumes at a saved step only when nothing unfinished lies before it", () => {
    const steps = deriveSteps(specs, { due: ["individual.dob.day"], collectsBank: true });
    expect(resumeIndex(steps, "terms")).toBe(0);
    expect(resumeIndex(steps, "unknown")).toBe(0);
    const later = deriveSteps(specs, { due: ["tos_acceptance.date"], collectsBank: true });
    expect(resumeIndex(later, "bank")).toBe(1);
    expect(resumeIndex(later, null)).toBe(2);
    expect(resumeIndex([], null)).toBe(0);
  });
});

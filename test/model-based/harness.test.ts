import { describe, expect, it } from "vitest";
import { assign, emit, setup } from "xstate";
import { type MachineModel, replay, shortestPaths, simplePaths } from "./harness.ts";

/** A door that locks itself: timers, a guard on payload, effects, a final state. */
const door = setup({
  types: {
    context: {} as { code: string; tries: number },
    input: {} as { code: string },
    events: {} as
      | { type: "door.open" }
      | { type: "door.unlock"; code: string }
      | { type: "door.break" },
    emitted: {} as { type: "beep" } | { type: "alarm"; tries: number },
  },
  actions: {
    beep: emit({ type: "beep" }),
    countTry: assign({ tries: ({ context }) => context.tries + 1 }),
    alarm: emit(({ context }) => ({ type: "alarm" as const, tries: context.tries })),
  },
  guards: {
    rightCode: ({ context, event }) => event.type === "door.unlock" && event.code === context.code,
    tooManyTries: ({ context }) => context.tries >= 2,
  },
  delays: { autoLock: 5000, alarmDelay: 8000 },
}).createMachine({
  id: "door",
  context: ({ input }) => ({ code: input.code, tries: 0 }),
  initial: "locked",
  states: {
    locked: {
      on: {
        "door.unlock": [
          { guard: "rightCode", target: "unlocked", actions: "beep" },
          { actions: "countTry" },
        ],
      },
      always: { guard: "tooManyTries", target: "alarmed" },
    },
    unlocked: {
      on: { "door.open": "open" },
      after: { autoLock: { target: "locked", actions: "beep" }, alarmDelay: "alarmed" },
    },
    open: { on: { "door.break": "broken" } },
    alarmed: { entry: "alarm", type: "final" },
    broken: { type: "final" },
  },
});

const model: MachineModel<typeof door> = {
  machine: door,
  input: { code: "1234" },
  events: {
    "door.unlock": [
      { type: "door.unlock", code: "1234" },
      { type: "door.unlock", code: "0000" },
    ],
  },
  describeEvent: (e) => (e.type === "door.unlock" ? `unlock ${e.code}` : e.type.slice(5)),
};

describe("model-based harness", () => {
  it("names each path by the events it walked, timers by their delay name", () => {
    const names = shortestPaths(model).map((p) => p.name);
    expect(names).toContain("(initial state)");
    expect(names).toContain("unlock 1234");
    expect(names).toContain("unlock 1234 → open → break");
    expect(names).toContain("unlock 0000 → unlock 0000");
  });

  it("offers only the soonest timer: a later one cannot fire first", () => {
    const names = shortestPaths(model, { everyTransition: true }).map((p) => p.name);
    expect(names).toContain("unlock 1234 → after autoLock");
    expect(names.some((n) => n.includes("alarmDelay"))).toBe(false);
  });

  it("replays a timer step by moving the simulated clock, and the real timer fires", () => {
    const path = shortestPaths(model, { everyTransition: true }).find(
      (p) => p.name === "unlock 1234 → after autoLock",
    );
    expect(path).toBeDefined();
    const run = replay(model, path!);
    expect(run.clock.now()).toBe(5000);
    expect(run.snapshot.value).toBe("locked");
    expect(run.steps.map((s) => s.effects)).toEqual([[{ type: "beep" }], [{ type: "beep" }]]);
  });

  it("collects the effects of every step, start included", () => {
    const path = shortestPaths(model).find((p) => p.name === "unlock 0000 → unlock 0000");
    const run = replay(model, path!);
    expect(run.initialEffects).toEqual([]);
    expect(run.effects).toEqual([{ type: "alarm", tries: 2 }]);
    expect(run.snapshot.status).toBe("done");
  });

  it("fails a replay, naming the step, when the actor does not reach the predicted state", () => {
    const path = shortestPaths(model).find((p) => p.name === "unlock 1234 → open");
    // The same path against a door with another code: the first step stays locked.
    const other = { ...model, input: { code: "9999" } };
    expect(() => replay(other, path!)).toThrow(/step 1 \(unlock 1234\)/);
  });

  it("fails a replay that ends elsewhere than the path's target, even with no step", () => {
    const initial = shortestPaths(model).find((p) => p.name === "(initial state)");
    expect(() => replay(model, initial!)).not.toThrow();
    expect(() => replay({ ...model, input: { code: "9999" } }, initial!)).toThrow(
      /not in the path's target/,
    );
  });

  it("bounds paths by depth and by target state", () => {
    const deep = simplePaths(model, { maxDepth: 2 });
    expect(Math.max(...deep.map((p) => p.steps.length))).toBe(2);
    // Two states are "broken": with no wrong try before, and with one.
    const toBroken = shortestPaths(model, { toState: (s) => s.matches("broken") });
    expect(toBroken.map((p) => p.name)).toEqual([
      "unlock 1234 → open → break",
      "unlock 0000 → unlock 1234 → open → break",
    ]);
  });

  it("with everyTransition, walks transitions that keep the state too", () => {
    const byState = shortestPaths(model).length;
    const byTransition = shortestPaths(model, { everyTransition: true });
    expect(byTransition.length).toBeGreaterThan(byState);
    expect(byTransition.map((p) => p.name)).toContain("unlock 1234 → after autoLock");
  });

  it("drops paths that are a prefix of a longer one when asked", () => {
    const all = simplePaths(model, { maxDepth: 4 });
    const deduped = simplePaths(model, { maxDepth: 4, dedupe: true });
    expect(deduped.length).toBeLessThan(all.length);
    for (const p of all.filter((p) => p.steps.length > 0)) {
      expect(deduped.some((d) => d.name === p.name || d.name.startsWith(`${p.name} → `))).toBe(
        true,
      );
    }
  });
});

import { describe, expect, it } from "vitest";
import { and, assign, createMachine, emit, fromPromise, not, setup } from "xstate";
import { toMermaid } from "./diagram.ts";

const lamp = setup({
  types: {} as { events: { type: "switch.on" } | { type: "switch.off" } | { type: "bulb.break" } },
  guards: { hasPower: () => true, isBroken: () => false },
  actions: { light: emit({ type: "lit" }), log: () => {} },
  delays: { cooldown: 300 },
  actors: { checkBulb: fromPromise(async () => true) },
}).createMachine({
  id: "lamp",
  initial: "off",
  states: {
    off: {
      on: {
        "switch.on": { target: "on", guard: and(["hasPower", not("isBroken")]), actions: "light" },
        "switch.off": { actions: ["log", assign({})] },
      },
    },
    on: {
      entry: "light",
      exit: "log",
      initial: "dim",
      states: {
        dim: { after: { cooldown: "bright", 1000: "#lamp.off" } },
        bright: { always: { target: "done", guard: "isBroken" } },
        done: { type: "final" },
      },
      on: { "switch.off": "off" },
      onDone: "broken",
    },
    broken: {
      invoke: { src: "checkBulb", id: "check", onDone: "off", onError: "gone" },
    },
    gone: { type: "final" },
  },
});

const lines = (text: string) => text.split("\n").map((line) => line.trim());

describe("toMermaid", () => {
  it("writes a stateDiagram-v2 with the initial state and every final state", () => {
    const text = lines(toMermaid(lamp));
    expect(text[0]).toBe("stateDiagram-v2");
    expect(text).toContain("[*] --> off");
    expect(text).toContain("[*] --> on__dim");
    expect(text).toContain("gone --> [*]");
    expect(text).toContain("on__done --> [*]");
  });

  it("draws a compound state as a block holding its children and their transitions", () => {
    const text = toMermaid(lamp);
    const block = text.slice(
      text.indexOf("state on {"),
      text.indexOf("}", text.indexOf("state on {")),
    );
    expect(block).toContain("[*] --> on__dim");
    expect(block).toContain("on__dim --> on__bright : after cooldown");
    expect(block).toContain("on__bright --> on__done : always [isBroken]");
    // A transition that leaves the block is drawn outside it.
    expect(block).not.toContain("on__dim --> off");
    expect(text).toContain("on__dim --> off : after 1000ms");
  });

  it("labels every transition with its event, its guard and its actions", () => {
    const text = lines(toMermaid(lamp));
    expect(text).toContain("off --> on : switch.on [and(hasPower, not(isBroken))] / light");
    expect(text).toContain("on --> off : switch.off");
    expect(text).toContain("on --> broken : onDone");
  });

  it("draws a transition without target as a self-loop", () => {
    expect(lines(toMermaid(lamp))).toContain("off --> off : switch.off / log, assign");
  });

  it("notes entry and exit actions and invoked actors on their state", () => {
    const text = lines(toMermaid(lamp));
    expect(text).toContain('state "on · entry / light · exit / log" as on');
    expect(text).toContain("broken : invoke checkBulb (check)");
    expect(text).toContain("broken --> off : onDone checkBulb");
    expect(text).toContain("broken --> gone : onError checkBulb");
    // The timers XState adds for `after` are not actions anyone wrote.
    expect(text.join("\n")).not.toContain("cancel");
    expect(text.join("\n")).not.toContain("raise");
  });

  it("separates the regions of a parallel state with --", () => {
    const machine = createMachine({
      id: "player",
      type: "parallel",
      states: {
        sound: { initial: "muted", states: { muted: { on: { unmute: "loud" } }, loud: {} } },
        video: { initial: "paused", states: { paused: { on: { play: "playing" } }, playing: {} } },
      },
    });
    const text = toMermaid(machine);
    expect(text).toContain('state "player (parallel)" as root');
    const body = lines(text.slice(text.indexOf("state root {")));
    const separator = body.indexOf("--");
    expect(separator).toBeGreaterThan(body.indexOf("state sound {"));
    expect(separator).toBeLessThan(body.indexOf("state video {"));
    expect(body).toContain("sound__muted --> sound__loud : unmute");
    expect(body).toContain("video__paused --> video__playing : play");
  });

  it("draws an arrow between states of different blocks at the top, where it moves no state", () => {
    const machine = createMachine({
      id: "m",
      initial: "a",
      states: {
        a: { initial: "x", states: { x: { on: { go: "#m.b.y", stay: "z" } }, z: {} } },
        b: { initial: "y", states: { y: {} } },
      },
    });
    const raw = toMermaid(machine).split("\n");
    expect(raw).toContain("  a__x --> b__y : go");
    expect(raw).toContain("    a__x --> a__z : stay");
  });

  it("gives every state a unique id that Mermaid accepts", () => {
    const machine = createMachine({
      initial: "end",
      states: {
        end: { on: { go: "a-b" } },
        "a-b": { on: { go: "a_b" } },
        a_b: { on: { go: "state" } },
        state: {},
      },
    });
    const text = lines(toMermaid(machine));
    expect(text).toContain("[*] --> s_end");
    expect(text).toContain("s_end --> a_b : go");
    expect(text).toContain("a_b --> a_b_2 : go");
    expect(text).toContain("a_b_2 --> s_state : go");
    expect(text).toContain('state "a-b" as a_b');
  });

  it("is deterministic, and a changed transition changes the text", () => {
    expect(toMermaid(lamp)).toBe(toMermaid(lamp));
    const changed = lamp.provide({});
    expect(toMermaid(changed)).toBe(toMermaid(lamp));
    const other = createMachine({ initial: "a", states: { a: { on: { go: "b" } }, b: {} } });
    const moved = createMachine({ initial: "a", states: { a: { on: { go: "a" } }, b: {} } });
    expect(toMermaid(other)).not.toBe(toMermaid(moved));
  });
});

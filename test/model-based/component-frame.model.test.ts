import { describe, expect, it } from "vitest";
import {
  type ComponentFrameEmitted,
  type ComponentFrameEvent,
  type ComponentFrameInput,
  componentFrameMachine,
  unknownComponentText,
} from "../../machines/components/component-frame.machine.ts";
import { getDefinition } from "../../protocol/catalogue/index.ts";
import { coveringPaths, type MachineModel, replay } from "./harness.ts";

/**
 * The component frame lifecycle walked through its graph for each kind of component (not in
 * the catalogue, in the catalogue without a view, with a view), checking on every path the
 * rules of issue 5 item 4: loader start first and once, at most one load error and only as
 * the last word, the catalogue's text in it, and a session expiry only after a ready view.
 */

type Machine = typeof componentFrameMachine;

const payoutsText = getDefinition("payouts").errorText;
const INPUTS: { label: string; input: ComponentFrameInput }[] = [
  { label: "unknown", input: { component: "nope", errorText: null, viewAvailable: false } },
  {
    label: "without a view",
    input: { component: "payouts", errorText: payoutsText, viewAvailable: false },
  },
  {
    label: "with a view",
    input: { component: "payouts", errorText: payoutsText, viewAvailable: true },
  },
  {
    label: "refused by the internal gate",
    input: {
      component: "payouts",
      errorText: payoutsText,
      viewAvailable: true,
      internalRefused: true,
    },
  },
];

const modelFor = (input: ComponentFrameInput): MachineModel<Machine> => ({
  machine: componentFrameMachine,
  input,
  events: {
    "auth.changed": [
      { type: "auth.changed", authenticated: true },
      { type: "auth.changed", authenticated: false },
    ],
    "links.failed": [{ type: "links.failed", message: "no data-layer frame" }],
    "view.failed": [{ type: "view.failed", message: "Loading chunk 7 failed" }],
    "view.error": [{ type: "view.error", message: "HTTP status code: 500" }],
  },
  describeEvent: (event) => {
    const e = event as ComponentFrameEvent;
    return e.type === "auth.changed"
      ? `auth ${e.authenticated ? "authenticated" : "unauthenticated"}`
      : e.type;
  },
});

const cases = INPUTS.flatMap(({ label, input }) => {
  const model = modelFor(input);
  return coveringPaths(model, { maxDepth: 5 }).map((path) => ({
    name: `${label}: ${path.name}`,
    model,
    path,
  }));
});

describe("component frame lifecycle, model-based", () => {
  it("reaches every state", () => {
    const reached = new Set(cases.map((c) => String(c.path.target.value)));
    for (const state of ["connecting", "loading", "ready", "sessionExpired", "error"])
      expect(reached).toContain(state);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, { model, path }) => {
    const run = replay(model, path);
    const effects: ComponentFrameEmitted[] = run.effects;
    expect(run.initialEffects[0]).toEqual({ type: "loader.start" });
    expect(effects.filter((e) => e.type === "loader.start")).toHaveLength(1);

    const errors = effects.filter((e) => e.type === "load.error");
    const final = run.snapshot.value === "error";
    expect(errors).toHaveLength(final ? 1 : 0);
    if (final) {
      expect(effects.at(-1)?.type).toBe("load.error");
      expect(errors[0]?.error.message).toBe(model.input.errorText ?? unknownComponentText);
    }
    if (model.input.errorText === null) expect(errors[0]?.error.name).toBe("unknown_component");
    else if (model.input.internalRefused)
      expect(errors[0]?.error.name).toBe("internal_not_allowed");
    else if (!model.input.viewAvailable)
      expect(errors[0]?.error.name).toBe("component_unavailable");

    // A session can only expire in a component that was ready.
    const values = run.steps.map((s) => s.snapshot.value);
    const firstExpired = values.indexOf("sessionExpired");
    if (firstExpired >= 0) expect(values.slice(0, firstExpired)).toContain("ready");
    expect(effects.filter((e) => e.type === "session.expired").length).toBe(
      run.steps.filter((s, i) => {
        const before = i === 0 ? "connecting" : run.steps[i - 1]?.snapshot.value;
        return s.snapshot.value === "sessionExpired" && before !== "sessionExpired";
      }).length,
    );
  });
});

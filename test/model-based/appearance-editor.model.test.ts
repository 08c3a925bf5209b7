import { describe, expect, it } from "vitest";
import {
  type AppearanceEditorEvent,
  appearanceEditorMachine,
  editorState,
} from "../../machines/components/debug-ui-config/appearance-editor.machine.ts";
import { validateAppearance } from "../../protocol/appearance.schema.ts";
import { DONE, ERROR, FakeCalls, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * The UI config playground's editor walked through its graph: values typed valid and not,
 * in every theme's values and the dark ones, reset one by one and all at once, a bad
 * variable name, the theme chosen, the export copied (the browser allowing it or not).
 * On every path: the appearance holds exactly the values of their kind that were typed
 * last, and `validateAppearance` accepts all of it; a value not of its kind is an error on
 * its variable and never in the appearance; a copy copies the export as it is at that
 * moment; an edit after a copy makes the copy stale.
 */

type Machine = typeof appearanceEditorMachine;
const COPY = appearanceEditorMachine.getStateNodeById("appearanceEditor.export.copying").invoke[0]
  ?.id;
if (!COPY) throw new Error("the copying state invokes nothing");

const edits: AppearanceEditorEvent[] = [
  { type: "variable.change", name: "colorPrimary", value: "#0f766e" },
  { type: "variable.change", name: "colorPrimary", value: "nonsense" },
  { type: "variable.change", name: "colourPrimary", value: "#000000" },
];

const model: MachineModel<Machine> = {
  machine: appearanceEditorMachine,
  input: { preview: "payouts-list" },
  events: {
    "variable.change": edits as never,
    "variable.reset": [{ type: "variable.reset", name: "colorPrimary" }],
    "scheme.choose": [{ type: "scheme.choose", scheme: "dark" }],
    "theme.choose": [{ type: "theme.choose", theme: "dark" }],
    "preview.choose": [{ type: "preview.choose", component: "payments" }],
    [`${DONE}${COPY}`]: [{ type: `${DONE}${COPY}` }],
    [`${ERROR}${COPY}`]: [{ type: `${ERROR}${COPY}`, error: new Error("NotAllowedError") }],
  } as MachineModel<Machine>["events"],
  // Which variables each scheme holds and whether each is of its kind: not the values.
  distinguish: (snapshot) => {
    const { context } = snapshot;
    const held = (scheme: "light" | "dark") =>
      Object.entries(context.entries[scheme])
        .map(([name, value]) => `${name}:${value === "nonsense" ? "bad" : "ok"}`)
        .sort()
        .join(",");
    return [snapshot.value, context.scheme, context.theme, held("light"), held("dark")];
  },
};

const paths = coveringPaths(model, { maxDepth: 2, dedupe: true });

describe("the appearance editor, model-based", () => {
  it("walks valid and invalid values, both schemes, resets, the theme and both ends of a copy", () => {
    const walked = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const type of [
      "variable.change",
      "variable.reset",
      "reset.all",
      "scheme.choose",
      "theme.choose",
      "export.copy",
      `${DONE}${COPY}`,
      `${ERROR}${COPY}`,
    ])
      expect(walked).toContain(type);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    const calls = new FakeCalls();
    const machine = appearanceEditorMachine.provide({
      actors: { copyText: calls.logic<void, { text: string }>("copyText", () => {}) },
    });
    const run = await replayWithCalls(machine, { preview: "payouts-list" }, path, calls);
    // What was typed last per scheme and variable, followed independently of the machine.
    const typed = { light: new Map<string, string>(), dark: new Map<string, string>() };
    let scheme: "light" | "dark" = "light";
    try {
      for (const step of run.steps) {
        const event = step.event as AppearanceEditorEvent;
        const { context } = step.snapshot;
        if (event.type === "scheme.choose") scheme = event.scheme;
        if (event.type === "variable.change" && event.name !== "colourPrimary")
          typed[scheme].set(event.name, event.value);
        if (event.type === "variable.reset") typed[scheme].delete(event.name);
        if (event.type === "reset.all") {
          typed.light.clear();
          typed.dark.clear();
        }
        const state = editorState(context);
        // Every value in the appearance is accepted as it is: nothing for the frame to drop.
        expect(validateAppearance(state.appearance).warnings).toEqual([]);
        // Exactly the values of their kind typed last, per scheme.
        const kept = (m: Map<string, string>) =>
          Object.fromEntries([...m].filter(([, value]) => value !== "nonsense"));
        expect(state.appearance.variables ?? {}).toEqual(kept(typed.light));
        expect(state.appearance.darkVariables ?? {}).toEqual(kept(typed.dark));
        // A value not of its kind is the error of its variable, in the scheme edited.
        expect(state.errors).toEqual(
          typed[scheme].get("colorPrimary") === "nonsense" ? { colorPrimary: "colour" } : {},
        );
        expect(JSON.parse(state.exported)).toEqual(state.appearance);
        if (event.type === "export.copy")
          expect(step.started.map((c) => c.input)).toEqual([{ text: state.exported }]);
        if (event.type.startsWith(DONE))
          expect(step.snapshot.matches({ export: "copied" })).toBe(true);
        if (event.type.startsWith(ERROR))
          expect(step.snapshot.matches({ export: "copyFailed" })).toBe(true);
        if (["variable.change", "variable.reset", "reset.all", "theme.choose"].includes(event.type))
          expect(step.snapshot.matches({ export: "idle" })).toBe(true);
      }
    } finally {
      run.actor.stop();
    }
  });
});

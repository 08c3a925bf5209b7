import { assign, fromPromise, setup } from "xstate";
import {
  type AppearanceOption,
  checkThemeVariable,
  isVariableName,
  type ThemeMode,
  type ThemeVariableName,
  type VariableKind,
} from "../../../protocol/appearance.schema.ts";

/**
 * The appearance playground of the internal `debug-ui-config` tool: an engineer edits theme
 * variables, sees them on the built components, and copies the `appearance` object out.
 *
 * Two regions run side by side:
 *
 * - `edit` (always `editing`): `variable.change` keeps what was typed for one variable in the
 *   scheme being edited (`variables`, which apply in both themes, or `darkVariables`, on top
 *   of them in the dark one); an empty value or `variable.reset` removes it, `reset.all` every
 *   one. `theme.choose` picks the `theme` option, `scheme.choose` which values the controls
 *   edit, `preview.choose` the component shown. A value that is not of its variable's kind is
 *   kept (the person is still typing) but left out of the appearance and shown as an error
 *   (`editorState`): the appearance only ever holds values `validateAppearance` accepts.
 * - `export`: `export.copy` runs the `copyText` actor with the appearance as JSON →
 *   `copied`, or `copyFailed` when the browser refused (the view then selects the text for
 *   the person to copy). Any edit makes what was copied stale: back to `idle`.
 */

export type EditedScheme = "light" | "dark";
type Entries = Partial<Record<ThemeVariableName, string>>;

export interface AppearanceEditorContext {
  theme: ThemeMode;
  /** Which values the controls edit: every theme's (`variables`) or the dark one's. */
  scheme: EditedScheme;
  /** What was typed, per scheme, by variable (never empty strings). */
  entries: Record<EditedScheme, Entries>;
  /** The component the preview shows, by catalogue name. */
  preview: string | null;
}

export interface AppearanceEditorInput {
  preview: string | null;
}

export type AppearanceEditorEvent =
  | { type: "variable.change"; name: string; value: string }
  | { type: "variable.reset"; name: string }
  | { type: "reset.all" }
  | { type: "theme.choose"; theme: ThemeMode }
  | { type: "scheme.choose"; scheme: EditedScheme }
  | { type: "preview.choose"; component: string }
  | { type: "export.copy" };

/** What the controls and the preview show for a context. */
export interface EditorState {
  /** The appearance of every accepted value: what the preview applies and the export holds. */
  appearance: AppearanceOption;
  /** The variables of the edited scheme whose typed value is not of their kind. */
  errors: Partial<Record<ThemeVariableName, VariableKind>>;
  /** The appearance as the export shows it (JSON, which is also a JavaScript object literal). */
  exported: string;
}

function accepted(entries: Entries): Partial<Record<ThemeVariableName, string>> {
  const out: Partial<Record<ThemeVariableName, string>> = {};
  for (const [name, value] of Object.entries(entries) as [ThemeVariableName, string][]) {
    const check = checkThemeVariable(name, value);
    if (check.ok) out[name] = check.css;
  }
  return out;
}

/** The appearance, errors and export text of a context (pure; the view derives them). */
export function editorState(context: AppearanceEditorContext): EditorState {
  const variables = accepted(context.entries.light);
  const darkVariables = accepted(context.entries.dark);
  const appearance: AppearanceOption = {
    theme: context.theme,
    ...(Object.keys(variables).length > 0 ? { variables } : {}),
    ...(Object.keys(darkVariables).length > 0 ? { darkVariables } : {}),
  };
  const errors: EditorState["errors"] = {};
  for (const [name, value] of Object.entries(context.entries[context.scheme]) as [
    ThemeVariableName,
    string,
  ][]) {
    const check = checkThemeVariable(name, value);
    if (!check.ok) errors[name] = check.kind;
  }
  return { appearance, errors, exported: JSON.stringify(appearance, null, 2) };
}

const withEntry = (
  context: AppearanceEditorContext,
  name: ThemeVariableName,
  value: string | null,
): AppearanceEditorContext["entries"] => {
  const scheme = { ...context.entries[context.scheme] };
  if (value === null || value.trim() === "") delete scheme[name];
  else scheme[name] = value;
  return { ...context.entries, [context.scheme]: scheme };
};

export const appearanceEditorMachine = setup({
  types: {
    context: {} as AppearanceEditorContext,
    events: {} as AppearanceEditorEvent,
    input: {} as AppearanceEditorInput,
  },
  actors: {
    copyText: fromPromise<void, { text: string }>(async () => {
      throw new Error("copyText is provided by the frame (actors/components/)");
    }),
  },
  guards: {
    isVariable: (_, name: string) => isVariableName(name),
  },
  actions: {
    change: assign({
      entries: ({ context }, p: { name: string; value: string | null }) =>
        withEntry(context, p.name as ThemeVariableName, p.value),
    }),
  },
}).createMachine({
  id: "appearanceEditor",
  type: "parallel",
  context: ({ input }) => ({
    theme: "light",
    scheme: "light",
    entries: { light: {}, dark: {} },
    preview: input.preview,
  }),
  states: {
    edit: {
      initial: "editing",
      states: {
        editing: {
          on: {
            "variable.change": {
              guard: { type: "isVariable", params: ({ event }) => event.name },
              actions: {
                type: "change",
                params: ({ event }) => ({ name: event.name, value: event.value }),
              },
            },
            "variable.reset": {
              guard: { type: "isVariable", params: ({ event }) => event.name },
              actions: {
                type: "change",
                params: ({ event }) => ({ name: event.name, value: null }),
              },
            },
            "reset.all": {
              actions: assign({ entries: () => ({ light: {}, dark: {} }), theme: "light" }),
            },
            "theme.choose": { actions: assign({ theme: ({ event }) => event.theme }) },
            "scheme.choose": { actions: assign({ scheme: ({ event }) => event.scheme }) },
            "preview.choose": { actions: assign({ preview: ({ event }) => event.component }) },
          },
        },
      },
    },
    export: {
      initial: "idle",
      on: {
        // What was copied no longer matches once anything changes.
        "variable.change": ".idle",
        "variable.reset": ".idle",
        "reset.all": ".idle",
        "theme.choose": ".idle",
      },
      states: {
        idle: { on: { "export.copy": "copying" } },
        copying: {
          invoke: {
            src: "copyText",
            input: ({ context }) => ({ text: editorState(context).exported }),
            onDone: "copied",
            onError: "copyFailed",
          },
        },
        copied: { on: { "export.copy": "copying" } },
        copyFailed: { on: { "export.copy": "copying" } },
      },
    },
  },
});

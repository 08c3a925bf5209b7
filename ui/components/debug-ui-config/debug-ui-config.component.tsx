/**
 * The internal `debug-ui-config` tool as the frame registers it (issue 17 item 4): the
 * appearance playground. The appearance editor machine holds what was typed; every accepted
 * value reaches two preview frames at once — the chosen built component in the light and in
 * the dark theme, each themed as a real component frame would be with that appearance
 * (`PreviewFrame`) — and the export, the appearance object to pass to
 * `loadConnectAndInitialize`.
 *
 * Attributes: `simplified` shows only the common variables, `express-branding-settings` only
 * the express dashboard's branding ones, `from-internal-site` leaves out the platform's
 * code hint (provider staff paste the object into the platform's settings).
 */
import { useEffect, useMemo, useRef } from "react";
import { useIntl } from "react-intl";
import {
  appearanceEditorMachine,
  editorState,
} from "../../../machines/components/debug-ui-config/appearance-editor.machine.ts";
import {
  type AppearanceOption,
  darkTheme,
  lightTheme,
  type ThemeVariables,
} from "../../../protocol/appearance.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostProps, useSession, useViewLookup } from "../../frame/frame-context.tsx";
import { isOn } from "../../frame/host-attributes.ts";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { previewChoices } from "../kit/preview-choices.ts";
import { ComponentPreview } from "../kit/preview-frame.tsx";
import { debugUiConfigMessages as m } from "./debug-ui-config.messages.ts";
import { DebugUiConfigView } from "./debug-ui-config.view.tsx";
import { groupedVariables } from "./variable-groups.ts";

function Previews(props: {
  name: string;
  appearance: AppearanceOption;
  fonts: unknown;
  view: ComponentViewProps;
}) {
  const intl = useIntl();
  const { name, appearance, fonts, view } = props;
  return (
    <>
      {(["light", "dark"] as const).map((scheme) => (
        <div key={scheme} className="ui-config__frame" data-scheme={scheme}>
          <ComponentPreview
            name={name}
            title={intl.formatMessage(m.previewFrame, { component: name, scheme })}
            appearance={{ ...appearance, theme: scheme }}
            fonts={fonts}
            view={view}
          />
        </div>
      ))}
    </>
  );
}

export default function DebugUiConfig(props: ComponentViewProps) {
  const session = useSession();
  const views = useViewLookup();
  const host = useHostProps();
  const attributes = host?.attributes ?? {};
  const choices = useMemo(
    () => previewChoices(session, (name) => views(name) !== undefined),
    [session, views],
  );
  const { snapshot, send } = useComponentMachine(appearanceEditorMachine, {
    input: { preview: null },
    view: props,
  });
  const { context } = snapshot;
  const preview = context.preview;
  useEffect(() => {
    const chosen = choices[0];
    if (chosen && (preview === null || !choices.includes(preview)))
      send({ type: "preview.choose", component: chosen });
  }, [choices, preview, send]);

  const state = useMemo(() => editorState(context), [context]);
  const exportRef = useRef<HTMLTextAreaElement>(null);
  const copy = snapshot.matches({ export: "copying" })
    ? "copying"
    : snapshot.matches({ export: "copied" })
      ? "copied"
      : snapshot.matches({ export: "copyFailed" })
        ? "copyFailed"
        : "idle";
  // The browser refused the clipboard: the text is selected for the person to copy.
  useEffect(() => {
    if (copy !== "copyFailed") return;
    exportRef.current?.focus();
    exportRef.current?.select();
  }, [copy]);

  const set = isOn(attributes["express-branding-settings"])
    ? "branding"
    : isOn(attributes.simplified)
      ? "simplified"
      : "all";
  return (
    <DebugUiConfigView
      groups={groupedVariables(set)}
      entries={context.entries[context.scheme]}
      defaults={
        context.scheme === "dark"
          ? { ...darkTheme, ...(state.appearance.variables as Partial<ThemeVariables>) }
          : lightTheme
      }
      errors={state.errors}
      onChange={(name, value) => send({ type: "variable.change", name, value })}
      theme={context.theme}
      onTheme={(theme) => send({ type: "theme.choose", theme })}
      scheme={context.scheme}
      onScheme={(scheme) => send({ type: "scheme.choose", scheme })}
      onResetAll={() => send({ type: "reset.all" })}
      previewChoices={choices}
      preview={preview}
      onPreview={(component) => send({ type: "preview.choose", component })}
      previews={
        preview ? (
          <Previews name={preview} appearance={state.appearance} fonts={host?.fonts} view={props} />
        ) : null
      }
      exported={state.exported}
      platformHint={!isOn(attributes["from-internal-site"])}
      copy={copy}
      onCopy={() => send({ type: "export.copy" })}
      exportRef={exportRef}
    />
  );
}

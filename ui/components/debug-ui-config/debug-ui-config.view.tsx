/**
 * The appearance playground's view (pure): a field for every theme variable shown, grouped,
 * with its default and its error; the theme and the values edited; the preview frames the
 * wiring renders; and the appearance object to copy.
 */
import { type ReactNode, type RefObject, useId } from "react";
import { useIntl } from "react-intl";
import type { EditedScheme } from "../../../machines/components/debug-ui-config/appearance-editor.machine.ts";
import {
  type ThemeMode,
  type ThemeVariableName,
  themeVariableKinds,
  type VariableKind,
} from "../../../protocol/appearance.schema.ts";
import { Button, Field, Select, TextField, useStylesheet } from "../../kit/index.ts";
import { space, v } from "../../theme/css.ts";
import { debugUiConfigMessages as m } from "./debug-ui-config.messages.ts";
import type { VariableGroup } from "./variable-groups.ts";

/** The layout only this tool needs, adopted while it is shown (not in every frame's kit). */
export const uiConfigStylesheet = `
.ui-config { display: grid; gap: ${space(6)}; grid-template-columns: minmax(0, 24rem) minmax(0, 1fr); align-items: start; }
@container frame (max-width: 760px) { .ui-config { grid-template-columns: minmax(0, 1fr); } }
.ui-config__controls, .ui-config__preview, .ui-config__group-body { display: grid; gap: ${space(4)}; }
.ui-config__group { border: 1px solid ${v("colorBorder")}; border-radius: ${v("borderRadius")}; padding: ${space(3)}; }
.ui-config__group > summary { cursor: pointer; }
.ui-config__group[open] > summary { margin-block-end: ${space(3)}; }
.ui-config__colour { display: flex; gap: ${space(2)}; align-items: start; }
.ui-config__colour > .kit-field { flex: 1; min-inline-size: 0; }
.ui-config__swatch {
  flex: none; inline-size: 2.75rem; block-size: 2.5rem; margin-block-start: 1.6rem; padding: 2px;
  border: 1px solid ${v("formColorBorder")}; border-radius: ${v("formBorderRadius")};
  background-color: ${v("formBackgroundColor")};
}
.ui-config__frame { border: 1px solid ${v("colorBorder")}; border-radius: ${v("borderRadius")}; overflow: hidden; }
.ui-config__export { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.ui-config__actions { display: flex; gap: ${space(3)}; align-items: center; flex-wrap: wrap; }
`.trim();

const enumOptions: Partial<Record<VariableKind, readonly string[]>> = {
  textTransform: ["none", "uppercase", "lowercase", "capitalize"],
  decorationLine: ["none", "underline", "overline", "line-through"],
  decorationStyle: ["solid", "double", "dotted", "dashed", "wavy"],
};

const sixDigitHex = /^#[0-9a-f]{6}$/i;

export interface UiConfigGroup {
  group: VariableGroup;
  names: readonly ThemeVariableName[];
}

export interface DebugUiConfigViewProps {
  groups: readonly UiConfigGroup[];
  /** What was typed for each variable, in the scheme edited. */
  entries: Partial<Record<ThemeVariableName, string>>;
  /** Each variable's value when left empty, in the scheme edited. */
  defaults: Record<ThemeVariableName, string>;
  errors: Partial<Record<ThemeVariableName, VariableKind>>;
  onChange(name: ThemeVariableName, value: string): void;
  theme: ThemeMode;
  onTheme(theme: ThemeMode): void;
  scheme: EditedScheme;
  onScheme(scheme: EditedScheme): void;
  onResetAll(): void;
  previewChoices: readonly string[];
  preview: string | null;
  onPreview(component: string): void;
  /** The preview frames (light and dark), or null when nothing can be previewed. */
  previews: ReactNode;
  exported: string;
  /** Show how a platform passes the appearance (not when opened from an internal site). */
  platformHint: boolean;
  copy: "idle" | "copying" | "copied" | "copyFailed";
  onCopy(): void;
  exportRef: RefObject<HTMLTextAreaElement | null>;
}

function VariableControl(props: {
  name: ThemeVariableName;
  value: string;
  fallback: string;
  error: VariableKind | undefined;
  onChange(value: string): void;
}) {
  const intl = useIntl();
  const { name, value, fallback, error, onChange } = props;
  const kind = themeVariableKinds[name];
  const label = <code>{name}</code>;
  const description = intl.formatMessage(m.defaultValue, { value: fallback });
  const fieldError = error
    ? { code: "custom" as const, message: intl.formatMessage(m.kindError, { kind: error }) }
    : undefined;
  const options = enumOptions[kind];
  if (options)
    return (
      <Select
        label={label}
        name={name}
        value={value === "" ? fallback : value}
        onChange={onChange}
        options={options.map((o) => ({ value: o, label: o }))}
      />
    );
  const field = (
    <TextField
      label={label}
      name={name}
      value={value}
      placeholder={fallback}
      description={description}
      {...(fieldError ? { error: fieldError } : {})}
      onChange={onChange}
    />
  );
  if (kind !== "colour") return field;
  const shown = sixDigitHex.test(value) ? value : sixDigitHex.test(fallback) ? fallback : "#000000";
  return (
    <div className="ui-config__colour">
      {field}
      <input
        type="color"
        className="ui-config__swatch"
        aria-label={intl.formatMessage(m.pickColour, { name })}
        value={shown.toLowerCase()}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function DebugUiConfigView(props: DebugUiConfigViewProps) {
  const intl = useIntl();
  useStylesheet(uiConfigStylesheet);
  const headingId = useId();
  const status =
    props.copy === "copied"
      ? intl.formatMessage(m.copied)
      : props.copy === "copyFailed"
        ? intl.formatMessage(m.copyFailed)
        : "";
  return (
    <section aria-labelledby={headingId} className="ui-config">
      <div className="ui-config__controls">
        <h2 id={headingId} className="kit-heading-md">
          {intl.formatMessage(m.title)}
        </h2>
        <Select
          label={intl.formatMessage(m.theme)}
          name="theme"
          value={props.theme}
          onChange={(theme) => props.onTheme(theme as ThemeMode)}
          options={(["light", "dark", "system"] as const).map((theme) => ({
            value: theme,
            label: intl.formatMessage(m.themeOption, { theme }),
          }))}
        />
        <Select
          label={intl.formatMessage(m.scheme)}
          name="scheme"
          value={props.scheme}
          onChange={(scheme) => props.onScheme(scheme as EditedScheme)}
          options={(["light", "dark"] as const).map((scheme) => ({
            value: scheme,
            label: intl.formatMessage(m.schemeOption, { scheme }),
          }))}
        />
        {props.groups.map(({ group, names }, index) => (
          <details key={group} className="ui-config__group" open={index === 0}>
            <summary className="kit-heading-sm">{intl.formatMessage(m.group, { group })}</summary>
            <div className="ui-config__group-body">
              {names.map((name) => (
                <VariableControl
                  key={name}
                  name={name}
                  value={props.entries[name] ?? ""}
                  fallback={props.defaults[name]}
                  error={props.errors[name]}
                  onChange={(value) => props.onChange(name, value)}
                />
              ))}
            </div>
          </details>
        ))}
        <div className="ui-config__actions">
          <Button onClick={props.onResetAll}>{intl.formatMessage(m.resetAll)}</Button>
        </div>
      </div>
      <div className="ui-config__preview">
        {props.previewChoices.length > 0 ? (
          <Select
            label={intl.formatMessage(m.previewComponent)}
            name="preview"
            value={props.preview ?? ""}
            onChange={props.onPreview}
            options={props.previewChoices.map((name) => ({ value: name, label: name }))}
          />
        ) : (
          <p className="kit-secondary-text">{intl.formatMessage(m.noPreview)}</p>
        )}
        {props.previews}
        <Field
          label={intl.formatMessage(m.exported)}
          description={props.platformHint ? intl.formatMessage(m.exportHint) : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              ref={props.exportRef}
              className="kit-input kit-textarea ui-config__export"
              readOnly
              rows={Math.min(16, props.exported.split("\n").length)}
              value={props.exported}
            />
          )}
        </Field>
        <div className="ui-config__actions">
          <Button onClick={props.onCopy} loading={props.copy === "copying"}>
            {intl.formatMessage(m.copy)}
          </Button>
          <p role="status" className="kit-body-sm">
            {status}
          </p>
        </div>
      </div>
    </section>
  );
}

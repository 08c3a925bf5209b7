/**
 * The theme variables as the playground lays them out: in groups by what they style, in the
 * order of `themeVariableKinds`, and — for the `simplified` and `express-branding-settings`
 * attributes — only the common or the branding ones. Pure.
 */
import {
  brandingThemeVariables,
  commonThemeVariables,
  type ThemeVariableName,
  themeVariableNames,
} from "../../../protocol/appearance.schema.ts";

export const variableGroups = [
  "colours",
  "basics",
  "buttons",
  "links",
  "badges",
  "forms",
  "tables",
  "overlays",
  "typography",
] as const;
export type VariableGroup = (typeof variableGroups)[number];

const basics = new Set<string>(["fontFamily", "fontSizeBase", "spacingUnit", "borderRadius"]);

/** The group of a variable, from its name. */
export function groupOf(name: ThemeVariableName): VariableGroup {
  if (basics.has(name)) return "basics";
  if (name.startsWith("button")) return "buttons";
  if (name.startsWith("action")) return "links";
  if (name.startsWith("badge")) return "badges";
  if (name.startsWith("form") || name.startsWith("input")) return "forms";
  if (name.startsWith("table")) return "tables";
  if (name.startsWith("overlay")) return "overlays";
  if (/^(heading|body|label)/.test(name)) return "typography";
  return "colours";
}

export type VariableSet = "all" | "simplified" | "branding";

/** The groups to show, each with its variables, for the tool's attributes. */
export function groupedVariables(
  set: VariableSet,
): { group: VariableGroup; names: ThemeVariableName[] }[] {
  const shown: readonly ThemeVariableName[] =
    set === "simplified"
      ? commonThemeVariables
      : set === "branding"
        ? brandingThemeVariables
        : themeVariableNames;
  return variableGroups
    .map((group) => ({ group, names: shown.filter((name) => groupOf(name) === group) }))
    .filter((g) => g.names.length > 0);
}

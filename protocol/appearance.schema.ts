/**
 * The platform's `appearance` and `fonts` options: the theme variables, their types, the light
 * and dark defaults, and the validation both the SDK (on the platform page) and the frames
 * (before applying) run.
 *
 * Validation never rejects a whole appearance. Each variable is checked against its kind (CSS
 * colour, length in px/rem, font weight, text transform, z-index...); a bad or unknown value
 * is dropped with a warning that names it, and the rest still applies (USERS.md 8: a typo in
 * one colour must not unstyle the component). Values that pass are safe to interpolate into a
 * stylesheet: every kind's grammar excludes `;`, `{`, `}`, `<`, `\` and `url(`.
 *
 * Themes: `theme: "light" | "dark"` picks the defaults; `"system"` follows
 * `prefers-color-scheme`. `variables` apply in both schemes and `darkVariables` on top of them
 * in the dark one, so a platform that themes light and dark differently says so explicitly.
 */
import * as z from "zod/mini";
import { isAllowedFontUrl } from "./font-url.ts";

// ---------------------------------------------------------------------------------------------
// Value kinds
// ---------------------------------------------------------------------------------------------

// The CSS named colours (CSS Color 4), plus the two keywords that are colours too.
const namedColours = new Set(
  (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue " +
    "blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk " +
    "crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki " +
    "darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen " +
    "darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue " +
    "dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite " +
    "gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki " +
    "lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan " +
    "lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen " +
    "lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen " +
    "magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen " +
    "mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream " +
    "mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid " +
    "palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum " +
    "powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown " +
    "seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen " +
    "steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow " +
    "yellowgreen transparent currentcolor"
  ).split(" "),
);

const num = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
const pct = `${num}%`;
const numOrPct = `(?:${num}%?|none)`;
const hue = `(?:${num}(?:deg|grad|rad|turn)?|none)`;
const alphaComma = `(?:\\s*,\\s*${numOrPct})?`;
const alphaSlash = `(?:\\s*\\/\\s*${numOrPct})?`;
const colourFunctions = [
  // rgb(1, 2, 3) / rgba(1, 2, 3, .5) / rgb(1 2 3 / 50%)
  new RegExp(
    `^rgba?\\(\\s*${numOrPct}\\s*,\\s*${numOrPct}\\s*,\\s*${numOrPct}${alphaComma}\\s*\\)$`,
  ),
  new RegExp(`^rgba?\\(\\s*${numOrPct}\\s+${numOrPct}\\s+${numOrPct}${alphaSlash}\\s*\\)$`),
  // hsl(210, 50%, 40%) / hsl(210 50% 40% / .5)
  new RegExp(`^hsla?\\(\\s*${hue}\\s*,\\s*${pct}\\s*,\\s*${pct}${alphaComma}\\s*\\)$`),
  new RegExp(`^hsla?\\(\\s*${hue}\\s+${numOrPct}\\s+${numOrPct}${alphaSlash}\\s*\\)$`),
  // hwb(), lab(), lch(), oklab(), oklch(): space syntax only
  new RegExp(`^hwb\\(\\s*${hue}\\s+${numOrPct}\\s+${numOrPct}${alphaSlash}\\s*\\)$`),
  new RegExp(`^(?:lch|oklch)\\(\\s*${numOrPct}\\s+${numOrPct}\\s+${hue}${alphaSlash}\\s*\\)$`),
  new RegExp(`^(?:lab|oklab)\\(\\s*${numOrPct}\\s+${numOrPct}\\s+${numOrPct}${alphaSlash}\\s*\\)$`),
];

/** Is `value` a CSS colour we accept (hex, named, rgb/hsl/hwb/lab/lch/oklab/oklch)? */
export function isCssColour(value: string): boolean {
  const v = value.trim().toLowerCase();
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(v)) return true;
  if (namedColours.has(v)) return true;
  return colourFunctions.some((re) => re.test(v));
}

/** A non-negative length in px or rem (or a bare 0). */
export function isCssLength(value: string): boolean {
  return /^(?:0|(?:\d+\.?\d*|\.\d+)(?:px|rem))$/.test(value.trim());
}

/** A font-family list: quoted names or plain identifiers, comma-separated. */
export function isFontFamily(value: string): boolean {
  const families = value.split(",").map((f) => f.trim());
  return (
    value.length <= 500 &&
    families.every(
      (f) => /^"[^"\\;{}<>]+"$/.test(f) || /^'[^'\\;{}<>]+'$/.test(f) || /^[\w -]+$/.test(f),
    ) &&
    families.every((f) => f.length > 0)
  );
}

const textTransforms = ["none", "uppercase", "lowercase", "capitalize"] as const;
const decorationLines = ["none", "underline", "overline", "line-through"] as const;
const decorationStyles = ["solid", "double", "dotted", "dashed", "wavy"] as const;

const colour = z.string().check(z.refine(isCssColour, { message: "is not a CSS colour" }));
const length = z.string().check(z.refine(isCssLength, { message: "is not a length in px or rem" }));
const fontFamily = z
  .string()
  .check(z.refine(isFontFamily, { message: "is not a font-family list" }));
const fontWeight = z.pipe(
  z.union([
    z.number().check(z.int(), z.gte(1), z.lte(1000)),
    z.enum(["normal", "bold"]),
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d{1,4}$/)), z.transform(Number)),
      z.number().check(z.int(), z.gte(1), z.lte(1000)),
    ),
  ]),
  z.transform(String),
);
const zIndex = z.pipe(
  z.pipe(
    z.union([
      z.number().check(z.int()),
      z.pipe(z.string().check(z.regex(/^-?\d{1,10}$/)), z.transform(Number)),
    ]),
    z.number().check(z.int(), z.gte(-2147483648), z.lte(2147483647)),
  ),
  z.transform(String),
);
const textTransform = z.enum(textTransforms);
const decorationLine = z.enum(decorationLines);
const decorationStyle = z.enum(decorationStyles);

/** The schema of each kind of variable value; every one outputs the CSS string to apply. */
export const variableKinds = {
  colour,
  length,
  fontFamily,
  fontWeight,
  zIndex,
  textTransform,
  decorationLine,
  decorationStyle,
} satisfies Record<string, z.ZodMiniType<string>>;

export type VariableKind = keyof typeof variableKinds;

const kindMessages: Record<VariableKind, string> = {
  colour: "is not a CSS colour",
  length: "is not a length in px or rem",
  fontFamily: "is not a font-family list",
  fontWeight: "is not a font weight (1–1000, normal or bold)",
  zIndex: "is not an integer z-index",
  textTransform: `is not one of ${textTransforms.join(", ")}`,
  decorationLine: `is not one of ${decorationLines.join(", ")}`,
  decorationStyle: `is not one of ${decorationStyles.join(", ")}`,
};

// ---------------------------------------------------------------------------------------------
// The variables
// ---------------------------------------------------------------------------------------------

/** Every theme variable and its kind. */
export const themeVariableKinds = {
  // Colours
  colorPrimary: "colour",
  colorBackground: "colour",
  colorText: "colour",
  colorSecondaryText: "colour",
  colorDanger: "colour",
  colorSuccess: "colour",
  colorWarning: "colour",
  colorBorder: "colour",
  offsetBackgroundColor: "colour",
  formBackgroundColor: "colour",
  formHighlightColorBorder: "colour",
  formAccentColor: "colour",
  focusRingColor: "colour",
  // Type, spacing, radii
  fontFamily: "fontFamily",
  fontSizeBase: "length",
  spacingUnit: "length",
  borderRadius: "length",
  buttonBorderRadius: "length",
  formBorderRadius: "length",
  badgeBorderRadius: "length",
  overlayBorderRadius: "length",
  // Buttons
  buttonPrimaryColorBackground: "colour",
  buttonPrimaryColorBorder: "colour",
  buttonPrimaryColorText: "colour",
  buttonSecondaryColorBackground: "colour",
  buttonSecondaryColorBorder: "colour",
  buttonSecondaryColorText: "colour",
  buttonDangerColorBackground: "colour",
  buttonDangerColorBorder: "colour",
  buttonDangerColorText: "colour",
  buttonPaddingX: "length",
  buttonPaddingY: "length",
  buttonLabelFontSize: "length",
  buttonLabelFontWeight: "fontWeight",
  buttonLabelTextTransform: "textTransform",
  // Actions (links)
  actionPrimaryColorText: "colour",
  actionPrimaryTextDecorationLine: "decorationLine",
  actionPrimaryTextDecorationColor: "colour",
  actionPrimaryTextDecorationStyle: "decorationStyle",
  actionPrimaryTextDecorationThickness: "length",
  actionSecondaryColorText: "colour",
  actionSecondaryTextDecorationLine: "decorationLine",
  actionSecondaryTextDecorationColor: "colour",
  actionSecondaryTextDecorationStyle: "decorationStyle",
  actionSecondaryTextDecorationThickness: "length",
  // Badges
  badgeNeutralColorBackground: "colour",
  badgeNeutralColorText: "colour",
  badgeNeutralColorBorder: "colour",
  badgeSuccessColorBackground: "colour",
  badgeSuccessColorText: "colour",
  badgeSuccessColorBorder: "colour",
  badgeWarningColorBackground: "colour",
  badgeWarningColorText: "colour",
  badgeWarningColorBorder: "colour",
  badgeDangerColorBackground: "colour",
  badgeDangerColorText: "colour",
  badgeDangerColorBorder: "colour",
  badgeLabelFontSize: "length",
  badgeLabelFontWeight: "fontWeight",
  badgeLabelTextTransform: "textTransform",
  badgePaddingX: "length",
  badgePaddingY: "length",
  // Form inputs
  formPlaceholderTextColor: "colour",
  /** Input borders: 3:1 against the form background (WCAG 1.4.11), unlike divider borders. */
  formColorBorder: "colour",
  formDisabledColorBackground: "colour",
  inputFieldPaddingX: "length",
  inputFieldPaddingY: "length",
  // Tables
  tableRowPaddingX: "length",
  tableRowPaddingY: "length",
  // Overlays
  overlayZIndex: "zIndex",
  overlayBackdropColor: "colour",
  // Typography scale
  headingXlFontSize: "length",
  headingXlFontWeight: "fontWeight",
  headingXlTextTransform: "textTransform",
  headingLgFontSize: "length",
  headingLgFontWeight: "fontWeight",
  headingLgTextTransform: "textTransform",
  headingMdFontSize: "length",
  headingMdFontWeight: "fontWeight",
  headingMdTextTransform: "textTransform",
  headingSmFontSize: "length",
  headingSmFontWeight: "fontWeight",
  headingSmTextTransform: "textTransform",
  headingXsFontSize: "length",
  headingXsFontWeight: "fontWeight",
  headingXsTextTransform: "textTransform",
  bodyMdFontSize: "length",
  bodyMdFontWeight: "fontWeight",
  bodySmFontSize: "length",
  bodySmFontWeight: "fontWeight",
  labelMdFontSize: "length",
  labelMdFontWeight: "fontWeight",
  labelMdTextTransform: "textTransform",
  labelSmFontSize: "length",
  labelSmFontWeight: "fontWeight",
  labelSmTextTransform: "textTransform",
} as const satisfies Record<string, VariableKind>;

export type ThemeVariableName = keyof typeof themeVariableKinds;
export const themeVariableNames = Object.keys(themeVariableKinds) as ThemeVariableName[];

/** A complete theme: every variable's CSS value. */
export type ThemeVariables = Record<ThemeVariableName, string>;

const scale = (
  name: string,
  size: string,
  weight: string,
  transform?: string,
): Record<string, string> => ({
  [`${name}FontSize`]: size,
  [`${name}FontWeight`]: weight,
  ...(transform ? { [`${name}TextTransform`]: transform } : {}),
});

/** The light theme (the default). Text pairs meet WCAG AA (a test computes the ratios). */
export const lightTheme: ThemeVariables = {
  colorPrimary: "#1d4ed8",
  colorBackground: "#ffffff",
  colorText: "#1f2937",
  colorSecondaryText: "#4b5563",
  colorDanger: "#b91c1c",
  colorSuccess: "#047857",
  colorWarning: "#b45309",
  colorBorder: "#d1d5db",
  offsetBackgroundColor: "#f3f4f6",
  formBackgroundColor: "#ffffff",
  formHighlightColorBorder: "#1d4ed8",
  formAccentColor: "#1d4ed8",
  focusRingColor: "#2563eb",
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontSizeBase: "16px",
  spacingUnit: "4px",
  borderRadius: "6px",
  buttonBorderRadius: "6px",
  formBorderRadius: "6px",
  badgeBorderRadius: "999px",
  overlayBorderRadius: "12px",
  buttonPrimaryColorBackground: "#1d4ed8",
  buttonPrimaryColorBorder: "#1d4ed8",
  buttonPrimaryColorText: "#ffffff",
  buttonSecondaryColorBackground: "#ffffff",
  buttonSecondaryColorBorder: "#6b7280",
  buttonSecondaryColorText: "#1f2937",
  buttonDangerColorBackground: "#b91c1c",
  buttonDangerColorBorder: "#b91c1c",
  buttonDangerColorText: "#ffffff",
  buttonPaddingX: "16px",
  buttonPaddingY: "8px",
  buttonLabelFontSize: "14px",
  buttonLabelFontWeight: "600",
  buttonLabelTextTransform: "none",
  actionPrimaryColorText: "#1d4ed8",
  actionPrimaryTextDecorationLine: "none",
  actionPrimaryTextDecorationColor: "#1d4ed8",
  actionPrimaryTextDecorationStyle: "solid",
  actionPrimaryTextDecorationThickness: "1px",
  actionSecondaryColorText: "#1f2937",
  actionSecondaryTextDecorationLine: "underline",
  actionSecondaryTextDecorationColor: "#6b7280",
  actionSecondaryTextDecorationStyle: "solid",
  actionSecondaryTextDecorationThickness: "1px",
  badgeNeutralColorBackground: "#f3f4f6",
  badgeNeutralColorText: "#374151",
  badgeNeutralColorBorder: "#d1d5db",
  badgeSuccessColorBackground: "#ecfdf5",
  badgeSuccessColorText: "#065f46",
  badgeSuccessColorBorder: "#a7f3d0",
  badgeWarningColorBackground: "#fffbeb",
  badgeWarningColorText: "#92400e",
  badgeWarningColorBorder: "#fde68a",
  badgeDangerColorBackground: "#fef2f2",
  badgeDangerColorText: "#991b1b",
  badgeDangerColorBorder: "#fecaca",
  badgeLabelFontSize: "12px",
  badgeLabelFontWeight: "500",
  badgeLabelTextTransform: "none",
  badgePaddingX: "8px",
  badgePaddingY: "2px",
  formPlaceholderTextColor: "#6b7280",
  formColorBorder: "#6b7280",
  formDisabledColorBackground: "#f3f4f6",
  inputFieldPaddingX: "12px",
  inputFieldPaddingY: "8px",
  tableRowPaddingX: "12px",
  tableRowPaddingY: "12px",
  overlayZIndex: "1000",
  overlayBackdropColor: "rgba(15, 23, 42, 0.5)",
  ...scale("headingXl", "28px", "700", "none"),
  ...scale("headingLg", "24px", "700", "none"),
  ...scale("headingMd", "20px", "600", "none"),
  ...scale("headingSm", "16px", "600", "none"),
  ...scale("headingXs", "14px", "600", "none"),
  ...scale("bodyMd", "16px", "400"),
  ...scale("bodySm", "14px", "400"),
  ...scale("labelMd", "14px", "500", "none"),
  ...scale("labelSm", "12px", "500", "none"),
} as ThemeVariables;

/** The dark theme: the light one with dark colours. */
export const darkTheme: ThemeVariables = {
  ...lightTheme,
  colorPrimary: "#60a5fa",
  colorBackground: "#111827",
  colorText: "#f3f4f6",
  colorSecondaryText: "#9ca3af",
  colorDanger: "#f87171",
  colorSuccess: "#34d399",
  colorWarning: "#fbbf24",
  colorBorder: "#374151",
  offsetBackgroundColor: "#1f2937",
  formBackgroundColor: "#1f2937",
  formHighlightColorBorder: "#60a5fa",
  formAccentColor: "#60a5fa",
  focusRingColor: "#93c5fd",
  buttonPrimaryColorBackground: "#60a5fa",
  buttonPrimaryColorBorder: "#60a5fa",
  buttonPrimaryColorText: "#0b1220",
  buttonSecondaryColorBackground: "#1f2937",
  buttonSecondaryColorBorder: "#6b7280",
  buttonSecondaryColorText: "#f3f4f6",
  buttonDangerColorBackground: "#f87171",
  buttonDangerColorBorder: "#f87171",
  buttonDangerColorText: "#0b1220",
  actionPrimaryColorText: "#60a5fa",
  actionPrimaryTextDecorationColor: "#60a5fa",
  actionSecondaryColorText: "#f3f4f6",
  actionSecondaryTextDecorationColor: "#9ca3af",
  badgeNeutralColorBackground: "#1f2937",
  badgeNeutralColorText: "#e5e7eb",
  badgeNeutralColorBorder: "#4b5563",
  badgeSuccessColorBackground: "#064e3b",
  badgeSuccessColorText: "#a7f3d0",
  badgeSuccessColorBorder: "#047857",
  badgeWarningColorBackground: "#451a03",
  badgeWarningColorText: "#fde68a",
  badgeWarningColorBorder: "#92400e",
  badgeDangerColorBackground: "#450a0a",
  badgeDangerColorText: "#fecaca",
  badgeDangerColorBorder: "#991b1b",
  formPlaceholderTextColor: "#9ca3af",
  formColorBorder: "#9ca3af",
  formDisabledColorBackground: "#374151",
  overlayBackdropColor: "rgba(0, 0, 0, 0.6)",
};

// ---------------------------------------------------------------------------------------------
// The option and its validation
// ---------------------------------------------------------------------------------------------

export const themeModes = ["light", "dark", "system"] as const;
export type ThemeMode = (typeof themeModes)[number];

/**
 * The shape of the `appearance` option as it crosses frames. Loose on purpose: values are
 * checked one by one by `validateAppearance`, which warns instead of failing.
 */
export const appearanceOptionSchema = z.looseObject({
  theme: z.optional(z.unknown()),
  variables: z.optional(z.record(z.string(), z.unknown())),
  darkVariables: z.optional(z.record(z.string(), z.unknown())),
});
export type AppearanceOption = {
  theme?: ThemeMode;
  variables?: Partial<Record<ThemeVariableName, string | number>>;
  darkVariables?: Partial<Record<ThemeVariableName, string | number>>;
};

/** What survives validation: only accepted values, as CSS strings. */
export interface AcceptedAppearance {
  theme: ThemeMode;
  variables: Partial<ThemeVariables>;
  darkVariables: Partial<ThemeVariables>;
}

export interface AppearanceWarning {
  /** Where the bad value was: `appearance.variables.colorPrimary`. */
  path: string;
  /** The whole sentence, naming the path and the value. */
  message: string;
}

const describeValue = (value: unknown) => {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
  } catch {
    return String(value);
  }
};

export const isVariableName = (name: string): name is ThemeVariableName =>
  Object.hasOwn(themeVariableKinds, name);

/**
 * One variable's value as `validateAppearance` judges it: its CSS string, or the kind it
 * failed to be (the UI config tool shows the error on the variable's control).
 */
export function checkThemeVariable(
  name: ThemeVariableName,
  value: string,
): { ok: true; css: string } | { ok: false; kind: VariableKind } {
  const kind = themeVariableKinds[name];
  const parsed = variableKinds[kind].safeParse(value.trim());
  return parsed.success ? { ok: true, css: parsed.data } : { ok: false, kind };
}

/** The variables most platforms set: the UI config tool's `simplified` controls. */
export const commonThemeVariables = [
  "colorPrimary",
  "colorBackground",
  "colorText",
  "colorSecondaryText",
  "colorDanger",
  "colorBorder",
  "fontFamily",
  "fontSizeBase",
  "spacingUnit",
  "borderRadius",
] as const satisfies readonly ThemeVariableName[];

/**
 * The express dashboard's branding settings as theme variables: its brand colour (the
 * primary colour of text actions and highlights) and its button colours.
 */
export const brandingThemeVariables = [
  "colorPrimary",
  "buttonPrimaryColorBackground",
  "buttonPrimaryColorBorder",
  "buttonPrimaryColorText",
  "actionPrimaryColorText",
] as const satisfies readonly ThemeVariableName[];

function validateVariables(
  input: unknown,
  path: string,
  warnings: AppearanceWarning[],
): Partial<ThemeVariables> {
  const accepted: Partial<ThemeVariables> = {};
  if (input === undefined) return accepted;
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    warnings.push({ path, message: `${path} is not an object; ignored` });
    return accepted;
  }
  for (const [name, value] of Object.entries(input)) {
    const at = `${path}.${name}`;
    if (!isVariableName(name)) {
      warnings.push({ path: at, message: `${at} is not a theme variable; ignored` });
      continue;
    }
    if (value === undefined) continue;
    const kind = themeVariableKinds[name];
    const parsed = variableKinds[kind].safeParse(typeof value === "string" ? value.trim() : value);
    if (parsed.success) accepted[name] = parsed.data;
    else {
      warnings.push({
        path: at,
        message: `${at}: ${describeValue(value)} ${kindMessages[kind]}; ignored`,
      });
    }
  }
  return accepted;
}

/**
 * Keeps every valid part of an appearance option and names every bad value. Never throws.
 */
export function validateAppearance(input: unknown): {
  appearance: AcceptedAppearance;
  warnings: AppearanceWarning[];
} {
  const warnings: AppearanceWarning[] = [];
  const appearance: AcceptedAppearance = { theme: "light", variables: {}, darkVariables: {} };
  if (input === undefined || input === null) return { appearance, warnings };
  if (typeof input !== "object" || Array.isArray(input)) {
    warnings.push({ path: "appearance", message: "appearance is not an object; ignored" });
    return { appearance, warnings };
  }
  const record = input as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!["theme", "variables", "darkVariables"].includes(key)) {
      const at = `appearance.${key}`;
      warnings.push({ path: at, message: `${at} is not an appearance option; ignored` });
    }
  }
  if (record.theme !== undefined) {
    const theme = z.enum(themeModes).safeParse(record.theme);
    if (theme.success) appearance.theme = theme.data;
    else {
      warnings.push({
        path: "appearance.theme",
        message: `appearance.theme: ${describeValue(record.theme)} is not one of ${themeModes.join(", ")}; ignored`,
      });
    }
  }
  appearance.variables = validateVariables(record.variables, "appearance.variables", warnings);
  appearance.darkVariables = validateVariables(
    record.darkVariables,
    "appearance.darkVariables",
    warnings,
  );
  return { appearance, warnings };
}

/** The complete variables of one colour scheme of an accepted appearance. */
export function resolveTheme(
  appearance: AcceptedAppearance,
  scheme: "light" | "dark",
): ThemeVariables {
  return scheme === "light"
    ? { ...lightTheme, ...appearance.variables }
    : { ...darkTheme, ...appearance.variables, ...appearance.darkVariables };
}

// ---------------------------------------------------------------------------------------------
// Custom fonts
// ---------------------------------------------------------------------------------------------

export { isAllowedFontUrl };

/** A font stylesheet, e.g. a web-font service's CSS: `{ cssSrc: "https://..." }`. */
export const cssFontSourceSchema = z.strictObject(z.object({ cssSrc: z.string() }).shape);

/** One @font-face: `{ family, src: "url(https://.../font.woff2)", weight, style, display }`. */
export const customFontSourceSchema = z.strictObject(
  z.object({
    family: z.string().check(
      z.refine((f) => /^[\w -]{1,100}$/.test(f.trim()), {
        message: "is not a font family name",
      }),
    ),
    src: z.string(),
    weight: z.optional(
      z.pipe(
        z.pipe(z.union([z.number(), z.string()]), z.transform(String)),
        z.string().check(z.regex(/^(?:normal|bold|[1-9]\d{0,2}|1000)(?: (?:[1-9]\d{0,2}|1000))?$/)),
      ),
    ),
    style: z.optional(z.enum(["normal", "italic", "oblique"])),
    display: z.optional(z.enum(["auto", "block", "swap", "fallback", "optional"])),
    unicodeRange: z.optional(
      z
        .string()
        .check(
          z.regex(
            /^U\+[0-9A-Fa-f?]{1,6}(?:-[0-9A-Fa-f]{1,6})?(?:,\s*U\+[0-9A-Fa-f?]{1,6}(?:-[0-9A-Fa-f]{1,6})?)*$/,
          ),
        ),
    ),
  }).shape,
);

export type CssFontSource = z.infer<typeof cssFontSourceSchema>;
export type CustomFontSource = z.output<typeof customFontSourceSchema>;
export type FontSource = CssFontSource | CustomFontSource;

const fontFormats = ["woff2", "woff", "truetype", "opentype", "embedded-opentype", "svg"];

/**
 * The URLs of a `src` value: `url(https://a/x.woff2) format("woff2"), url(...)`, or one bare
 * URL. Undefined when the value is not such a list.
 */
export function fontSrcUrls(src: string): string[] | undefined {
  const trimmed = src.trim();
  if (!trimmed.includes("(")) return /^[^\s"'();{}<>\\]+$/.test(trimmed) ? [trimmed] : undefined;
  const urls: string[] = [];
  for (const part of trimmed.split(",")) {
    const m =
      /^url\(\s*(?:"([^"\\<>]+)"|'([^'\\<>]+)'|([^\s"'()\\<>]+))\s*\)(?:\s+format\(\s*["']?([\w-]+)["']?\s*\))?$/.exec(
        part.trim(),
      );
    if (!m) return undefined;
    if (m[4] !== undefined && !fontFormats.includes(m[4])) return undefined;
    urls.push((m[1] ?? m[2] ?? m[3])!);
  }
  return urls;
}

/** The accepted font source, or why it is not one. */
function checkFont(entry: unknown, options: { development?: boolean }): FontSource | string {
  if (typeof entry === "object" && entry !== null && "cssSrc" in entry) {
    const css = cssFontSourceSchema.safeParse(entry);
    if (!css.success) return "is not a { cssSrc } font stylesheet";
    if (!isAllowedFontUrl(css.data.cssSrc, options)) return "has a cssSrc that is not an https URL";
    return css.data;
  }
  const face = customFontSourceSchema.safeParse(entry);
  if (!face.success) {
    const field = face.error.issues[0]?.path.join(".");
    return field ? `has an invalid ${field}` : "is not a font source";
  }
  const urls = fontSrcUrls(face.data.src);
  if (!urls || urls.length === 0) return "has a src that is not url(...) [format(...)]";
  if (!urls.every((u) => isAllowedFontUrl(u, options))) return "has a src URL that is not https";
  return { ...face.data, family: face.data.family.trim() };
}

/**
 * Validates the `fonts` option: keeps each acceptable source, warns about each bad one.
 * `development` allows http fonts on loopback hosts.
 */
export function validateFonts(
  input: unknown,
  options: { development?: boolean } = {},
): { fonts: FontSource[]; warnings: AppearanceWarning[] } {
  const fonts: FontSource[] = [];
  const warnings: AppearanceWarning[] = [];
  if (input === undefined || input === null) return { fonts, warnings };
  if (!Array.isArray(input)) {
    warnings.push({ path: "fonts", message: "fonts is not an array; ignored" });
    return { fonts, warnings };
  }
  input.forEach((entry: unknown, i) => {
    const checked = checkFont(entry, options);
    if (typeof checked !== "string") fonts.push(checked);
    else {
      const at = `fonts[${i}]`;
      warnings.push({ path: at, message: `${at}: ${describeValue(entry)} ${checked}; ignored` });
    }
  });
  return { fonts, warnings };
}

/**
 * The kit's stylesheet. It reads the theme only through `v(...)` (CSS custom properties named
 * from the provider id) and lays out only with logical properties, so every component follows
 * the platform's appearance and a right-to-left locale mirrors. Tests check both.
 */
import { space, v } from "../theme/css.ts";

const button = (variant: "Primary" | "Secondary" | "Danger") => `
.kit-button--${variant.toLowerCase()} {
  background-color: ${v(`button${variant}ColorBackground`)};
  border-color: ${v(`button${variant}ColorBorder`)};
  color: ${v(`button${variant}ColorText`)};
}`;

const badge = (status: "Neutral" | "Success" | "Warning" | "Danger") => `
.kit-badge--${status.toLowerCase()} {
  background-color: ${v(`badge${status}ColorBackground`)};
  border-color: ${v(`badge${status}ColorBorder`)};
  color: ${v(`badge${status}ColorText`)};
}`;

const action = (kind: "Primary" | "Secondary") => `
.kit-link--${kind.toLowerCase()} {
  color: ${v(`action${kind}ColorText`)};
  text-decoration-line: ${v(`action${kind}TextDecorationLine`)};
  text-decoration-color: ${v(`action${kind}TextDecorationColor`)};
  text-decoration-style: ${v(`action${kind}TextDecorationStyle`)};
  text-decoration-thickness: ${v(`action${kind}TextDecorationThickness`)};
}
.kit-link--${kind.toLowerCase()}:hover { text-decoration-line: underline; }`;

/** Banners take the status colours of badges: one palette for all status surfaces. */
const banner = (status: "Neutral" | "Success" | "Warning" | "Danger", cls: string) => `
.kit-banner--${cls} {
  background-color: ${v(`badge${status}ColorBackground`)};
  border-color: ${v(`badge${status}ColorBorder`)};
  color: ${v(`badge${status}ColorText`)};
}`;

export const kitStylesheet = `
.kit-button {
  display: inline-flex; align-items: center; justify-content: center; gap: ${space(2)};
  padding-block: ${v("buttonPaddingY")}; padding-inline: ${v("buttonPaddingX")};
  border-width: 1px; border-style: solid; border-radius: ${v("buttonBorderRadius")};
  font: inherit; font-size: ${v("buttonLabelFontSize")}; font-weight: ${v("buttonLabelFontWeight")};
  text-transform: ${v("buttonLabelTextTransform")}; line-height: 1.25;
  cursor: pointer; min-block-size: 2.25rem; max-inline-size: 100%;
}
.kit-button:disabled, .kit-button[aria-disabled="true"] { cursor: not-allowed; opacity: 0.6; }
${button("Primary")}
${button("Secondary")}
${button("Danger")}

.kit-link {
  font: inherit; background: none; border: 0; padding: 0; cursor: pointer;
  text-underline-offset: 0.15em;
}
${action("Primary")}
${action("Secondary")}

.kit-badge {
  display: inline-flex; align-items: center; gap: ${space(1)};
  padding-block: ${v("badgePaddingY")}; padding-inline: ${v("badgePaddingX")};
  border-width: 1px; border-style: solid; border-radius: ${v("badgeBorderRadius")};
  font-size: ${v("badgeLabelFontSize")}; font-weight: ${v("badgeLabelFontWeight")};
  text-transform: ${v("badgeLabelTextTransform")}; line-height: 1.4; white-space: nowrap;
}
${badge("Neutral")}
${badge("Success")}
${badge("Warning")}
${badge("Danger")}

.kit-spinner {
  display: inline-block; inline-size: 1em; block-size: 1em; flex: none;
  border: 2px solid ${v("colorBorder")}; border-block-start-color: currentColor;
  border-radius: 50%; animation: kit-spin 0.8s linear infinite;
}
.kit-spinner--lg { inline-size: 2rem; block-size: 2rem; }
@keyframes kit-spin { to { transform: rotate(360deg); } }

.kit-skeleton { display: flex; flex-direction: column; gap: ${space(2)}; }
.kit-skeleton__line {
  block-size: 0.875rem; border-radius: ${v("borderRadius")};
  background-color: ${v("offsetBackgroundColor")};
  animation: kit-pulse 1.6s ease-in-out infinite;
}
.kit-skeleton__line:last-child:not(:first-child) { inline-size: 60%; }
@keyframes kit-pulse { 50% { opacity: 0.5; } }

.kit-empty {
  display: flex; flex-direction: column; align-items: center; gap: ${space(2)};
  padding-block: ${space(10)}; padding-inline: ${space(4)}; text-align: center;
}
.kit-empty__description { color: ${v("colorSecondaryText")}; margin: 0; }

.kit-banner {
  display: flex; align-items: flex-start; gap: ${space(3)};
  padding-block: ${space(3)}; padding-inline: ${space(4)};
  border-width: 1px; border-style: solid; border-radius: ${v("borderRadius")};
}
.kit-banner__body { flex: 1; min-inline-size: 0; display: flex; flex-direction: column; gap: ${space(1)}; }
.kit-banner__title { font-weight: ${v("labelMdFontWeight")}; margin: 0; }
.kit-banner__actions { display: flex; flex-wrap: wrap; gap: ${space(2)}; margin-block-start: ${space(1)}; }
.kit-banner__dismiss {
  flex: none; background: none; border: 0; padding: ${space(1)}; color: inherit; cursor: pointer;
  border-radius: ${v("borderRadius")}; font: inherit; line-height: 1;
}
${banner("Neutral", "info")}
${banner("Success", "success")}
${banner("Warning", "warning")}
${banner("Danger", "danger")}

.kit-table-wrap { overflow-x: auto; max-inline-size: 100%; }
.kit-table { inline-size: 100%; border-collapse: collapse; font-size: ${v("bodySmFontSize")}; }
.kit-table caption { text-align: start; padding-block-end: ${space(2)}; }
.kit-table th, .kit-table td {
  padding-block: ${v("tableRowPaddingY")}; padding-inline: ${v("tableRowPaddingX")};
  border-block-end: 1px solid ${v("colorBorder")}; text-align: start; vertical-align: middle;
}
.kit-table th {
  font-size: ${v("labelSmFontSize")}; font-weight: ${v("labelSmFontWeight")};
  text-transform: ${v("labelSmTextTransform")}; color: ${v("colorSecondaryText")};
  white-space: nowrap;
}
.kit-table .kit-table__cell--end { text-align: end; font-variant-numeric: tabular-nums; }
.kit-table__row--interactive { cursor: pointer; }
.kit-table__row--interactive:hover { background-color: ${v("offsetBackgroundColor")}; }
.kit-table__row--interactive:focus-visible { outline-offset: -2px; }

.kit-pagination {
  display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between;
  gap: ${space(2)}; padding-block: ${space(3)};
}
.kit-pagination__buttons { display: flex; gap: ${space(2)}; margin-inline-start: auto; }

.kit-field { display: flex; flex-direction: column; gap: ${space(1)}; min-inline-size: 0; }
.kit-field__label { color: ${v("colorText")}; }
.kit-input {
  inline-size: 100%; font: inherit; font-size: ${v("bodyMdFontSize")}; color: ${v("colorText")};
  background-color: ${v("formBackgroundColor")};
  border: 1px solid ${v("formColorBorder")}; border-radius: ${v("formBorderRadius")};
  padding-block: ${v("inputFieldPaddingY")}; padding-inline: ${v("inputFieldPaddingX")};
  accent-color: ${v("formAccentColor")};
}
.kit-input::placeholder { color: ${v("formPlaceholderTextColor")}; opacity: 1; }
.kit-input:focus-visible {
  border-color: ${v("formHighlightColorBorder")};
  outline: 2px solid ${v("focusRingColor")}; outline-offset: 1px;
}
.kit-input:disabled { background-color: ${v("formDisabledColorBackground")}; cursor: not-allowed; }
.kit-input[aria-invalid="true"] { border-color: ${v("colorDanger")}; }
.kit-field__error { color: ${v("colorDanger")}; }

.kit-money, .kit-number { font-variant-numeric: tabular-nums; white-space: nowrap; }
`.trim();

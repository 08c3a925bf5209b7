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

.kit-steps { display: flex; flex-direction: column; gap: ${space(3)}; min-inline-size: 0; }
.kit-steps__progress { color: ${v("colorSecondaryText")}; margin: 0; }
.kit-steps h2 { margin: 0; }

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
.kit-check-label { display: block; color: ${v("colorText")}; overflow-wrap: anywhere; }
.kit-check-label input { accent-color: ${v("formAccentColor")}; margin-inline-end: ${space(2)}; vertical-align: middle; }
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
.kit-select { cursor: pointer; min-block-size: 2.5rem; }
.kit-textarea { min-block-size: 6rem; resize: vertical; font: inherit; }
.kit-confirm__amount { display: flex; flex-direction: column; gap: ${space(1)}; margin: 0; }
.kit-confirm__amount dd { margin: 0; }
.kit-date { min-block-size: 2.5rem; }
/* Chromium moves focus through the day, month, year and picker parts of a date input; on the
   picker part the input only matches :focus-within: draw the ring on every part. */
.kit-date:focus-within {
  border-color: ${v("formHighlightColorBorder")};
  outline: 2px solid ${v("focusRingColor")}; outline-offset: 1px;
}
.kit-fieldset { border: 0; margin: 0; padding: 0; min-inline-size: 0; }
.kit-fieldset > legend { padding: 0; margin-block-end: ${space(2)}; }
.kit-date-range__inputs { display: flex; flex-wrap: wrap; gap: ${space(3)}; }
.kit-date-range__inputs > .kit-field { flex: 1 1 12rem; }

.kit-overlay {
  position: fixed; inset: 0; z-index: ${v("overlayZIndex")};
  display: flex; align-items: center; justify-content: center; padding: ${space(4)};
}
.kit-overlay__backdrop { position: absolute; inset: 0; background-color: ${v("overlayBackdropColor")}; }
.kit-overlay__panel {
  position: relative; display: flex; flex-direction: column; gap: ${space(3)};
  inline-size: min(32rem, 100%); max-block-size: 100%; overflow: auto;
  padding: ${space(5)}; background-color: ${v("colorBackground")}; color: ${v("colorText")};
  border: 1px solid ${v("colorBorder")}; border-radius: ${v("overlayBorderRadius")};
}
.kit-overlay--drawer { justify-content: flex-end; align-items: stretch; padding: 0; }
.kit-overlay--drawer .kit-overlay__panel {
  inline-size: min(28rem, 100%); block-size: 100%; max-block-size: none;
  border-start-end-radius: 0; border-end-end-radius: 0;
}
.kit-overlay__header { display: flex; align-items: flex-start; gap: ${space(3)}; }
.kit-overlay__title { flex: 1; min-inline-size: 0; margin: 0; }
.kit-overlay__description { margin: 0; }
.kit-overlay__body { flex: 1 1 auto; min-block-size: 0; }
.kit-overlay__actions { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: ${space(2)}; }
.kit-overlay__close {
  flex: none; background: none; border: 0; padding: ${space(1)}; color: inherit; cursor: pointer;
  border-radius: ${v("borderRadius")}; font: inherit; font-size: 1.25rem; line-height: 1;
}

.kit-tabs { display: flex; flex-direction: column; gap: ${space(3)}; min-inline-size: 0; }
.kit-tabs__list {
  display: flex; flex-wrap: wrap; gap: ${space(1)}; border-block-end: 1px solid ${v("colorBorder")};
}
.kit-tabs__tab {
  padding-block: ${space(2)}; padding-inline: ${space(3)}; cursor: pointer;
  font-size: ${v("labelMdFontSize")}; font-weight: ${v("labelMdFontWeight")};
  color: ${v("colorSecondaryText")}; border-block-end: 2px solid transparent;
  margin-block-end: -1px; border-start-start-radius: ${v("borderRadius")};
  border-start-end-radius: ${v("borderRadius")};
}
.kit-tabs__tab--selected { color: ${v("colorText")}; border-block-end-color: ${v("colorPrimary")}; }
.kit-tabs__tab[aria-disabled="true"] { cursor: not-allowed; opacity: 0.6; }
.kit-tabs__panel { border-radius: ${v("borderRadius")}; }

.kit-dl { display: flex; flex-direction: column; gap: ${space(3)}; margin: 0; min-inline-size: 0; }
.kit-dl--columns .kit-dl__item {
  display: grid; grid-template-columns: minmax(6rem, 1fr) 2fr; gap: ${space(3)};
}
.kit-dl__term { color: ${v("colorSecondaryText")}; }
.kit-dl__description { margin: 0; min-inline-size: 0; overflow-wrap: anywhere; }
/* A status in a narrow description wraps rather than overflowing its column. */
.kit-dl__description .kit-badge { white-space: normal; max-inline-size: 100%; }

.kit-timeline { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; }
.kit-timeline__event { display: flex; gap: ${space(3)}; padding-block-end: ${space(4)}; position: relative; }
.kit-timeline__event:not(:last-child)::before {
  content: ""; position: absolute; inset-block: 1rem 0; inset-inline-start: calc(0.375rem - 1px);
  border-inline-start: 2px solid ${v("colorBorder")};
}
.kit-timeline__marker {
  flex: none; inline-size: 0.75rem; block-size: 0.75rem; margin-block-start: 0.35rem;
  border-radius: 50%; border: 2px solid ${v("badgeNeutralColorBorder")};
  background-color: ${v("badgeNeutralColorBackground")};
}
.kit-timeline__marker--success { border-color: ${v("colorSuccess")}; background-color: ${v("colorSuccess")}; }
.kit-timeline__marker--warning { border-color: ${v("colorWarning")}; background-color: ${v("colorWarning")}; }
.kit-timeline__marker--danger { border-color: ${v("colorDanger")}; background-color: ${v("colorDanger")}; }
.kit-timeline__body { display: flex; flex-direction: column; gap: ${space(1)}; min-inline-size: 0; }
.kit-timeline__title { margin: 0; }

.kit-toasts { display: flex; flex-direction: column; gap: ${space(2)}; }
.kit-toast {
  display: flex; align-items: flex-start; gap: ${space(3)};
  padding-block: ${space(3)}; padding-inline: ${space(4)};
  border-width: 1px; border-style: solid; border-radius: ${v("borderRadius")};
}
.kit-toast__message { flex: 1; min-inline-size: 0; }

.kit-combobox { position: relative; min-inline-size: 0; }
.kit-combobox__popup {
  position: absolute; inset-inline: 0; inset-block-start: calc(100% + ${space(1)}); z-index: 2;
  background-color: ${v("formBackgroundColor")}; color: ${v("colorText")};
  border: 1px solid ${v("formColorBorder")}; border-radius: ${v("formBorderRadius")};
  max-block-size: 16rem; overflow-y: auto;
}
.kit-combobox__popup[hidden] { display: none; }
.kit-combobox__list { list-style: none; margin: 0; padding: ${space(1)}; }
.kit-combobox__option {
  padding-block: ${space(2)}; padding-inline: ${space(3)}; cursor: pointer;
  border-radius: ${v("borderRadius")};
}
.kit-combobox__option--chosen { font-weight: ${v("labelMdFontWeight")}; }
.kit-combobox__option--active {
  background-color: ${v("offsetBackgroundColor")};
  outline: 2px solid ${v("focusRingColor")}; outline-offset: -2px;
}
.kit-combobox__option[aria-disabled="true"] { cursor: not-allowed; opacity: 0.6; }
.kit-combobox__status { padding-block: ${space(2)}; padding-inline: ${space(3)}; }

.kit-error-summary {
  display: flex; flex-direction: column; gap: ${space(2)};
  padding-block: ${space(3)}; padding-inline: ${space(4)};
  border: 2px solid ${v("colorDanger")}; border-radius: ${v("borderRadius")};
}
.kit-error-summary__title { margin: 0; }
.kit-error-summary__list { margin: 0; padding-inline-start: ${space(5)}; }
.kit-error-summary__link { color: ${v("colorDanger")}; text-underline-offset: 0.15em; }
.kit-form { display: flex; flex-direction: column; gap: ${space(4)}; min-inline-size: 0; }
.kit-form__fields { display: flex; flex-direction: column; gap: ${space(4)}; }
.kit-form__actions { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: ${space(2)}; }

.kit-switch {
  display: inline-flex; align-items: center; gap: ${space(2)}; flex: none;
  padding: ${space(1)}; border: 0; background: none; color: inherit; font: inherit;
  cursor: pointer; border-radius: ${v("borderRadius")}; min-block-size: 2.25rem;
}
.kit-switch:disabled { cursor: not-allowed; opacity: 0.6; }
.kit-switch__track {
  position: relative; display: inline-block; flex: none; inline-size: 2.5rem; block-size: 1.5rem;
  border: 1px solid ${v("formColorBorder")}; border-radius: 999px;
  background-color: ${v("offsetBackgroundColor")};
}
.kit-switch__thumb {
  position: absolute; inset-block-start: 0.125rem; inset-inline-start: 0.125rem;
  inline-size: 1.125rem; block-size: 1.125rem; border-radius: 50%;
  background-color: ${v("colorSecondaryText")}; transition: inset-inline-start 0.15s;
}
.kit-switch--on .kit-switch__track { background-color: ${v("colorPrimary")}; border-color: ${v("colorPrimary")}; }
.kit-switch--on .kit-switch__thumb { inset-inline-start: 1.125rem; background-color: ${v("colorBackground")}; }
.kit-switch__text { min-inline-size: 2rem; text-align: start; }

.kit-settings { display: flex; flex-direction: column; gap: ${space(5)}; min-inline-size: 0; }
.kit-settings__group { display: flex; flex-direction: column; gap: ${space(2)}; min-inline-size: 0; }
.kit-settings__title { margin: 0; }
.kit-settings__rows {
  margin: 0; padding: 0; list-style: none; min-inline-size: 0;
  border: 1px solid ${v("colorBorder")}; border-radius: ${v("borderRadius")};
}
.kit-settings__row {
  display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between;
  gap: ${space(2)} ${space(4)}; padding-block: ${space(3)}; padding-inline: ${space(4)}; min-inline-size: 0;
}
.kit-settings__row + .kit-settings__row { border-block-start: 1px solid ${v("colorBorder")}; }
.kit-settings__main { display: flex; flex-direction: column; gap: ${space(1)}; flex: 1 1 12rem; min-inline-size: 0; overflow-wrap: anywhere; }
.kit-settings__label { display: flex; flex-wrap: wrap; align-items: center; gap: ${space(2)}; }
.kit-settings__notes { margin: 0; padding-inline-start: ${space(5)}; }

.kit-address { min-inline-size: 0; }
.kit-address__fields { display: flex; flex-direction: column; gap: ${space(3)}; }

.kit-upload { gap: ${space(2)}; }
.kit-upload__zone {
  display: flex; flex-wrap: wrap; align-items: center; gap: ${space(3)};
  padding-block: ${space(4)}; padding-inline: ${space(4)};
  border: 2px dashed ${v("formColorBorder")}; border-radius: ${v("formBorderRadius")};
  background-color: ${v("formBackgroundColor")};
}
.kit-upload--dragging .kit-upload__zone {
  border-color: ${v("formHighlightColorBorder")}; background-color: ${v("offsetBackgroundColor")};
}
.kit-upload__progress { display: flex; flex-wrap: wrap; align-items: center; gap: ${space(3)}; }
.kit-upload__bar { flex: 1 1 8rem; min-inline-size: 0; block-size: 0.5rem; accent-color: ${v("colorPrimary")}; }
.kit-upload__result { display: flex; flex-wrap: wrap; align-items: center; gap: ${space(3)}; }
.kit-upload__result:empty { display: none; }

/* Editors open under the bar, from its start: on a narrow frame a chip near the end would
   otherwise push its editor past the edge. */
.kit-filter-bar {
  position: relative; display: flex; flex-wrap: wrap; align-items: center; gap: ${space(2)};
  min-inline-size: 0;
}
.kit-filter { min-inline-size: 0; max-inline-size: 100%; }
.kit-list__toolbar {
  display: flex; flex-wrap: wrap; align-items: flex-start; gap: ${space(2)};
  margin-block-end: ${space(3)}; min-inline-size: 0;
}
.kit-list__toolbar > .kit-filter-bar { flex: 1 1 auto; }
.kit-list__toolbar > .kit-banner { flex: 1 1 100%; }
/* A detail in sections (a payment: facts, actions, timeline, refunds, …), and a row of actions. */
.kit-detail-sections { display: flex; flex-direction: column; gap: ${space(4)}; min-inline-size: 0; }
.kit-detail-section { display: flex; flex-direction: column; gap: ${space(2)}; min-inline-size: 0; }
.kit-actions { display: flex; flex-wrap: wrap; align-items: flex-start; gap: ${space(2)}; }
.kit-actions > .kit-banner { flex: 1 1 100%; }
.kit-filter__chip {
  display: inline-flex; align-items: center; max-inline-size: 100%;
  border: 1px dashed ${v("colorBorder")}; border-radius: 999px;
  background-color: ${v("colorBackground")};
}
.kit-filter__chip--set { border-style: solid; background-color: ${v("offsetBackgroundColor")}; }
.kit-filter__open, .kit-filter__remove {
  font: inherit; font-size: ${v("labelSmFontSize")}; color: ${v("colorText")};
  background: none; border: 0; cursor: pointer; border-radius: 999px;
  padding-block: ${space(1)}; min-block-size: 2rem;
}
.kit-filter__open { padding-inline: ${space(3)}; text-align: start; min-inline-size: 0; }
.kit-filter__name { font-weight: ${v("labelSmFontWeight")}; }
.kit-filter__value { color: ${v("colorText")}; }
.kit-filter__remove { padding-inline: ${space(2)}; font-size: 1rem; line-height: 1; }
.kit-filter__popover {
  position: absolute; inset-inline-start: 0; inset-block-start: calc(100% + ${space(1)});
  z-index: 3; inline-size: min(20rem, 100%);
  padding: ${space(4)}; background-color: ${v("colorBackground")}; color: ${v("colorText")};
  border: 1px solid ${v("colorBorder")}; border-radius: ${v("overlayBorderRadius")};
}
.kit-filter__form { display: flex; flex-direction: column; gap: ${space(3)}; }
.kit-filter__choices { display: flex; flex-direction: column; gap: ${space(2)}; }
.kit-filter__choice { display: flex; align-items: center; gap: ${space(2)}; cursor: pointer; }
.kit-checkbox { inline-size: 1rem; block-size: 1rem; margin: 0; accent-color: ${v("formAccentColor")}; }
.kit-filter__actions { display: flex; justify-content: flex-end; }

.kit-vtable {
  position: relative; overflow: auto; max-block-size: 24rem; min-inline-size: 0;
  border: 1px solid ${v("colorBorder")}; border-radius: ${v("borderRadius")};
  font-size: ${v("bodySmFontSize")};
}
.kit-vtable__head {
  position: sticky; inset-block-start: 0; z-index: 1; background-color: ${v("colorBackground")};
}
/* Narrow screens scroll the grid sideways: its row groups keep a readable width. */
.kit-vtable__head, .kit-vtable__body { min-inline-size: 32rem; }
.kit-vtable__body { position: relative; }
.kit-vtable__row {
  display: grid;
  border-block-end: 1px solid ${v("colorBorder")};
}
.kit-vtable__body .kit-vtable__row { position: absolute; inset-inline: 0; }
.kit-vtable__cell {
  padding-block: ${v("tableRowPaddingY")}; padding-inline: ${v("tableRowPaddingX")};
  min-inline-size: 0; display: flex; align-items: center; gap: ${space(2)};
}
.kit-vtable__head .kit-vtable__cell {
  font-size: ${v("labelSmFontSize")}; font-weight: ${v("labelSmFontWeight")};
  text-transform: ${v("labelSmTextTransform")}; color: ${v("colorSecondaryText")};
}
.kit-vtable__cell--end { justify-content: flex-end; font-variant-numeric: tabular-nums; }
.kit-vtable__row--interactive { cursor: pointer; }
.kit-vtable__row--interactive:hover { background-color: ${v("offsetBackgroundColor")}; }
.kit-vtable:focus-visible .kit-vtable__row--active {
  outline: 2px solid ${v("focusRingColor")}; outline-offset: -2px;
  background-color: ${v("offsetBackgroundColor")};
}

.kit-chart { display: flex; flex-direction: column; gap: ${space(2)}; margin: 0; min-inline-size: 0; }
.kit-chart__plot { inline-size: 100%; min-inline-size: 0; overflow: hidden; direction: ltr; }
.kit-chart__canvas { inline-size: 100%; }
.kit-chart__summary { margin: 0; }
.kit-chart__data > summary { cursor: pointer; inline-size: fit-content; border-radius: ${v("borderRadius")}; }
.kit-chart .uplot { font-family: inherit; line-height: 1.5; inline-size: min-content; }
.kit-chart .u-wrap { position: relative; user-select: none; }
.kit-chart .u-over, .kit-chart .u-under { position: absolute; }
.kit-chart .u-under { overflow: hidden; }
.kit-chart .uplot canvas { display: block; position: relative; inline-size: 100%; block-size: 100%; }
.kit-chart .u-axis { position: absolute; }
.kit-chart .u-axis.u-off, .kit-chart .u-select { display: none; }

.kit-money, .kit-number { font-variant-numeric: tabular-nums; white-space: nowrap; }

.kit-diagram { display: block; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.kit-diagram text { fill: ${v("colorText")}; font-size: 12px; }
.kit-diagram .kit-diagram__note { fill: ${v("colorSecondaryText")}; font-size: 10px; }
.kit-diagram .kit-diagram__title { font-weight: 600; }
.kit-diagram__container { fill: ${v("offsetBackgroundColor")}; stroke: ${v("colorBorder")}; }
.kit-diagram__state { fill: ${v("colorBackground")}; stroke: ${v("colorText")}; stroke-width: 1.2; }
.kit-diagram__active .kit-diagram__state, .kit-diagram__container.kit-diagram__active {
  stroke: ${v("colorPrimary")}; stroke-width: 3;
}
.kit-diagram__edge { fill: none; stroke: ${v("colorSecondaryText")}; stroke-width: 1.2; }
.kit-diagram__dot { fill: ${v("colorText")}; }
`.trim();

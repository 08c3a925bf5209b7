/** The library page's own layout: theme variables and logical properties only. */
import { space, v } from "../theme/css.ts";

export const libraryStylesheet = `
.kit-library {
  display: flex; flex-direction: column; gap: ${space(8)};
  padding-block: ${space(6)}; padding-inline: ${space(4)};
  max-inline-size: 72rem; margin-inline: auto;
}
.kit-library__section {
  display: flex; flex-direction: column; gap: ${space(3)};
  padding-block-start: ${space(4)}; border-block-start: 1px solid ${v("colorBorder")};
}
.kit-library__items { display: flex; flex-wrap: wrap; align-items: flex-start; gap: ${space(3)}; }
.kit-library__items > div:has(> .kit-table-wrap) { min-inline-size: 0; }
.kit-library__items > .kit-banner, .kit-library__items > .kit-field,
.kit-library__items > div:has(> .kit-table-wrap), .kit-library__items > .kit-tabs,
.kit-library__items > .kit-dl, .kit-library__items > .kit-timeline,
.kit-library__items > .kit-toasts { flex: 1 1 100%; }
.kit-library__items > .kit-date-range, .kit-library__items > .kit-bank-account { flex: 1 1 100%; }
.kit-library__items > .kit-address, .kit-library__items > .kit-form,
.kit-library__items > .kit-filter-bar, .kit-library__items > .kit-vtable,
.kit-library__items > .kit-chart { flex: 1 1 100%; }
.kit-library__items > .kit-address { flex: 1 1 18rem; }
.kit-library__items > .kit-field:has(> select), .kit-library__items > .kit-field:has(> input:not([type=text])),
.kit-library__items > .kit-field:has(> [inputmode]) {
  flex: 1 1 14rem;
}
.kit-library__items > .kit-skeleton { flex: 1 1 16rem; }
`.trim();

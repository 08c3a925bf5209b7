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
.kit-library__items > .kit-banner, .kit-library__items > .kit-field,
.kit-library__items > div:has(> .kit-table-wrap) { flex: 1 1 100%; }
.kit-library__items > .kit-skeleton { flex: 1 1 16rem; }
`.trim();

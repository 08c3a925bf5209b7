/** The sign-in popup's layout: theme variables and logical properties only. */
import { space, v } from "../theme/css.ts";

export const popupStylesheet = `
.popup {
  display: flex; flex-direction: column; gap: ${space(4)};
  max-inline-size: 24rem; margin-inline: auto;
  padding-block: ${space(8)}; padding-inline: ${space(4)};
  color: ${v("colorText")};
}
.popup__title { margin: 0; font-size: 1.25rem; }
.popup__form { display: flex; flex-direction: column; gap: ${space(3)}; }
.popup__actions { display: flex; flex-wrap: wrap; gap: ${space(2)}; }
`.trim();

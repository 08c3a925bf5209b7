/**
 * The frame shell's stylesheet: theme variables only, logical properties only. The shell is
 * a size container, so component views may use container queries; the narrow class (set
 * from the measured width, below 381px) also works where container queries do not.
 */
import { space } from "../theme/css.ts";

export const frameStylesheet = `
.frame-shell { container-type: inline-size; container-name: frame; padding-block: ${space(1)}; }
.frame-shell--narrow { padding-block: ${space(0.5)}; }
.frame-shell--narrow .kit-banner { padding-inline: ${space(2)}; }
.frame-shell__message { margin: 0; }
`.trim();

// biome-ignore-all assist/source/organizeImports: jitless.ts must be evaluated first.
// First: zod is made jitless before any schema module below is evaluated.
export { jitless } from "./jitless.ts";

import { validateAppearance, validateFonts } from "../../protocol/appearance.schema.ts";
import { resolveLocale } from "../../protocol/locale-match.ts";

/**
 * The deep option checks, imported lazily by the loader (they carry zod and the CLDR locale
 * matcher, which the platform script's budget cannot). Never throws: every bad value becomes
 * a warning that names it, and the frames drop it again before applying (they validate too).
 */
export function checkOptionsDeeply(
  options: { appearance?: unknown; fonts?: unknown; locale?: string | undefined },
  context: { development: boolean },
): { warnings: string[]; resolvedLocale: string | undefined } {
  const warnings: string[] = [];
  if (options.appearance !== undefined)
    warnings.push(...validateAppearance(options.appearance).warnings.map((w) => w.message));
  if (options.fonts !== undefined)
    warnings.push(
      ...validateFonts(options.fonts, { development: context.development }).warnings.map(
        (w) => w.message,
      ),
    );
  const resolvedLocale = options.locale === undefined ? undefined : resolveLocale(options.locale);
  return { warnings, resolvedLocale };
}

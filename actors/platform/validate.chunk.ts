/**
 * The catalogue's input validation, loaded on demand by the elements (a dynamic import): it
 * carries every zod schema of the catalogue, which the platform script's budget cannot. An
 * element applies a value only once this chunk has accepted it.
 */
// biome-ignore-all assist/source/organizeImports: jitless.ts must be evaluated first.
// First: zod is made jitless before any schema module below is evaluated.
export { jitless } from "./jitless.ts";

export { validateAttribute, validateSetter } from "../../protocol/catalogue/index.ts";

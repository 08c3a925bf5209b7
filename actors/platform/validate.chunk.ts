/**
 * The catalogue's input validation, loaded on demand by the elements (a dynamic import): it
 * carries every zod schema of the catalogue, which the platform script's budget cannot. An
 * element applies a value only once this chunk has accepted it.
 */
import { z } from "zod";

export { validateAttribute, validateSetter } from "../../protocol/catalogue/index.ts";

// The platform's CSP need not allow 'unsafe-eval' (USERS.md 5): the SDK's zod never compiles
// code. Set when this lazy chunk is evaluated, before its first parse.
z.config({ jitless: true });

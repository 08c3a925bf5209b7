import { z } from "zod";

/**
 * The platform's CSP need not allow 'unsafe-eval' (USERS.md 5, docs/platform-csp.md), so the
 * SDK's zod never compiles code. zod probes `Function("")` as soon as an object schema is
 * built, which the catalogue and message modules do when they are evaluated: each lazy chunk
 * that carries zod therefore re-exports this module FIRST, so it is evaluated before them.
 * (Re-exported, not a bare side-effect import, so no bundler drops it under sideEffects: false.)
 */
z.config({ jitless: true });

export const jitless = true;

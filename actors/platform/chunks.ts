/**
 * The platform script's lazily imported chunks, in one place. The ES build lets the
 * platform's bundler (or Rollup) split them; the classic script (`<script src>`, no bundler)
 * swaps this module for `chunks.classic.ts`, which imports the same modules as ES modules
 * from the directory the script itself was served from (the connect host's versioned path).
 */
export const chunks = {
  /** The loader machine and XState. */
  session: () => import("./session.chunk.ts"),
  /** An element's handshake + call server (zod). */
  hostServer: () => import("./host-server.chunk.ts"),
  /** Every catalogue schema (zod), for attribute and setter values. */
  validate: () => import("./validate.chunk.ts"),
  /** Appearance / font schemas and the locale matcher (zod, CLDR). */
  optionsCheck: () => import("./options.check.ts"),
};

export type Chunks = typeof chunks;

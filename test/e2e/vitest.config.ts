import { defineConfig } from "vitest/config";

/**
 * Browser tests: real Chromium (Debian's, through playwright-core) against pages served on
 * real origins — the platform on localhost, the connect host on 127.0.0.1, a stranger on
 * 127.0.0.2 — so frames run cross-site as in production. Run by `npm test` after the build.
 */
export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/e2e/**/*.e2e.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

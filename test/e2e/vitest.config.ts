import { defineConfig } from "vitest/config";
import SharedStackLast from "./sequencer.ts";

/**
 * Browser tests: real Chromium (Debian's, through playwright-core) against pages served on
 * real origins — the platform on localhost, the connect host on 127.0.0.1, a stranger on
 * 127.0.0.2 — so frames run cross-site as in production. Run by `npm test` after the build.
 *
 * One worker runs every file in turn without isolation, so the files on the example platform
 * share one Chromium, each with its own started stack (`support/example-platform.ts`); the
 * sequencer runs them last, after the files that start hosts of their own on the same ports.
 */
export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/e2e/**/*.e2e.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    isolate: false,
    sequence: { sequencer: SharedStackLast },
    // One retry in CI, never locally; each test that needed it is named at the end of the run
    // (`flaky-reporter.ts`, which `npm test` adds).
    retry: process.env.CI ? 1 : 0,
    testTimeout: 60_000,
    // A poll waits as long as Playwright's own waits: a dashboard of many frames can take
    // seconds to load on a loaded two-core runner (the default second is far too short).
    expect: { poll: { timeout: 30_000 } },
    hookTimeout: 120_000,
  },
});

import { defineConfig } from "vitest/config";
import SharedStackLast from "./sequencer.ts";

/**
 * Browser tests: real Chromium (Debian's, through playwright-core) against pages served on
 * real origins — the platform on localhost, the connect host on 127.0.0.1, a stranger on
 * 127.0.0.2 — so frames run cross-site as in production. Run by `npm test` after the build.
 *
 * Two workers (CI has two cores), each running its files in turn without isolation: the
 * files of a worker share one Chromium, each file with its own started stack
 * (`support/example-platform.ts`), every worker on ports of its own (`support/hosts.ts`).
 * The sequencer runs the files that start hosts of their own first, then the ones on the
 * example platform.
 */
export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["test/e2e/**/*.e2e.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    isolate: false,
    sequence: { sequencer: SharedStackLast },
    // One retry in CI, never locally; each test that needed it is named at the end of the run
    // (`flaky-reporter.ts`, which `npm test` adds).
    retry: process.env.CI ? 1 : 0,
    // A guard against a hung test, not a speed check (speed is `npm run bench`'s): the longest
    // flows (an onboarding from nothing, a sign-in created by its person) take 50–55 s when two
    // workers share the two cores.
    testTimeout: 120_000,
    // A poll waits as long as Playwright's own waits: a dashboard of many frames can take
    // seconds to load on a loaded two-core runner (the default second is far too short).
    expect: { poll: { timeout: 30_000 } },
    hookTimeout: 120_000,
  },
});

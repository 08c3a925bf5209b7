import type { Reporter, TestCase } from "vitest/node";

/**
 * Names every browser test that passed only on a retry. In CI a browser test gets one retry
 * (`vitest.config.ts`): a real Chromium on a loaded two-core runner sometimes loses an input
 * event, and one lost click must not throw away a whole run. A retry must never hide a
 * pattern, so each one is printed at the end of the run, in the log CI keeps, to be fixed,
 * with the error its failed attempt threw (a passed result keeps it): the cause, not only
 * the name.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    const result = test.result();
    if (result.state === "passed" && diagnostic?.flaky) {
      const causes = (result.errors ?? []).map(
        (error) =>
          `      ${(error.stack ?? error.message).split("\n").slice(0, 8).join("\n      ")}`,
      );
      this.flaky.push(
        [
          `${test.module.moduleId} > ${test.fullName} (retries: ${diagnostic.retryCount})`,
          ...causes,
        ].join("\n"),
      );
    }
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.log(`\nBrowser tests that passed only on a retry (${this.flaky.length}) — fix them:`);
    for (const name of this.flaky) console.log(`  flaky: ${name}`);
  }
}

import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Runs the files that start hosts of their own first, then every file on the worker's shared
 * example-platform stack (`support/example-platform.ts`) one after another, so that stack is
 * started once and every file after it finds it up.
 */
export default class SharedStackLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const onShared = (file: TestSpecification) =>
      readFileSync(file.moduleId, "utf8").includes("examplePlatformTests(");
    return [...sorted.filter((f) => !onShared(f)), ...sorted.filter(onShared)];
  }
}

import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { recordedPayoutsListTrace } from "../actors/inspection/recorder.fixture.ts";
import type { TraceFile } from "../protocol/inspection.ts";
import { discoverMachines, repoRoot } from "./diagrams.ts";
import { parseTrace, runTraceTests, TraceError, traceToTest } from "./trace-to-test.ts";

/**
 * `npm run trace-to-test` (issue 17): a trace recorded from the payouts list becomes a test
 * that passes; the same trace with two events swapped becomes a test that fails. The made
 * tests are run by Vitest itself, once, together.
 */

const outDir = path.join("test", "traces", `made-${process.pid}`);
const workDir = path.join(repoRoot, outDir);

afterAll(() => rm(workDir, { recursive: true, force: true }));

async function writeTrace(name: string, trace: unknown) {
  await mkdir(workDir, { recursive: true });
  const file = path.join(workDir, name);
  await writeFile(file, JSON.stringify(trace));
  return file;
}

describe("trace-to-test", () => {
  it("a recorded trace becomes a test that passes; with an impossible event order, one that fails", async () => {
    const trace = await recordedPayoutsListTrace();
    const machines = await discoverMachines();
    const good = await traceToTest(await writeTrace("list.json", trace), { outDir, machines });
    const swapped: TraceFile = {
      ...trace,
      steps: [trace.steps[1]!, trace.steps[0]!, ...trace.steps.slice(2)],
    };
    const bad = await traceToTest(await writeTrace("list-swapped.json", swapped), {
      outDir,
      machines,
    });
    const source = await readFile(path.join(repoRoot, good), "utf8");
    expect(source).toContain(
      'import { payoutsListMachine as machine } from "../../../machines/components/payouts-list/payouts-list.machine.ts";',
    );

    const statusOf = await runTraceTests([good, bad]);
    expect(statusOf[good]).toEqual(["passed"]);
    expect(statusOf[bad]).toEqual(["failed"]);
  }, 90_000);

  it("a file that is not a trace, or names a machine that does not exist, is refused with a reason", async () => {
    expect(() => parseTrace("{")).toThrow(TraceError);
    expect(() => parseTrace(JSON.stringify({ format: "machine-trace", version: 2 }))).toThrow(
      /not a trace file/,
    );
    const trace = await recordedPayoutsListTrace();
    const file = await writeTrace("ghost.json", { ...trace, machine: "noSuchMachine" });
    await expect(traceToTest(file, { outDir, machines: [] })).rejects.toThrow(
      /no machine under machines\/ has the id "noSuchMachine"/,
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  type DownloadEmitted,
  type DownloadEvent,
  downloadMachine,
} from "../../machines/components/download.machine.ts";
import { DONE, ERROR, FakeCalls, failureOf, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * The kit's download (a CSV export, a PDF) walked through its graph: the file arrives, the
 * call fails (network, 401, 403), the person retries or dismisses. Every path checks its
 * promises: one call per click, the file emitted once per success and never after a
 * failure, a 401 also reported as `unauthorized`, the failure kept until dismissed or retried.
 */

type Machine = typeof downloadMachine;
const FETCH = downloadMachine.getStateNodeById("download.downloading").invoke[0]?.id ?? "";
const URL_A = "/v1/exports/charges?status%5B%5D=refunded";
const FILE = new File(["id\nch_1\n"], "payments.csv", { type: "text/csv" });

const FAILURES = [
  { label: "network failure", error: new TypeError("Failed to fetch") },
  { label: "401", error: http(401) },
  { label: "403", error: http(403) },
];

const model: MachineModel<Machine> = {
  machine: downloadMachine,
  input: undefined as never,
  events: {
    download: [{ type: "download", url: URL_A }],
    dismiss: [{ type: "dismiss" }],
    [`${DONE}${FETCH}`]: [{ type: `${DONE}${FETCH}` }],
    [`${ERROR}${FETCH}`]: FAILURES.map(({ error }) => ({ type: `${ERROR}${FETCH}`, error })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as DownloadEvent | { type: string; error?: unknown };
    if (e.type === "download") return "download";
    if (e.type === "dismiss") return "dismiss";
    if (e.type.startsWith(DONE)) return "file arrives";
    const found = FAILURES.find((f) => "error" in e && f.error === e.error);
    return `fails (${found?.label ?? "?"})`;
  },
};

const paths = coveringPaths(model, { maxDepth: 5 });

describe("the kit's download, model-based", () => {
  it("walks a success, every failure, a retry and a dismissal", () => {
    const walked = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of [
      "download",
      "dismiss",
      "file arrives",
      ...FAILURES.map((f) => `fails (${f.label})`),
    ])
      expect(walked).toContain(label);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    const calls = new FakeCalls();
    const machine = downloadMachine.provide({
      actors: { fetchFile: calls.logic("fetchFile", () => FILE) },
    });
    const run = await replayWithCalls(machine, undefined as never, path, calls);
    try {
      for (const step of run.steps) {
        const effects: DownloadEmitted[] = step.effects;
        const failure = FAILURES.find((f) => (step.event as { error?: unknown }).error === f.error);
        if (step.event.type.startsWith(DONE)) {
          // The file once, and nothing left failed.
          expect(effects).toEqual([{ type: "file.ready", file: FILE }]);
          expect(step.snapshot.value).toBe("idle");
          expect(step.snapshot.context.failure).toBeNull();
        } else if (failure) {
          // No file; the typed failure kept; a 401 also reported as unauthorized.
          const is401 = failure.label === "401";
          expect(effects).toEqual(is401 ? [{ type: "unauthorized" }] : []);
          expect(step.snapshot.value).toBe("failed");
          expect(step.snapshot.context.failure).toEqual(failureOf(failure.error));
        } else {
          expect(effects).toEqual([]);
        }
        if (step.event.type === "download") {
          // One click, one call with its URL; a click while a call runs starts nothing.
          const before = run.steps[run.steps.indexOf(step) - 1]?.snapshot.value ?? "idle";
          expect(step.started.map((c) => c.input)).toEqual(
            before === "downloading" ? [] : [{ url: URL_A }],
          );
        }
        if (step.event.type === "dismiss") expect(step.snapshot.context.failure).toBeNull();
      }
    } finally {
      run.actor.stop();
    }
  });
});

import { describe, expect, it } from "vitest";
import {
  type LogoutEmitted,
  type LogoutInput,
  logoutMachine,
} from "../../machines/auth/logout.machine.ts";
import { DONE, ERROR, FakeCalls, failureOf, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * One logout request (SPEC.md §4 "Logout", §7 DELETE /v1/connect/session, §8 "Logout"), walked
 * through the logout machine's graph for every input (user key or not, user key only or all
 * keys). The invalidation call is part of the graph: it can succeed, answer 401, 404, 403 or
 * 500, or fail on the network; each is its own step, replayed by settling a pending fake call.
 */

// ---------------------------------------------------------------------------------------
// The logout model, one per input

const INVALIDATING = logoutMachine.getStateNodeById("logout.invalidating").invoke[0]?.id ?? "";

const FAILURES: { label: string; error: unknown }[] = [
  { label: "answers 401", error: http(401) },
  { label: "answers 404", error: http(404) },
  { label: "answers 403", error: http(403) },
  { label: "answers 500", error: http(500) },
  { label: "network failure", error: new TypeError("fetch failed") },
];

const modelFor = (input: LogoutInput): MachineModel<typeof logoutMachine> => ({
  machine: logoutMachine,
  input,
  events: {
    [`${DONE}${INVALIDATING}`]: [{ type: `${DONE}${INVALIDATING}` }],
    [`${ERROR}${INVALIDATING}`]: FAILURES.map(({ error }) => ({
      type: `${ERROR}${INVALIDATING}`,
      error,
    })),
  } as MachineModel<typeof logoutMachine>["events"],
  describeEvent: (event) => {
    const e = event as { type: string; error?: unknown };
    if (e.type.startsWith(DONE)) return "invalidation succeeds";
    const found = FAILURES.find((f) => f.error === e.error);
    return `invalidation ${found?.label ?? "fails"}`;
  },
});

const INPUTS: LogoutInput[] = [
  { clearUserSessionOnly: true, hasUserKey: true },
  { clearUserSessionOnly: false, hasUserKey: true },
  { clearUserSessionOnly: true, hasUserKey: false },
  { clearUserSessionOnly: false, hasUserKey: false },
];

const describeInput = (input: LogoutInput) =>
  `${input.hasUserKey ? "user key" : "no user key"}, clear ${input.clearUserSessionOnly ? "user key only" : "all keys"}`;

const cases = INPUTS.flatMap((input) => {
  const model = modelFor(input);
  return coveringPaths(model, { maxDepth: 3 }).map((path) => ({
    name: `${describeInput(input)}: ${path.name}`,
    input,
    model,
    path,
  }));
});

describe("logout, model-based", () => {
  it("walks every outcome of the invalidation", () => {
    const walked = new Set(cases.flatMap((c) => c.path.steps.map((s) => s.label)));
    expect(walked).toContain("invalidation succeeds");
    for (const { label } of FAILURES) expect(walked).toContain(`invalidation ${label}`);
    expect(cases.length).toBeGreaterThanOrEqual(2 * (FAILURES.length + 1) + 2);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { input, path }) => {
    const calls = new FakeCalls();
    const machine = logoutMachine.provide({
      actors: {
        invalidateUserSession: calls.logic<void, void>("invalidateUserSession", () => undefined),
      },
    });
    const run = await replayWithCalls(machine, input, path, calls);
    try {
      const effects: LogoutEmitted[] = [
        ...run.initialEffects,
        ...run.steps.flatMap((s) => s.effects),
      ];
      // The server is asked to invalidate the session only when there is a user key, once.
      expect(calls.calls.length).toBe(input.hasUserKey ? 1 : 0);
      const outcome = run.steps.find((s) => s.call !== null)?.event as
        | { type: string; error?: unknown }
        | undefined;
      const failure = outcome?.type.startsWith(ERROR) ? failureOf(outcome.error) : null;
      const invalidated =
        !input.hasUserKey ||
        outcome?.type.startsWith(DONE) === true ||
        (failure?.kind === "http" && (failure.status === 401 || failure.status === 404));
      const finished = run.actor.getSnapshot().status === "done";
      if (!finished) {
        // Still waiting for the server: nothing cleared, nothing failed yet.
        expect(input.hasUserKey && outcome === undefined).toBe(true);
        expect(effects).toEqual([]);
        return;
      }
      const scope = input.clearUserSessionOnly ? "user" : "all";
      if (invalidated) {
        // §4: the keys are cleared, with the requested scope, exactly once.
        expect(effects).toEqual([{ type: "keys.clear", scope }]);
        expect(run.actor.getSnapshot().output).toEqual({ ok: true });
      } else {
        // §8: any other failure keeps the keys; the request fails (fetchErrorResponse).
        if (!failure) throw new Error("a kept logout without a failure");
        expect(effects).toEqual([{ type: "logout.failed", failure }]);
        expect(run.actor.getSnapshot().output).toEqual({ ok: false, failure });
      }
    } finally {
      run.actor.stop();
    }
  });
});

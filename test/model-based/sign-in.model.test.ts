import { describe, expect, it } from "vitest";
import {
  type Credentials,
  type SignedIn,
  type SignInEmitted,
  SignInError,
  type SignInEvent,
  type SignInFailure,
  type SignInInput,
  signInMachine,
} from "../../machines/popup/sign-in.machine.ts";
import { DONE, ERROR, FakeCalls, flush, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * The sign-in popup page walked through its graph, with and without a data layer to report
 * to. The sign-in call is part of the graph: it can answer or fail (wrong credentials, rate
 * limited, anything else), and the user can cancel or close the window at any point. Every
 * path checks the popup's promises: the key is reported once and only after a sign-in, then
 * popupComplete, then the window closes; without a sign-in only popupComplete (or, with no
 * data layer, nothing); the password is never kept.
 */

type Machine = typeof signInMachine;
const SIGNING_IN = signInMachine.getStateNodeById("signIn.signingIn").invoke[0]?.id ?? "";

const FAILURES: { label: string; error: unknown; failure: SignInFailure }[] = [
  { label: "wrong credentials", error: new SignInError("credentials"), failure: "credentials" },
  { label: "rate limited", error: new SignInError("rate_limited"), failure: "rate_limited" },
  { label: "network failure", error: new TypeError("Failed to fetch"), failure: "unavailable" },
];

const answer = (input: Credentials): SignedIn => ({
  apiKey: `uk_for_${input.email}`,
  sessionCreatedForEmbedded: true,
});

const modelFor = (input: SignInInput): MachineModel<Machine> => ({
  machine: signInMachine,
  input,
  events: {
    "form.submit": [{ type: "form.submit", email: "anna@example.com", password: "s3cret-pw" }],
    [`${DONE}${SIGNING_IN}`]: [{ type: `${DONE}${SIGNING_IN}` }],
    [`${ERROR}${SIGNING_IN}`]: FAILURES.map(({ error }) => ({
      type: `${ERROR}${SIGNING_IN}`,
      error,
    })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as SignInEvent | { type: string; error?: unknown };
    if (e.type === "form.submit") return "submit";
    if (e.type === "popup.cancel") return "cancel";
    if (e.type === "window.closing") return "window closes";
    if (e.type.startsWith(DONE)) return "sign-in answers";
    const found = FAILURES.find((f) => "error" in e && f.error === e.error);
    return `sign-in ${found?.label ?? "fails"}`;
  },
});

const INPUTS: SignInInput[] = [{ dataLayerFound: true }, { dataLayerFound: false }];

const cases = INPUTS.flatMap((input) => {
  const model = modelFor(input);
  return coveringPaths(model, { maxDepth: 4 }).map((path) => ({
    name: `${input.dataLayerFound ? "opened by a UI frame" : "opened on its own"}: ${path.name}`,
    input,
    path,
  }));
});

describe("the sign-in popup page, model-based", () => {
  it("walks every outcome of a sign-in", () => {
    const walked = new Set(cases.flatMap((c) => c.path.steps.map((s) => s.label)));
    for (const label of [
      "submit",
      "cancel",
      "window closes",
      "sign-in answers",
      ...FAILURES.map((f) => `sign-in ${f.label}`),
    ])
      expect(walked).toContain(label);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { input, path }) => {
    const calls = new FakeCalls();
    const machine = signInMachine.provide({ actors: { signIn: calls.logic("signIn", answer) } });
    const run = await replayWithCalls(machine, input, path, calls);
    try {
      expect(run.initialEffects).toEqual([]);
      const effects: SignInEmitted[] = run.steps.flatMap((s) => s.effects);
      const types = effects.map((e) => e.type);
      const signedIn = run.steps.some((s) => s.event.type.startsWith(DONE));
      const ended = run.actor.getSnapshot().status === "done";
      if (!input.dataLayerFound) {
        // Nothing to report to: it never signs in, and only closes.
        expect(calls.calls).toEqual([]);
        expect(types).toEqual(ended ? ["window.close"] : []);
      } else if (signedIn) {
        // The key once, then popupComplete, then the window closes.
        expect(types).toEqual(["report.authenticated", "report.complete", "window.close"]);
        expect(effects[0]).toMatchObject({ apiKey: "uk_for_anna@example.com" });
      } else {
        expect(types).toEqual(ended ? ["report.complete", "window.close"] : []);
      }
      for (const step of run.steps) {
        const failure = FAILURES.find((f) => (step.event as { error?: unknown }).error === f.error);
        // A failed sign-in shows its typed failure and reports nothing.
        if (failure) {
          expect(step.snapshot.context.failure).toBe(failure.failure);
          expect(step.effects).toEqual([]);
        }
        expect(JSON.stringify(step.snapshot.context)).not.toContain("s3cret-pw");
      }
      // A sign-in answered after the window closed reports nothing more.
      const open = calls.calls.filter((c) => !c.settled);
      if (open.length > 0 && ended) {
        const late: unknown[] = [];
        run.actor.on("*", (e) => late.push(e));
        for (const call of open) call.answer();
        await flush();
        expect(late).toEqual([]);
      }
    } finally {
      run.actor.stop();
    }
  });
});

import { describe, expect, it } from "vitest";
import {
  type ExchangedUserKey,
  type ExchangeRequest,
  type PopupWaitEmitted,
  type PopupWaitEvent,
  type PopupWaitInput,
  popupWaitMachine,
} from "../../machines/popup/popup-wait.machine.ts";
import { DONE, ERROR, FakeCalls, failureOf, flush, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * The popup sign-in wait (SPEC.md §4 "Popup sign-in wait"), walked through the popup-wait
 * machine's graph for every input (wait for auth or for complete; user authenticated or not).
 * The key exchange (POST /v1/embedded/user_authed_key) is part of the graph: it can answer,
 * be rejected (400), fail (500) or fail on the network, and the wait can be aborted at any
 * point; each is its own step, replayed by settling a pending fake call.
 */

// ---------------------------------------------------------------------------------------
// The popup-wait model, one per input

const EXCHANGING = popupWaitMachine.getStateNodeById("popupWait.exchanging").invoke[0]?.id ?? "";

const FAILURES: { label: string; error: unknown }[] = [
  { label: "rejected 400", error: http(400) },
  { label: "fails 500", error: http(500) },
  { label: "network failure", error: new TypeError("fetch failed") },
];

/** What the fake exchange answers for a popup key. */
const exchanged = (input: ExchangeRequest): ExchangedUserKey => ({
  userKey: `uk_for_${input.apiKey}`,
  refreshToken: `rt_for_${input.apiKey}`,
  expires: input.sessionCreatedForEmbedded ? 2_000_000_000_000 : 1_900_000_000_000,
});

const modelFor = (input: PopupWaitInput): MachineModel<typeof popupWaitMachine> => ({
  machine: popupWaitMachine,
  input,
  events: {
    "popup.authentication-complete": [
      {
        type: "popup.authentication-complete",
        apiKey: "pk_popup_1",
        sessionCreatedForEmbedded: true,
      },
      {
        type: "popup.authentication-complete",
        apiKey: "pk_popup_2",
        sessionCreatedForEmbedded: false,
      },
    ],
    [`${DONE}${EXCHANGING}`]: [{ type: `${DONE}${EXCHANGING}` }],
    [`${ERROR}${EXCHANGING}`]: FAILURES.map(({ error }) => ({
      type: `${ERROR}${EXCHANGING}`,
      error,
    })),
  } as MachineModel<typeof popupWaitMachine>["events"],
  describeEvent: (event) => {
    const e = event as PopupWaitEvent | { type: string; error?: unknown };
    if (e.type === "popup.authentication-complete" && "apiKey" in e)
      return `popup authenticated(${e.apiKey})`;
    if (e.type === "wait.abort") return "abort";
    if (e.type.startsWith(DONE)) return "exchange answers";
    const found = FAILURES.find((f) => "error" in e && f.error === e.error);
    return `exchange ${found?.label ?? "fails"}`;
  },
});

const INPUTS: PopupWaitInput[] = [
  { mode: "auth", userAuthenticated: false },
  { mode: "auth", userAuthenticated: true },
  { mode: "complete", userAuthenticated: false },
  { mode: "complete", userAuthenticated: true },
];

const describeInput = (input: PopupWaitInput) =>
  `wait for ${input.mode}, ${input.userAuthenticated ? "user authenticated" : "not authenticated"}`;

const cases = INPUTS.flatMap((input) => {
  const model = modelFor(input);
  return coveringPaths(model, { maxDepth: 3 }).map((path) => ({
    name: `${describeInput(input)}: ${path.name}`,
    input,
    path,
  }));
});

describe("popup sign-in wait, model-based", () => {
  it("walks every outcome of the wait", () => {
    const walked = new Set(cases.flatMap((c) => c.path.steps.map((s) => s.label)));
    for (const label of [
      "abort",
      "exchange answers",
      ...FAILURES.map((f) => `exchange ${f.label}`),
    ])
      expect(walked).toContain(label);
    expect(cases.filter((c) => c.path.steps.at(-1)?.label === "abort").length).toBe(3);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { input, path }) => {
    const calls = new FakeCalls();
    const machine = popupWaitMachine.provide({
      actors: { exchangeUserKey: calls.logic("exchangeUserKey", exchanged) },
    });
    const run = await replayWithCalls(machine, input, path, calls);
    try {
      const atOnce = input.userAuthenticated || input.mode === "complete";
      // §4: it resolves at once iff the user is authenticated or the mode is complete, and
      // then it waits for nothing and exchanges nothing.
      expect(path.steps.length === 0 || !atOnce).toBe(true);
      if (path.steps.length === 0)
        expect(run.actor.getSnapshot().output).toEqual(
          atOnce ? { outcome: "resolved" } : undefined,
        );
      expect(run.initialEffects).toEqual([]);
      let popupKey: ExchangeRequest | null = null;
      let aborts = 0;
      for (const step of run.steps) {
        const event = step.event as PopupWaitEvent | { type: string; error?: unknown };
        if (event.type === "popup.authentication-complete" && "apiKey" in event) {
          popupKey = {
            apiKey: event.apiKey,
            sessionCreatedForEmbedded: event.sessionCreatedForEmbedded,
          };
          // §4: the popup's key is exchanged, as received.
          expect(step.started.map((c) => c.input)).toEqual([popupKey]);
          expect(step.effects).toEqual([]);
        } else if (event.type === "wait.abort") {
          aborts++;
          // §4: aborting the wait sends popupComplete, once.
          expect(step.effects).toEqual([{ type: "popup-complete.broadcast" }]);
          expect(step.snapshot.output).toEqual({ outcome: "aborted" });
        } else if (event.type.startsWith(DONE)) {
          if (!popupKey) throw new Error("an exchange without a popup key");
          // The exchanged user key is handed on, method popup.
          expect(step.effects).toEqual([
            { type: "user-key.received", key: exchanged(popupKey), method: "popup" },
          ]);
          expect(step.snapshot.output).toEqual({ outcome: "resolved" });
        } else if (event.type.startsWith(ERROR)) {
          const failure = failureOf((event as { error?: unknown }).error);
          // §8: an exchange failure is reported (fetchErrorResponse to all) and rejects the wait.
          expect(step.effects).toEqual([{ type: "exchange.failed", failure }]);
          expect(step.snapshot.output).toEqual({ outcome: "rejected", failure });
        }
      }
      const effects: PopupWaitEmitted[] = [
        ...run.initialEffects,
        ...run.steps.flatMap((s) => s.effects),
      ];
      expect(effects.filter((e) => e.type === "popup-complete.broadcast")).toHaveLength(aborts);
      // An exchange still in flight when the wait was aborted is answered: nothing follows.
      const open = calls.calls.filter((c) => !c.settled);
      if (open.length > 0 && run.actor.getSnapshot().status === "done") {
        expect(run.actor.getSnapshot().output).toEqual({ outcome: "aborted" });
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

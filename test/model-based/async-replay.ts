/**
 * Replay with pending fake calls. The harness's `replay` sends every step synchronously, so
 * an invoked promise cannot settle during it; this one keeps each invoked call pending until
 * the path's `xstate.done.actor.*` / `xstate.error.actor.*` step settles it, and still checks
 * the state against the graph after every step.
 */
import {
  type AnyStateMachine,
  createActor,
  type EmittedFrom,
  fromPromise,
  type InputFrom,
  SimulatedClock,
  type SnapshotFrom,
} from "xstate";
import type { CallFailure } from "../../machines/auth/failure.ts";
import type { ModelPath } from "./harness.ts";

export const DONE = "xstate.done.actor.";
export const ERROR = "xstate.error.actor.";

/** An HTTP failure of an invoked call, as the data layer's fetch reports it. */
export const http = (status: number): CallFailure => ({
  kind: "http",
  status,
  error: { type: "invalid_request_error", message: `status ${status}` },
  requestId: `req_${status}`,
});

/** What the machine sees of a call's rejection (an Error is a network failure). */
export const failureOf = (error: unknown): CallFailure =>
  error instanceof Error ? { kind: "network", message: error.message } : (error as CallFailure);

export interface FakeCall {
  src: string;
  input: unknown;
  settled: boolean;
  /** Settles with the fake's answer, or with `output` when the path's done event names one. */
  answer(output?: unknown): void;
  fail(error: unknown): void;
}

/** Promise actors whose calls stay pending until the replay settles them. */
export class FakeCalls {
  readonly calls: FakeCall[] = [];
  logic<O, I>(src: string, answer: (input: I) => O) {
    return fromPromise<O, I>(
      ({ input }) =>
        new Promise<O>((resolve, reject) => {
          const call: FakeCall = {
            src,
            input,
            settled: false,
            answer: (...output: unknown[]) => {
              call.settled = true;
              resolve(output.length > 0 ? (output[0] as O) : answer(input));
            },
            fail: (error) => {
              call.settled = true;
              reject(error);
            },
          };
          this.calls.push(call);
        }),
    );
  }
}

export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface AsyncStep<M extends AnyStateMachine> {
  event: { type: string };
  label: string;
  effects: EmittedFrom<M>[];
  snapshot: SnapshotFrom<M>;
  /** The call this step settled, for done/error steps. */
  call: FakeCall | null;
  /** The calls this step started. */
  started: FakeCall[];
}

/**
 * Replays `path` on `machine` (the model's machine provided with `calls`' fakes): ordinary
 * events are sent; a done/error step answers or fails the call in flight, after answering
 * every superseded call (whatever that emits is part of the step's effects). A done step
 * with an `output` answers with it (one call, several outcomes: a sign-in, a lookup).
 */
export async function replayWithCalls<M extends AnyStateMachine>(
  machine: M,
  input: InputFrom<M>,
  path: ModelPath<M>,
  calls: FakeCalls,
) {
  const actor = createActor(machine, { input, clock: new SimulatedClock() });
  let current: EmittedFrom<M>[] = [];
  actor.on("*", (effect) => current.push(effect as EmittedFrom<M>));
  actor.start();
  await flush();
  const initialEffects = current;
  const steps: AsyncStep<M>[] = [];
  try {
    for (const [index, step] of path.steps.entries()) {
      current = [];
      const before = calls.calls.length;
      const event = step.event as { type: string; error?: unknown };
      let settled: FakeCall | null = null;
      if (event.type.startsWith(DONE) || event.type.startsWith(ERROR)) {
        const open = calls.calls.filter((c) => !c.settled);
        const last = calls.calls.at(-1);
        if (!last || last.settled) throw new Error(`step ${index + 1} (${step.label}): no call`);
        for (const stale of open) if (stale !== last) stale.answer();
        await flush();
        if (event.type.startsWith(DONE)) {
          if ("output" in event) last.answer(event.output);
          else last.answer();
        } else last.fail(event.error);
        settled = last;
      } else {
        actor.send(step.event);
      }
      await flush();
      const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
      const reached = path.key(snapshot);
      const predicted = path.key(step.expected);
      if (reached !== predicted)
        throw new Error(
          `step ${index + 1} (${step.label}): reached ${reached}, the graph predicted ${predicted}`,
        );
      steps.push({
        event,
        label: step.label,
        effects: current,
        snapshot,
        call: settled,
        started: calls.calls.slice(before),
      });
    }
    if (path.key(actor.getSnapshot() as SnapshotFrom<M>) !== path.key(path.target))
      throw new Error(`"${path.name}" did not end in the path's target`);
    return { initialEffects, steps, actor };
  } catch (error) {
    actor.stop();
    throw error;
  }
}

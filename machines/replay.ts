/**
 * Replays a recorded trace (protocol/inspection.ts, docs/traces.md) against its machine,
 * purely: the actor's recorded start (state and context) is resolved on the machine, then
 * each recorded event is taken with XState's pure `transition` — no action runs, no actor is
 * started, no timer is set — and the state value after it is compared with the one recorded.
 * The first step whose state differs (an event the state does not take, a guard that decides
 * otherwise, a target that moved) is the replay's failure.
 */
import { type AnyMachineSnapshot, type AnyStateMachine, transition } from "xstate";
import type { StateValue, TraceFile } from "../protocol/inspection.ts";

export interface ReplayStep {
  index: number;
  event: string;
  expected: StateValue;
  actual: StateValue;
  /** Whether the recording took the event, and whether the replay did. */
  expectedTaken: boolean;
  actualTaken: boolean;
}

export interface ReplayResult {
  /** The state values passed through, the start first. */
  states: StateValue[];
  /** The first step whose state differs from the recorded one, if any. */
  mismatch: ReplayStep | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
function sorted(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
  );
}

export function replayTrace(machine: AnyStateMachine, trace: TraceFile): ReplayResult {
  if (machine.id !== trace.machine)
    throw new Error(`the trace is of machine ${trace.machine}, not ${machine.id}`);
  let snapshot = machine.resolveState({
    value: trace.start.value,
    context: trace.start.context,
  } as never) as AnyMachineSnapshot;
  const states: StateValue[] = [snapshot.value as StateValue];
  for (const [index, step] of trace.steps.entries()) {
    const actualTaken =
      machine.getTransitionData(snapshot as never, step.event as never).length > 0;
    [snapshot] = transition(machine, snapshot as never, step.event as never) as [
      AnyMachineSnapshot,
      unknown,
    ];
    const actual = snapshot.value as StateValue;
    states.push(actual);
    if (!same(actual, step.value) || actualTaken !== step.taken)
      return {
        states,
        mismatch: {
          index,
          event: step.event.type,
          expected: step.value,
          actual,
          expectedTaken: step.taken,
          actualTaken,
        },
      };
  }
  return { states, mismatch: null };
}

const describe = (taken: boolean, value: StateValue) =>
  `${taken ? "taken" : "ignored"} in state ${JSON.stringify(value)}`;

/** Throws, naming the step, when the replay does not pass through the recorded states. */
export function expectTraceReplays(machine: AnyStateMachine, trace: TraceFile): StateValue[] {
  const { states, mismatch } = replayTrace(machine, trace);
  if (mismatch)
    throw new Error(
      `step ${mismatch.index} (${mismatch.event}): recorded ${describe(mismatch.expectedTaken, mismatch.expected)}, replayed ${describe(mismatch.actualTaken, mismatch.actual)}`,
    );
  return states;
}

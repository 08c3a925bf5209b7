import { assign, emit, enqueueActions, setup } from "xstate";
import {
  allComplete,
  firstIncomplete,
  reachable,
  resumeIndex,
  type Step,
  stepAt,
} from "./steps.ts";

/**
 * A multi-step flow (onboarding, a long form): its steps come from data (`deriveSteps` in
 * `steps.ts`: which steps apply, which the data already satisfies), the person moves back and
 * next, saves for later and resumes, and new data (the provider recomputed what it needs)
 * re-derives the steps without losing the person's place.
 *
 * States: `active` (a step shows), `saved` (the person left to come back later; the place is
 * kept) and `complete` (every step is done; new data that makes a step due again reopens the
 * flow there). Each step's own form is the kit's form machine; when it has saved, `next`
 * marks the step done and moves on.
 *
 * Emitted: `step.changed` (the step shown changed: the component's `stepchange`),
 * `steps.saved` (save for later: the step to resume at) and `steps.completed`.
 */

export interface StepsInput {
  steps: readonly Step[];
  /** The step to open at (a place saved earlier); unreachable or unknown, the first not done. */
  resumeAt?: string | null;
}

export interface StepsContext {
  steps: readonly Step[];
  /** Index of the step shown (or of the last one, once complete). */
  current: number;
  /** The step the person saved at, while `saved`. */
  savedAt: string | null;
  /** The step last announced (`step.changed`), so a move to the same step says nothing. */
  shown: string | null;
}

export type StepsEvent =
  /** The shown step is done (its form saved): mark it and show the next one not done. */
  | { type: "next" }
  /** Show the step before. */
  | { type: "back" }
  /** Show a step by id: one already done, or the first not done. */
  | { type: "goto"; step: string }
  /** The data changed: the steps derived from it anew. */
  | { type: "steps.update"; steps: readonly Step[] }
  /** Save for later: leave the flow, keeping the place. */
  | { type: "save" }
  /** Back to the flow where it was saved. */
  | { type: "resume" };

export type StepsEmitted =
  | { type: "step.changed"; step: string | null; previous: string | null }
  | { type: "steps.saved"; step: string | null }
  | { type: "steps.completed" };

/** After `current`, the next step not done; wrapping to the first one not done before it. */
function nextIndex(steps: readonly Step[], current: number): number {
  const after = steps.findIndex((step, index) => index > current && !step.complete);
  if (after !== -1) return after;
  const open = firstIncomplete(steps);
  return open === -1 ? current : open;
}

const markDone = (steps: readonly Step[], index: number): Step[] =>
  steps.map((step, i) => (i === index ? { ...step, complete: true } : step));

export const stepsMachine = setup({
  types: {
    input: {} as StepsInput,
    context: {} as StepsContext,
    events: {} as StepsEvent,
    emitted: {} as StepsEmitted,
  },
  guards: {
    done: ({ context }) => allComplete(context.steps),
    hasPrevious: ({ context }) => context.current > 0,
    canGo: ({ context, event }) => event.type === "goto" && reachable(context.steps, event.step),
    doneAfterNext: ({ context }) => allComplete(markDone(context.steps, context.current)),
    doneAfterUpdate: ({ event }) => event.type === "steps.update" && allComplete(event.steps),
    notDoneAfterUpdate: ({ event }) => event.type === "steps.update" && !allComplete(event.steps),
  },
  actions: {
    next: assign(({ context }) => {
      const steps = markDone(context.steps, context.current);
      return { steps, current: nextIndex(steps, context.current) };
    }),
    back: assign({ current: ({ context }) => context.current - 1 }),
    goto: assign(({ context, event }) =>
      event.type === "goto"
        ? { current: context.steps.findIndex((step) => step.id === event.step) }
        : {},
    ),
    update: assign(({ context, event }) => {
      if (event.type !== "steps.update") return {};
      // The person stays on the step shown when it still applies and can be reached;
      // otherwise the flow opens at the first step not done.
      return {
        steps: event.steps,
        current: resumeIndex(event.steps, stepAt(context.steps, context.current)),
      };
    }),
    keepPlace: assign({ savedAt: ({ context }) => stepAt(context.steps, context.current) }),
    resume: assign(({ context }) => ({
      current: resumeIndex(context.steps, context.savedAt),
      savedAt: null,
    })),
    reportSaved: emit(({ context }) => ({
      type: "steps.saved" as const,
      step: stepAt(context.steps, context.current),
    })),
    reportCompleted: emit({ type: "steps.completed" as const }),
    announce: enqueueActions(({ context, enqueue }) => {
      const step = stepAt(context.steps, context.current);
      if (step === context.shown) return;
      enqueue.emit({ type: "step.changed", step, previous: context.shown });
      enqueue.assign({ shown: step });
    }),
  },
}).createMachine({
  id: "steps",
  context: ({ input }) => ({
    steps: input.steps,
    current: resumeIndex(input.steps, input.resumeAt),
    savedAt: null,
    shown: stepAt(input.steps, resumeIndex(input.steps, input.resumeAt)),
  }),
  initial: "opening",
  states: {
    opening: {
      always: [{ guard: "done", target: "complete" }, { target: "active" }],
    },
    active: {
      on: {
        next: [
          {
            guard: "doneAfterNext",
            target: "complete",
            actions: ["next", "announce", "reportCompleted"],
          },
          { actions: ["next", "announce"] },
        ],
        back: { guard: "hasPrevious", actions: ["back", "announce"] },
        goto: { guard: "canGo", actions: ["goto", "announce"] },
        "steps.update": [
          {
            guard: "doneAfterUpdate",
            target: "complete",
            actions: ["update", "announce", "reportCompleted"],
          },
          { actions: ["update", "announce"] },
        ],
        save: { target: "saved", actions: ["keepPlace", "reportSaved"] },
      },
    },
    saved: {
      on: {
        resume: [
          {
            guard: "done",
            target: "complete",
            actions: ["resume", "announce", "reportCompleted"],
          },
          { target: "active", actions: ["resume", "announce"] },
        ],
        "steps.update": { actions: "update" },
      },
    },
    complete: {
      on: {
        // The provider asks for something again: the flow reopens at it.
        "steps.update": {
          guard: "notDoneAfterUpdate",
          target: "active",
          actions: ["update", "announce"],
        },
      },
    },
  },
});

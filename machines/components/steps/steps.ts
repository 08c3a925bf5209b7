/**
 * The pure parts of the step machine: a flow's steps derived from data (which steps apply,
 * which are done), where a flow starts or resumes, and where a re-derivation leaves it.
 */

/** One step of a flow: its id and whether the data already satisfies it. */
export interface Step {
  id: string;
  complete: boolean;
}

/**
 * How a step is read from the flow's data: whether it applies at all (a bank account step
 * only when the session collects one) and whether the data already satisfies it.
 */
export interface StepSpec<Data> {
  id: string;
  applies?: (data: Data) => boolean;
  complete: (data: Data) => boolean;
}

/** The steps of `specs` that apply to `data`, in their order, each marked done or not. */
export function deriveSteps<Data>(specs: readonly StepSpec<Data>[], data: Data): Step[] {
  return specs
    .filter((spec) => spec.applies?.(data) ?? true)
    .map((spec) => ({ id: spec.id, complete: spec.complete(data) }));
}

/** The first step not done yet, or -1 when every step is done (or there is none). */
export const firstIncomplete = (steps: readonly Step[]): number =>
  steps.findIndex((step) => !step.complete);

export const allComplete = (steps: readonly Step[]): boolean => firstIncomplete(steps) === -1;

/**
 * Where a flow opens: at `at` when it names a step that can be reached (one before or at the
 * first step not done: nothing unfinished is skipped), else at the first step not done, else
 * at the last step.
 */
export function resumeIndex(steps: readonly Step[], at?: string | null): number {
  const open = firstIncomplete(steps);
  const limit = open === -1 ? steps.length - 1 : open;
  const wanted = at == null ? -1 : steps.findIndex((step) => step.id === at);
  if (wanted !== -1 && wanted <= limit) return wanted;
  return Math.max(limit, 0);
}

/** Whether the step `id` can be opened now: it exists and nothing unfinished lies before it. */
export function reachable(steps: readonly Step[], id: string): boolean {
  const index = steps.findIndex((step) => step.id === id);
  const open = firstIncomplete(steps);
  return index !== -1 && (open === -1 || index <= open);
}

/** The step's id at `index`, or null past the end (a flow without steps). */
export const stepAt = (steps: readonly Step[], index: number): string | null =>
  steps[index]?.id ?? null;

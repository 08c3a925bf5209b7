import type { AnyStateMachine } from "xstate";
import type { ResourceListEvent } from "../../machines/components/resource-list.machine.ts";
import { DONE, ERROR, http } from "./async-replay.ts";

/**
 * What the model-based tests of the kit's list instances (payouts-list, documents) share:
 * the ids of the list's two calls (a page, the opened item), the failures each call may meet,
 * and the name of each step in a test's name.
 */

export const LIST_FAILURES = [
  { label: "fails 500", error: http(500) },
  { label: "refused 401", error: http(401) },
  { label: "forbidden 403", error: http(403) },
];

/** The invoke ids of the page call and the detail call of the list machine `id`. */
export function listCalls(machine: AnyStateMachine, id: string) {
  return {
    page: machine.getStateNodeById(`${id}.loading`).invoke[0]?.id ?? "",
    detail: machine.getStateNodeById(`${id}.ready.detail.loading`).invoke[0]?.id ?? "",
  };
}

/** A step's name: the calls' answers and failures, an opened row, else the event's type. */
export function describeListStep(
  calls: { page: string; detail: string },
  event: ResourceListEvent | { type: string; error?: unknown },
): string {
  const failure = LIST_FAILURES.find((f) => "error" in event && f.error === event.error)?.label;
  if (event.type === `${DONE}${calls.page}`) return "page answers";
  if (event.type === `${ERROR}${calls.page}`) return `page ${failure ?? ""}`;
  if (event.type === `${DONE}${calls.detail}`) return "detail answers";
  if (event.type === `${ERROR}${calls.detail}`) return `detail ${failure ?? ""}`;
  if (event.type === "item.open" && "id" in event) return `open ${event.id}`;
  return event.type;
}

/**
 * What the live inspector shows, folded from the records it hears (issue 17): every actor by
 * its context (`scope`) and machine, its current state, and its event log (time, type,
 * redacted payload), in the order recorded. Pure: the view's wiring feeds it records.
 */
import type { AnyStateNode } from "xstate";
import type { InspectionJson, InspectionRecord, StateValue } from "../../../protocol/inspection.ts";

/** The most events kept per actor (the oldest go first); its export carries the same. */
export const MAX_EVENTS_PER_ACTOR = 500;

export interface LoggedEvent {
  seq: number;
  time: number;
  type: string;
  payload: InspectionJson;
  value: StateValue;
  taken: boolean;
}

export interface InspectedActor {
  /** `scope/actor`: unique across the instance. */
  key: string;
  scope: string;
  actor: string;
  machine: string;
  value: StateValue;
  stopped: boolean;
  events: LoggedEvent[];
}

export interface InspectorState {
  actors: ReadonlyMap<string, InspectedActor>;
  /** Every record kept, for the export of one actor's trace. */
  records: readonly InspectionRecord[];
}

export const emptyInspector: InspectorState = { actors: new Map(), records: [] };

export const actorKey = (scope: string, actor: string) => `${scope}/${actor}`;

export function applyRecords(
  state: InspectorState,
  incoming: readonly InspectionRecord[],
): InspectorState {
  const actors = new Map(state.actors);
  for (const record of incoming) {
    const key = actorKey(record.scope, record.actor);
    const known = actors.get(key);
    if (record.kind === "start") {
      actors.set(key, {
        key,
        scope: record.scope,
        actor: record.actor,
        machine: record.machine,
        value: record.value,
        stopped: false,
        events: known?.events ?? [],
      });
      continue;
    }
    if (!known) continue;
    if (record.kind === "stop") {
      actors.set(key, { ...known, value: record.value, stopped: true });
      continue;
    }
    const { type, ...payload } = record.event ?? { type: "(unknown)" };
    const events = [
      ...known.events,
      {
        seq: record.seq,
        time: record.time,
        type,
        payload: payload as InspectionJson,
        value: record.value,
        taken: record.taken ?? true,
      },
    ].slice(-MAX_EVENTS_PER_ACTOR);
    actors.set(key, { ...known, value: record.value, events });
  }
  const kept = [...state.records, ...incoming];
  return { actors, records: kept.length > 20_000 ? kept.slice(-20_000) : kept };
}

/** The actors grouped by context, each group's actors by machine then id. */
export function actorsByScope(
  state: InspectorState,
): { scope: string; actors: InspectedActor[] }[] {
  const scopes = new Map<string, InspectedActor[]>();
  for (const actor of state.actors.values()) {
    const list = scopes.get(actor.scope) ?? [];
    list.push(actor);
    scopes.set(actor.scope, list);
  }
  return [...scopes.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([scope, actors]) => ({
      scope,
      actors: actors.sort(
        (a, b) => a.machine.localeCompare(b.machine) || a.actor.localeCompare(b.actor),
      ),
    }));
}

/** The ids of the state nodes a state value names, the compound ones included. */
export function activeStateIds(root: AnyStateNode, value: StateValue): Set<string> {
  const ids = new Set<string>([root.id]);
  const walk = (node: AnyStateNode, v: StateValue) => {
    if (typeof v === "string") {
      const child = node.states[v] as AnyStateNode | undefined;
      if (child) ids.add(child.id);
      return;
    }
    for (const [key, inner] of Object.entries(v)) {
      const child = node.states[key] as AnyStateNode | undefined;
      if (!child) continue;
      ids.add(child.id);
      walk(child, inner);
    }
  };
  walk(root, value);
  return ids;
}

/** A state value as a reader says it: `ready.detail.shown`. */
export function stateText(value: StateValue): string {
  if (typeof value === "string") return value;
  return Object.entries(value)
    .map(([key, inner]) => `${key}.${stateText(inner)}`)
    .join(", ");
}

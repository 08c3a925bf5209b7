/**
 * The recorder of one browsing context (issue 17), loaded only when the live inspector opens:
 * it attaches to every registered actor's system with XState's inspection API
 * (`system.inspect`), turns each machine actor's start, transitions and stop into inspection
 * records (protocol/inspection.ts; payloads redacted here, before they leave the context),
 * and hands them to `send` in batches, at most `flushMs` after they happened. `stop()`
 * detaches from every system and drops what was not sent: nothing is collected once the
 * inspector is closed.
 */
import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent, Subscription } from "xstate";
import {
  type InspectionRecord,
  MAX_RECORDS_PER_MESSAGE,
  type RecordedEvent,
  type StateValue,
} from "../../protocol/inspection.ts";
import { redactForInspection } from "../../protocol/inspection-redaction.ts";
import { realTimers, type Timers } from "../messaging/types.ts";
import { watchInspectables } from "./inspectables.ts";

export interface RecorderOptions {
  /** Where these actors run: `data-layer`, `loader`, `popup`, or the frame's component. */
  scope: string;
  send(records: InspectionRecord[]): void;
  now?: () => number;
  timers?: Pick<Timers, "setTimeout" | "clearTimeout">;
  /** Records wait at most this long before they are sent (default 100 ms). */
  flushMs?: number;
  /** The actors to watch (default: the context's registered ones). */
  watch?: typeof watchInspectables;
}

export interface Recorder {
  /** Sends what is waiting now. */
  flush(): void;
  stop(): void;
}

/** A machine actor's definition id, or undefined for other logic (promises, callbacks). */
function machineIdOf(actor: AnyActorRef): string | undefined {
  const logic = (actor as { logic?: { id?: unknown; root?: unknown } }).logic;
  return logic && typeof logic.id === "string" && logic.root !== undefined ? logic.id : undefined;
}

const childrenOf = (actor: AnyActorRef): AnyActorRef[] => {
  const snapshot = actor.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> };
  return Object.values(snapshot.children ?? {}).filter((c): c is AnyActorRef => c !== undefined);
};

const refOf = (actor: unknown) => actor as AnyActorRef;

export function startRecorder(options: RecorderOptions): Recorder {
  const now = options.now ?? Date.now;
  const timers = options.timers ?? realTimers;
  const flushMs = options.flushMs ?? 100;
  const systems = new Map<unknown, Subscription>();
  /** Machine actors whose start was recorded, by session id. */
  const started = new Set<string>();
  let queue: InspectionRecord[] = [];
  let timer: unknown;
  let seq = 0;
  let stopped = false;

  const flush = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) options.send(queue.splice(0, MAX_RECORDS_PER_MESSAGE));
  };
  const push = (record: Omit<InspectionRecord, "scope" | "seq" | "time">) => {
    if (stopped) return;
    queue.push({ scope: options.scope, seq: seq++, time: now(), ...record });
    if (timer === undefined) timer = timers.setTimeout(flush, flushMs);
  };

  const start = (actor: AnyActorRef, snapshot: AnyMachineSnapshot, machine: string) => {
    started.add(actor.sessionId);
    push({
      actor: actor.sessionId,
      machine,
      kind: "start",
      value: snapshot.value as StateValue,
      context: redactForInspection(snapshot.context),
    });
  };

  /** Records the start of `actor` and its machine descendants, as they are now. */
  const startTree = (actor: AnyActorRef) => {
    const machine = machineIdOf(actor);
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    if (machine && !started.has(actor.sessionId) && snapshot.status === "active")
      start(actor, snapshot, machine);
    for (const child of childrenOf(actor)) startTree(child);
  };

  /** Actors that ran a transition since their last snapshot. */
  const moved = new Set<string>();

  const onInspection = (inspection: InspectionEvent) => {
    if (inspection.type === "@xstate.microstep") {
      if (inspection._transitions.length > 0) moved.add(refOf(inspection.actorRef).sessionId);
      return;
    }
    if (inspection.type !== "@xstate.snapshot") return;
    const actor = refOf(inspection.actorRef);
    const machine = machineIdOf(actor);
    if (!machine) return;
    const snapshot = inspection.snapshot as AnyMachineSnapshot;
    if (!started.has(actor.sessionId)) {
      // An actor created since the recorder attached: its first snapshot is its start.
      start(actor, snapshot, machine);
      if (inspection.event.type === "xstate.init") {
        moved.delete(actor.sessionId);
        return;
      }
    }
    push({
      actor: actor.sessionId,
      machine,
      kind: "event",
      event: redactForInspection(inspection.event) as RecordedEvent,
      value: snapshot.value as StateValue,
      taken: moved.delete(actor.sessionId),
    });
    if (snapshot.status !== "active") {
      push({ actor: actor.sessionId, machine, kind: "stop", value: snapshot.value as StateValue });
      started.delete(actor.sessionId);
    }
  };

  const unwatch = (options.watch ?? watchInspectables)((actor) => {
    if (stopped) return;
    const system = actor.system;
    if (!systems.has(system)) systems.set(system, system.inspect(onInspection));
    startTree(actor);
  });

  return {
    flush,
    stop() {
      if (stopped) return;
      stopped = true;
      unwatch();
      for (const subscription of systems.values()) subscription.unsubscribe();
      systems.clear();
      if (timer !== undefined) timers.clearTimeout(timer);
      queue = [];
    },
  };
}

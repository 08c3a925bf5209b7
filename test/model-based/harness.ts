import {
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  type EmittedFrom,
  type EventFromLogic,
  type InputFrom,
  SimulatedClock,
  type SnapshotFrom,
} from "xstate";
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from "xstate/graph";

/**
 * Model-based testing on top of `xstate/graph`: paths are generated from a machine's graph
 * (bounded), then each path is replayed against the REAL machine run as an actor, on a
 * simulated clock, collecting every effect the machine emits. A replay fails when the actor
 * does not reach the state the graph predicted at any step.
 *
 * Delayed (`after`) transitions are walked like any event in the graph; on replay they are
 * not sent but reached by moving the clock forward by the delay, so the real timers fire.
 * A state with several timers offers only the soonest one(s): the others cannot fire first.
 *
 * Machines that invoke actors must be given fakes with `machine.provide({actors})` first.
 */

type EventOf<M extends AnyStateMachine> = EventFromLogic<M>;
type EventOfType<M extends AnyStateMachine, K> = Extract<EventOf<M>, { type: K }>;

/** The machine under test and how to build the events its graph is walked with. */
export interface MachineModel<M extends AnyStateMachine> {
  machine: M;
  input: InputFrom<M>;
  /**
   * Concrete events to try, per event type, when the current state accepts that type. Types
   * without a generator are tried bare (`{type}`), which suits events without payload.
   */
  events?: {
    [K in EventOf<M>["type"]]?:
      | readonly EventOfType<M, K>[]
      | ((snapshot: SnapshotFrom<M>) => readonly EventOfType<M, K>[]);
  };
  /** The name of one step in a test name; defaults to the event type (and its payload). */
  describeEvent?: (event: EventOf<M>) => string;
  /**
   * What of a snapshot tells two states apart for this test (by default its value, its whole
   * context and its status). A form's context carries bookkeeping (touched fields, the key of
   * an intent) that multiplies its states without changing what a test checks; leaving it out
   * keeps the walk to the states that matter. Replays compare states the same way.
   */
  distinguish?: (snapshot: SnapshotFrom<M>) => unknown;
}

/** Bounds of a traversal. */
export interface Bounds<M extends AnyStateMachine> {
  /**
   * Longest path, in events. Simple paths are then enumerated depth-first up to this depth
   * (the unbounded enumeration grows exponentially with the graph).
   */
  maxDepth?: number;
  /** Most states the traversal may visit before it gives up (xstate's `limit`). */
  limit?: number;
  /** Keep only the paths that end in a state this accepts. */
  toState?: (snapshot: SnapshotFrom<M>) => boolean;
  /** Skip events in some states. */
  filterEvents?: (snapshot: SnapshotFrom<M>, event: EventOf<M>) => boolean;
  /** Drop a path that is a prefix of a longer one (simple paths grow many). */
  dedupe?: boolean;
  /**
   * Tell states apart by the event that entered them too, so that transitions which keep the
   * state (a reply sent, a client dropped) are walked as well: transition coverage rather
   * than state coverage.
   */
  everyTransition?: boolean;
}

export interface ModelStep<M extends AnyStateMachine> {
  event: EventOf<M>;
  label: string;
  /** The snapshot the graph says this event leads to. */
  expected: SnapshotFrom<M>;
}

export interface ModelPath<M extends AnyStateMachine> {
  /** The path walked, e.g. `server-syn → syn → syn-ack → ack`. */
  name: string;
  steps: ModelStep<M>[];
  /** The state the path ends in, as the graph predicts it. */
  target: SnapshotFrom<M>;
  /** How a replay tells the states of this path apart (the model's `distinguish`). */
  key: (snapshot: SnapshotFrom<M>) => string;
}

export interface ReplayedStep<M extends AnyStateMachine> {
  event: EventOf<M>;
  label: string;
  /** What the actor emitted while handling this step. */
  effects: EmittedFrom<M>[];
  snapshot: SnapshotFrom<M>;
}

export interface Replay<M extends AnyStateMachine> {
  /** What the actor emitted on start, before the first step. */
  initialEffects: EmittedFrom<M>[];
  steps: ReplayedStep<M>[];
  /** Every effect, in order, start included. */
  effects: EmittedFrom<M>[];
  snapshot: SnapshotFrom<M>;
  clock: SimulatedClock;
}

const AFTER = "xstate.after.";

/** What the harness reads of any machine snapshot. */
interface SnapshotLike {
  value: unknown;
  context: unknown;
  status: string;
  error?: unknown;
}

const view = (snapshot: unknown) => snapshot as SnapshotLike;

/** The graph does not know which event entered a state: delay expressions get this. */
const GRAPH_EVENT = { type: "xstate.graph" };

/** A snapshot as the graph identifies it: state value, context and status. */
export function stateKey(snapshot: SnapshotLike): string {
  return JSON.stringify({
    value: snapshot.value,
    context: snapshot.context,
    status: snapshot.status,
  });
}

/** A snapshot as this model's walk identifies it (`MachineModel.distinguish`). */
function modelStateKey<M extends AnyStateMachine>(model: MachineModel<M>) {
  const { distinguish } = model;
  return distinguish
    ? (snapshot: SnapshotFrom<M>) => JSON.stringify(distinguish(snapshot))
    : (snapshot: SnapshotFrom<M>) => stateKey(view(snapshot));
}

function activeNodes(snapshot: unknown): AnyStateNode[] {
  return (snapshot as { _nodes: AnyStateNode[] })._nodes;
}

/** The milliseconds of the `after` transition `eventType` that is pending in `snapshot`. */
function delayOf(
  machine: AnyStateMachine,
  snapshot: unknown,
  eventType: string,
  lastEvent: unknown,
): number {
  for (const node of activeNodes(snapshot)) {
    const delayed = node.after.find((t) => t.eventType === eventType);
    if (!delayed) continue;
    const delay: unknown = delayed.delay;
    const resolved =
      typeof delay === "string"
        ? (machine.implementations.delays as Record<string, unknown>)[delay]
        : delay;
    const ms =
      typeof resolved === "function"
        ? resolved({ context: view(snapshot).context, event: lastEvent }, undefined)
        : resolved;
    if (typeof ms !== "number") throw new Error(`delay of ${eventType} is not a number`);
    return ms;
  }
  throw new Error(`${eventType} is not pending in ${JSON.stringify(view(snapshot).value)}`);
}

function defaultDescribe(event: { type: string }): string {
  if (event.type.startsWith(AFTER)) return `after ${event.type.slice(AFTER.length).split(".")[0]}`;
  const { type, ...payload } = event;
  const fields = Object.entries(payload).map(([k, v]) => `${k}=${String(v)}`);
  return fields.length > 0 ? `${type}(${fields.join(", ")})` : type;
}

function describe<M extends AnyStateMachine>(model: MachineModel<M>, event: EventOf<M>): string {
  const type = (event as { type: string }).type;
  if (type.startsWith(AFTER)) return defaultDescribe(event);
  return model.describeEvent ? model.describeEvent(event) : defaultDescribe(event);
}

/** The events to try in `snapshot`: generated per accepted type, soonest timers only. */
function eventsFor<M extends AnyStateMachine>(model: MachineModel<M>) {
  return (snapshot: SnapshotFrom<M>): EventOf<M>[] => {
    const types = [...new Set(activeNodes(snapshot).flatMap((node) => node.ownEvents))];
    const timers = types.filter((t) => t.startsWith(AFTER));
    const soonest = Math.min(
      ...timers.map((t) => delayOf(model.machine, snapshot, t, GRAPH_EVENT)),
    );
    const out: EventOf<M>[] = [];
    for (const type of types) {
      if (type.startsWith(AFTER)) {
        if (delayOf(model.machine, snapshot, type, GRAPH_EVENT) === soonest) {
          out.push({ type } as EventOf<M>);
        }
        continue;
      }
      const generator = (model.events as Record<string, unknown> | undefined)?.[type];
      if (typeof generator === "function") out.push(...generator(snapshot));
      else if (Array.isArray(generator)) out.push(...generator);
      else if (!type.includes("*")) out.push({ type } as EventOf<M>);
    }
    return out;
  };
}

function toModelPath<M extends AnyStateMachine>(
  model: MachineModel<M>,
  path: StatePath<SnapshotFrom<M>, EventOf<M>>,
): ModelPath<M> {
  // xstate/graph puts the initial state first, as the result of `xstate.init`.
  const steps = path.steps
    .filter((step) => step.event.type !== "xstate.init")
    .map((step) => ({
      event: step.event,
      label: describe(model, step.event),
      expected: step.state,
    }));
  const name = steps.length > 0 ? steps.map((s) => s.label).join(" → ") : "(initial state)";
  return { name, steps, target: path.state, key: modelStateKey(model) };
}

function bounded<M extends AnyStateMachine>(
  model: MachineModel<M>,
  paths: StatePath<SnapshotFrom<M>, EventOf<M>>[],
  bounds: Bounds<M>,
): ModelPath<M>[] {
  let out = paths.map((p) => toModelPath(model, p));
  if (bounds.maxDepth !== undefined) {
    const max = bounds.maxDepth;
    out = out.filter((p) => p.steps.length <= max);
  }
  if (bounds.dedupe) {
    // Longest first; a path whose steps prefix a kept path adds nothing.
    const sorted = [...out].sort((a, b) => b.steps.length - a.steps.length);
    const prefixes = new Set<string>();
    out = sorted.filter((p) => {
      const key = (n: number) => JSON.stringify(p.steps.slice(0, n).map((s) => s.label));
      if (prefixes.has(key(p.steps.length))) return false;
      for (let n = 0; n <= p.steps.length; n++) prefixes.add(key(n));
      return true;
    });
  }
  return out.sort((a, b) => a.steps.length - b.steps.length || a.name.localeCompare(b.name));
}

function traversal<M extends AnyStateMachine>(model: MachineModel<M>, bounds: Bounds<M>) {
  const key = modelStateKey(model);
  return {
    input: model.input,
    events: eventsFor(model),
    ...(bounds.limit !== undefined ? { limit: bounds.limit } : {}),
    ...(bounds.toState ? { toState: bounds.toState } : {}),
    ...(bounds.filterEvents ? { filterEvents: bounds.filterEvents } : {}),
    serializeState: (snapshot: SnapshotFrom<M>, event: { type: string } | undefined) =>
      bounds.everyTransition
        ? `${key(snapshot)} via ${event ? JSON.stringify(event) : "start"}`
        : key(snapshot),
  };
}

/** One shortest path to every reachable state. */
export function shortestPaths<M extends AnyStateMachine>(
  model: MachineModel<M>,
  bounds: Bounds<M> = {},
): ModelPath<M>[] {
  const paths = getShortestPaths(model.machine, traversal(model, bounds) as never);
  return bounded(model, paths as StatePath<SnapshotFrom<M>, EventOf<M>>[], bounds);
}

/** Every path that visits no state twice (up to `maxDepth` events when given). */
export function simplePaths<M extends AnyStateMachine>(
  model: MachineModel<M>,
  bounds: Bounds<M> = {},
): ModelPath<M>[] {
  const options = traversal(model, bounds);
  if (bounds.maxDepth === undefined) {
    const paths = getSimplePaths(model.machine, options as never);
    return bounded(model, paths as StatePath<SnapshotFrom<M>, EventOf<M>>[], bounds);
  }
  return bounded(model, boundedSimplePaths(model, options, bounds.maxDepth), bounds);
}

/**
 * The paths a model-based test replays: a shortest path over every transition, and the
 * simple paths within `simple`'s bounds; one path per name.
 */
export function coveringPaths<M extends AnyStateMachine>(
  model: MachineModel<M>,
  simple: Bounds<M>,
): ModelPath<M>[] {
  const byName = new Map<string, ModelPath<M>>();
  for (const p of [
    ...shortestPaths(model, { everyTransition: true }),
    ...simplePaths(model, simple),
  ])
    byName.set(p.name, p);
  return [...byName.values()];
}

type Step<M extends AnyStateMachine> = { state: SnapshotFrom<M>; event: EventOf<M> };

/** Depth-first over the adjacency map, every prefix kept, no state visited twice. */
function boundedSimplePaths<M extends AnyStateMachine>(
  model: MachineModel<M>,
  options: ReturnType<typeof traversal<M>>,
  maxDepth: number,
): StatePath<SnapshotFrom<M>, EventOf<M>>[] {
  const adjacency = getAdjacencyMap(model.machine, options as never) as Record<
    string,
    { state: SnapshotFrom<M>; transitions: Record<string, Step<M>> }
  >;
  const serialize = options.serializeState;
  // The traversal starts from the initial state, so it is the first key.
  const start = Object.keys(adjacency)[0];
  if (start === undefined) return [];
  const initial = adjacency[start]!.state;
  const out: StatePath<SnapshotFrom<M>, EventOf<M>>[] = [];
  const visited = new Set<string>([start]);
  // Steps in xstate/graph's form: each names the event and the state it led to.
  const steps: Step<M>[] = [{ state: initial, event: { type: "xstate.init" } as EventOf<M> }];
  const walk = (serial: string) => {
    out.push({ state: steps[steps.length - 1]!.state, steps: [...steps], weight: steps.length });
    if (steps.length > maxDepth) return;
    const here = adjacency[serial];
    if (!here) return;
    for (const { event, state } of Object.values(here.transitions)) {
      const next = serialize(state, event as { type: string });
      if (visited.has(next)) continue;
      visited.add(next);
      steps.push({ state, event });
      walk(next);
      steps.pop();
      visited.delete(next);
    }
  };
  walk(start);
  return out;
}

/**
 * Runs the real machine as an actor on a simulated clock and walks `path`: events are sent,
 * `after` steps advance the clock. Throws, naming the step, when the actor's state differs
 * from the graph's prediction. Returns what was emitted, step by step.
 */
export function replay<M extends AnyStateMachine>(
  model: MachineModel<M>,
  path: ModelPath<M>,
): Replay<M> {
  const clock = new SimulatedClock();
  const actor = createActor(model.machine, { input: model.input, clock });
  let current: EmittedFrom<M>[] = [];
  const all: EmittedFrom<M>[] = [];
  actor.on("*", (effect) => {
    current.push(effect as EmittedFrom<M>);
    all.push(effect as EmittedFrom<M>);
  });
  actor.start();
  const initialEffects = current;
  const steps: ReplayedStep<M>[] = [];
  let lastEvent: unknown = { type: "xstate.init" };
  try {
    for (const [index, step] of path.steps.entries()) {
      current = [];
      const type = (step.event as { type: string }).type;
      if (type.startsWith(AFTER)) {
        clock.increment(delayOf(model.machine, actor.getSnapshot(), type, lastEvent));
      } else {
        actor.send(step.event);
        lastEvent = step.event;
      }
      const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
      if (view(snapshot).status === "error") {
        throw new Error(
          `step ${index + 1} (${step.label}): the actor failed: ${view(snapshot).error}`,
        );
      }
      const reached = path.key(snapshot);
      const predicted = path.key(step.expected);
      if (reached !== predicted) {
        throw new Error(
          `step ${index + 1} (${step.label}) of "${path.name}": the actor reached ${reached}, the graph predicted ${predicted}`,
        );
      }
      steps.push({ event: step.event, label: step.label, effects: current, snapshot });
    }
    const reached = path.key(actor.getSnapshot() as SnapshotFrom<M>);
    if (reached !== path.key(path.target)) {
      throw new Error(`"${path.name}" ended in ${reached}, not in the path's target`);
    }
    return { initialEffects, steps, effects: all, snapshot: actor.getSnapshot(), clock };
  } finally {
    actor.stop();
  }
}

/**
 * The live inspector's data (issue 17): what a frame reports about its actors' transitions,
 * and the trace file the inspector exports for one actor (docs/traces.md).
 *
 * A record says, for one actor of one browsing context (its `scope`: `loader`, `data-layer`,
 * `popup`, or a UI frame's component name), that it started (`start`, with the state it is
 * in and its context, so a trace that begins mid-way can still be replayed), took an event
 * (`event`, with the state value after it), or stopped (`stop`). Every payload and context
 * goes through `redactForInspection` first, in the frame that recorded it: keys and personal
 * data become placeholders of the same shape (a string stays a string, an object keeps its
 * fields), so guards that look at the shape decide as they did and the trace still replays.
 */
import * as z from "zod/mini";

/** Bounds of a recorded value: deeper or larger parts are cut, never sent whole. */
export const INSPECTION_MAX_DEPTH = 8;
export const MAX_STRING = 2_000;
export const MAX_ITEMS = 100;
export const MAX_KEYS = 100;

export type InspectionJson =
  | string
  | number
  | boolean
  | null
  | InspectionJson[]
  | { [key: string]: InspectionJson };

const jsonAtDepth = (depth: number): z.ZodMiniType => {
  const scalar = z.union([
    z.string().check(z.maxLength(MAX_STRING)),
    z.number(),
    z.boolean(),
    z.null(),
  ]);
  if (depth === 0) return scalar;
  const inner = jsonAtDepth(depth - 1);
  return z.union([
    scalar,
    z.array(inner).check(z.maxLength(MAX_ITEMS)),
    z
      .record(z.string().check(z.maxLength(200)), inner)
      .check(z.refine((r) => Object.keys(r).length <= MAX_KEYS, `at most ${MAX_KEYS} keys`)),
  ]);
};

/** A recorded value: JSON, bounded in depth, length and breadth. */
export const inspectionJsonSchema = jsonAtDepth(INSPECTION_MAX_DEPTH) as z.ZodMiniType<
  InspectionJson,
  InspectionJson
>;

/** An XState state value: a state's key, or nested keys for compound and parallel states. */
export type StateValue = string | { [key: string]: StateValue };
const stateValueAtDepth = (depth: number): z.ZodMiniType => {
  const key = z.string().check(z.minLength(1), z.maxLength(200));
  if (depth === 0) return key;
  return z.union([key, z.record(key, stateValueAtDepth(depth - 1))]);
};
export const stateValueSchema = stateValueAtDepth(INSPECTION_MAX_DEPTH) as z.ZodMiniType<
  StateValue,
  StateValue
>;

/** An event as recorded: its type and its other fields, redacted. */
export const recordedEventSchema = z.looseObject({
  type: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type RecordedEvent = { type: string; [field: string]: InspectionJson };

/** Where an actor runs: the loader, the data layer, the popup, or a UI frame's component. */
export const inspectionScopeSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(100), z.regex(/^[a-z][a-z0-9_-]*$/));

const identifier = z.string().check(z.minLength(1), z.maxLength(200));

export const inspectionRecordSchema = z.object({
  scope: inspectionScopeSchema,
  /** The actor's id in its context (XState's session id): unique per scope. */
  actor: identifier,
  /** The id of the machine's definition (`payoutsList`): what the diagram and the replay use. */
  machine: identifier,
  /** Order of records within the scope. */
  seq: z.number().check(z.int(), z.gte(0)),
  /** Milliseconds since the epoch, from the recording frame's clock. */
  time: z.number(),
  kind: z.enum(["start", "event", "stop"]),
  /** The event taken (kind `event`). */
  event: z.optional(recordedEventSchema),
  /** The state value after it (or at start). */
  value: stateValueSchema,
  /** Whether the machine took the event (a transition ran); false when it ignored it. */
  taken: z.optional(z.boolean()),
  /** The machine's context at start, redacted (kind `start`). */
  context: z.optional(inspectionJsonSchema),
});
export type InspectionRecord = Omit<z.output<typeof inspectionRecordSchema>, "event"> & {
  event?: RecordedEvent;
};

/** At most this many records travel in one message. */
export const MAX_RECORDS_PER_MESSAGE = 200;
export const inspectionRecordsSchema = z
  .array(inspectionRecordSchema)
  .check(z.minLength(1), z.maxLength(MAX_RECORDS_PER_MESSAGE));

// ---------------------------------------------------------------------------------------------
// The trace file (docs/traces.md)
// ---------------------------------------------------------------------------------------------

export const TRACE_FORMAT = "machine-trace";
export const TRACE_VERSION = 1;

export const traceStepSchema = z.object({
  time: z.number(),
  event: recordedEventSchema,
  /** The state value the actor was in after the event. */
  value: stateValueSchema,
  /** Whether the machine took the event (false: the state ignored it). */
  taken: z.boolean(),
});

export const traceFileSchema = z.object({
  format: z.literal(TRACE_FORMAT),
  version: z.literal(TRACE_VERSION),
  machine: identifier,
  scope: inspectionScopeSchema,
  actor: identifier,
  /** Where the replay starts: the state and context the actor was in when recording began. */
  start: z.object({ value: stateValueSchema, context: inspectionJsonSchema }),
  steps: z.array(traceStepSchema).check(z.maxLength(10_000)),
});
export type TraceStep = { time: number; event: RecordedEvent; value: StateValue; taken: boolean };
export type TraceFile = Omit<z.output<typeof traceFileSchema>, "steps"> & { steps: TraceStep[] };

/**
 * One actor's trace from the records of its scope: it starts at the actor's `start` record
 * (the first one kept) and lists every event after it in order. Null when the actor has no
 * start record.
 */
export function traceOf(
  records: readonly InspectionRecord[],
  scope: string,
  actor: string,
): TraceFile | null {
  const own = records
    .filter((r) => r.scope === scope && r.actor === actor)
    .sort((a, b) => a.seq - b.seq);
  const start = own.find((r) => r.kind === "start");
  if (!start) return null;
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    machine: start.machine,
    scope,
    actor,
    start: { value: start.value, context: start.context ?? {} },
    steps: own
      .filter((r) => r.kind === "event" && r.seq > start.seq && r.event !== undefined)
      .map((r) => ({
        time: r.time,
        event: r.event as RecordedEvent,
        value: r.value,
        taken: r.taken ?? true,
      })),
  };
}

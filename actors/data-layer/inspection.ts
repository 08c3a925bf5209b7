/**
 * The data layer's part of the live inspector (issue 17, docs/protocol.md "Inspection"): it
 * relays. The `debug-utils` frame opens inspection with `inspectorOpen` — accepted only on a
 * port bound to that component and only where internal components may load (SPEC.md §6) —
 * then every other port hears `inspectionStart` (ports that open later hear it at init), the
 * frames and the loader report their actors' records with `inspectionReport`, and the data
 * layer passes them, with its own actors' records, to the inspector's port alone. When the
 * inspector closes, every port hears `inspectionStop`. While no inspector is open, nothing is
 * recorded here and a report is dropped.
 */
import type { InspectionRecord } from "../../protocol/inspection.ts";
import { provider } from "../../protocol/provider.ts";
import type { Recorder, RecorderOptions } from "../inspection/recorder.ts";
import type { Connection } from "./intake.ts";
import { errorResponse, okResponse } from "./replies.ts";
import type { Logger } from "./types.ts";

/** The catalogue entry whose frame is the inspector. */
export const INSPECTOR_COMPONENT = "debug-utils";

export const inspectorRefusedMessage =
  "Inspection opens only from the debug-utils frame, where internal components may load";

export interface InspectionHubOptions {
  /** Whether internal components may load for this platform page (SPEC.md §6). */
  allowed: boolean;
  log: Logger;
  connections(): readonly Connection[];
  /** Starts this context's recorder (a lazy chunk: nothing of it loads until needed). */
  startRecorder(options: Pick<RecorderOptions, "scope" | "send">): Promise<Recorder>;
}

export interface InspectionHub {
  open(connection: Connection, requestId: string): void;
  close(connection: Connection, requestId: string): void;
  report(connection: Connection, records: InspectionRecord[]): void;
  /** A port that opened: it starts recording at once when the inspector is open. */
  connected(connection: Connection): void;
  stop(): void;
}

const type = provider.messageMarker;

export function createInspectionHub(options: InspectionHubOptions): InspectionHub {
  const { log } = options;
  let inspector: Connection | null = null;
  let recorder: Recorder | null = null;
  /** Bumped on each open and close: a recorder that loads after its inspector left is stopped. */
  let generation = 0;
  /**
   * Ports told `inspectionStart` since the inspector last opened: a report from one of them
   * that crosses `inspectionStop` on its way here is expected and dropped without a warning.
   * A report from any other port is a frame breaking the protocol and is logged.
   */
  let started = new WeakSet<Connection>();
  const start = (connection: Connection) => {
    started.add(connection);
    connection.send({ type, requestType: "inspectionStart" });
  };

  const toInspector = (records: InspectionRecord[]) =>
    inspector?.send({ type, requestType: "inspectionRecords", records });

  const shutDown = () => {
    generation++;
    recorder?.stop();
    recorder = null;
    if (!inspector) return;
    const was = inspector;
    inspector = null;
    for (const connection of options.connections())
      if (connection !== was) connection.send({ type, requestType: "inspectionStop" });
  };

  return {
    open(connection, requestId) {
      if (!options.allowed || connection.componentName !== INSPECTOR_COMPONENT) {
        log.warn("data layer: inspection refused", { component: connection.componentName });
        connection.send(errorResponse(requestId, inspectorRefusedMessage));
        return;
      }
      if (inspector !== connection) {
        shutDown();
        started = new WeakSet();
        inspector = connection;
        const mine = ++generation;
        for (const other of options.connections()) if (other !== connection) start(other);
        void options.startRecorder({ scope: "data-layer", send: toInspector }).then(
          (started) => {
            if (mine === generation) recorder = started;
            else started.stop();
          },
          () => log.warn("data layer: the recorder could not be loaded"),
        );
      }
      connection.send(okResponse(requestId, { open: true }));
    },
    close(connection, requestId) {
      if (connection === inspector) shutDown();
      connection.send(okResponse(requestId, { open: false }));
    },
    report(connection, records) {
      if (!inspector || connection === inspector) {
        if (!inspector && started.has(connection)) return;
        log.warn("data layer: inspection records dropped (no inspector open)");
        return;
      }
      toInspector(records);
    },
    connected(connection) {
      if (inspector && connection !== inspector) start(connection);
    },
    stop: shutDown,
  };
}

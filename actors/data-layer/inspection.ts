/**
 * The data layer's part of the live inspector (issue 17, docs/protocol.md "Inspection"): it
 * relays. The `debug-utils` frame opens inspection with `inspectorOpen` — accepted only on a
 * port bound to that component and only where internal components may load (SPEC.md §6) —
 * then every other port hears `inspectionStart` (ports that open later hear it at init), the
 * frames and the loader report their actors' records with `inspectionReport`, and the data
 * layer passes them, with its own actors' records, to the inspector's port alone. A sign-in
 * popup is no port: it is told `inspectionStart` / `inspectionStop` by a window message to
 * the window its `popupReady` came from (the connect origin only), and its records come back
 * as the popup event `popupInspectionReport`, relayed under the scope `popup`. Every record is
 * relayed under its sender's scope, whatever it says: the platform port's as `loader`, a UI
 * frame's as the component its port was bound to at init. When the
 * inspector closes, every port hears `inspectionStop`. While no inspector is open, nothing is
 * recorded here and a report is dropped.
 */
import type { InspectionRecord } from "../../protocol/inspection.ts";
import type { ToPopupMessage } from "../../protocol/messages/popup.schema.ts";
import { provider } from "../../protocol/provider.ts";
import type { Recorder, RecorderOptions } from "../inspection/recorder.ts";
import type { PostTarget } from "../messaging/types.ts";
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
  /** The connect origin: where a popup runs, the only target its messages are posted to. */
  popupOrigin: string;
}

/** The scope a popup's records are relayed under, whatever they say. */
export const POPUP_SCOPE = "popup";
/** The scope the platform page's records (the loader's) are relayed under. */
export const LOADER_SCOPE = "loader";

export interface InspectionHub {
  open(connection: Connection, requestId: string): void;
  close(connection: Connection, requestId: string): void;
  report(connection: Connection, records: InspectionRecord[]): void;
  /** A port that opened: it starts recording at once when the inspector is open. */
  connected(connection: Connection): void;
  /**
   * A sign-in popup's event, from its window (the intake checked origin and opener): a ready
   * popup is told `inspectionStart` while an inspector is open, a complete one forgotten.
   */
  popupEvent(popup: PostTarget, requestType: string): void;
  /** A popup's records: relayed (as scope `popup`) only from a popup told to record. */
  popupReport(popup: PostTarget, records: InspectionRecord[]): void;
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

  /** Popups that said they are ready and have not completed; those told to record. */
  const popups = new Set<PostTarget>();
  let recordingPopups = new WeakSet<PostTarget>();
  const tellPopup = (popup: PostTarget, requestType: ToPopupMessage["requestType"]) => {
    try {
      popup.postMessage({ type, requestType } satisfies ToPopupMessage, options.popupOrigin);
    } catch {
      popups.delete(popup); // closed meanwhile
    }
  };
  const startPopup = (popup: PostTarget) => {
    recordingPopups.add(popup);
    tellPopup(popup, "inspectionStart");
  };

  const shutDown = () => {
    generation++;
    recorder?.stop();
    recorder = null;
    if (!inspector) return;
    const was = inspector;
    inspector = null;
    for (const connection of options.connections())
      if (connection !== was) connection.send({ type, requestType: "inspectionStop" });
    for (const popup of popups) tellPopup(popup, "inspectionStop");
    recordingPopups = new WeakSet();
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
        for (const popup of popups) startPopup(popup);
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
      // A sender reports only its own actors: the scope is the port's, whatever it says.
      const scope = connection.sender === "platform" ? LOADER_SCOPE : connection.componentName;
      toInspector(scope ? records.map((record) => ({ ...record, scope })) : records);
    },
    connected(connection) {
      if (inspector && connection !== inspector) start(connection);
    },
    popupEvent(popup, requestType) {
      if (requestType === "popupReady") {
        popups.add(popup);
        if (inspector) startPopup(popup);
      } else if (requestType === "popupComplete") {
        popups.delete(popup);
      }
    },
    popupReport(popup, records) {
      if (!inspector || !recordingPopups.has(popup)) {
        // One crossing `inspectionStop` on its way is expected; anything else is not.
        if (!popups.has(popup)) log.warn("data layer: popup inspection records dropped");
        return;
      }
      toInspector(records.map((record) => ({ ...record, scope: POPUP_SCOPE })));
    },
    stop: shutDown,
  };
}

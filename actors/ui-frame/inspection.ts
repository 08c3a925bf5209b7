/**
 * A UI frame's side of the live inspector (issue 17). Every frame reports: when the data
 * layer says `inspectionStart`, it loads the recorder (a lazy chunk, absent from the frame's
 * first JavaScript) and sends its actors' records as `inspectionReport`; on `inspectionStop`
 * it stops and drops what was not sent. The inspector's own frame (debug-utils) opens and
 * closes inspection and hears every context's records (`openInspector`).
 */
import type { InspectionRecord } from "../../protocol/inspection.ts";
import type { InspectorFeed } from "../../ui/frame/frame-context.tsx";
import { recordingSwitch } from "../inspection/switch.ts";
import type { DataLayerClient } from "./data-layer-client.ts";

type Client = Pick<DataLayerClient, "onBroadcast" | "send" | "request">;

/** Reports this frame's actors while the inspector is open; returns what stops it for good. */
export function reportInspection(client: Client, scope: string): () => void {
  const recording = recordingSwitch({
    scope,
    send: (records) => client.send({ requestType: "inspectionReport", records }),
  });
  const offStart = client.onBroadcast("inspectionStart", () => recording.start());
  const offStop = client.onBroadcast("inspectionStop", () => recording.stop());
  return () => {
    offStart();
    offStop();
    recording.stop();
  };
}

/** The inspector's feed: opens inspection, hears every record, closes it. */
export function openInspector(
  client: Client,
  listener: (records: InspectionRecord[]) => void,
): InspectorFeed {
  const off = client.onBroadcast("inspectionRecords", (message) =>
    listener(message.records as InspectionRecord[]),
  );
  const opened = client.request({ requestType: "inspectorOpen" }).then(
    (reply) => reply.requestType === "response" && reply.ok,
    () => false,
  );
  return {
    opened,
    close() {
      off();
      client.request({ requestType: "inspectorClose" }).catch(() => {});
    },
  };
}

/**
 * A UI frame's side of the live inspector (issue 17). Every frame reports: when the data
 * layer says `inspectionStart`, it loads the recorder (a lazy chunk, absent from the frame's
 * first JavaScript) and sends its actors' records as `inspectionReport`; on `inspectionStop`
 * it stops and drops what was not sent. The inspector's own frame (debug-utils) opens and
 * closes inspection and hears every context's records (`openInspector`).
 */
import type { InspectionRecord } from "../../protocol/inspection.ts";
import type { InspectorFeed } from "../../ui/frame/frame-context.tsx";
import type { Recorder } from "../inspection/recorder.ts";
import type { DataLayerClient } from "./data-layer-client.ts";

type Client = Pick<DataLayerClient, "onBroadcast" | "send" | "request">;

/** Reports this frame's actors while the inspector is open; returns what stops it for good. */
export function reportInspection(client: Client, scope: string): () => void {
  let recorder: Recorder | null = null;
  let generation = 0;
  const stop = () => {
    generation++;
    recorder?.stop();
    recorder = null;
  };
  const offStart = client.onBroadcast("inspectionStart", () => {
    if (recorder) return;
    const mine = ++generation;
    void import("../inspection/recorder.ts").then(({ startRecorder }) => {
      if (mine !== generation) return;
      recorder = startRecorder({
        scope,
        send: (records) => client.send({ requestType: "inspectionReport", records }),
      });
    });
  });
  const offStop = client.onBroadcast("inspectionStop", stop);
  return () => {
    offStart();
    offStop();
    stop();
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

/**
 * The loader's side of the live inspector (issue 17), in the session chunk so that the
 * platform script carries only the instance's set of actors and the start / stop it hears
 * from the data layer. While an inspector is open, the recording switch (its recorder a lazy
 * chunk of its own) watches this instance's machine actors — the loader's and each element's
 * handshake server — and never another instance's, and sends their records under the scope
 * `loader`.
 */
import type { AnyActorRef } from "xstate";
import type { InspectionRecord } from "../../protocol/inspection.ts";
import { type RecordingSwitch, recordingSwitch } from "../inspection/switch.ts";

/** One instance's inspectable actors; `added` is the recorder's, while it watches. */
export interface LoaderInspectables {
  readonly actors: Set<AnyActorRef>;
  added?: ((actor: AnyActorRef) => void) | undefined;
}

export function loaderRecording(
  inspectables: LoaderInspectables,
  send: (records: InspectionRecord[]) => void,
): RecordingSwitch {
  return recordingSwitch({
    scope: "loader",
    send,
    watch(listener) {
      inspectables.added = listener;
      for (const actor of inspectables.actors) listener(actor);
      return () => {
        inspectables.added = undefined;
      };
    },
  });
}

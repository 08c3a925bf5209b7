/**
 * A context's recording for the live inspector, switched on and off by whoever hears that an
 * inspector opened or closed (a UI frame and the loader from the data layer's broadcast, the
 * sign-in popup from the data layer's window message). Starting loads the recorder chunk once; a stop
 * that comes while it loads wins.
 */
import type { InspectionRecord } from "../../protocol/inspection.ts";
import type { Recorder, RecorderOptions } from "./recorder.ts";

export interface RecordingSwitchOptions {
  scope: string;
  send(records: InspectionRecord[]): void;
  /** The actors to watch (default: the context's registered ones; the loader its instance's). */
  watch?: RecorderOptions["watch"];
  /** Loads the recorder (a lazy chunk; tests pass their own). */
  load?: () => Promise<typeof import("./recorder.ts")>;
}

export interface RecordingSwitch {
  start(): void;
  /** Sends what waits now (before a window closes). */
  flush(): void;
  stop(): void;
}

export function recordingSwitch(options: RecordingSwitchOptions): RecordingSwitch {
  const load = options.load ?? (() => import("./recorder.ts"));
  let recorder: Recorder | null = null;
  let generation = 0;
  return {
    start() {
      if (recorder) return;
      const mine = ++generation;
      void load().then(({ startRecorder }) => {
        if (mine !== generation) return;
        recorder = startRecorder({
          scope: options.scope,
          send: options.send,
          ...(options.watch ? { watch: options.watch } : {}),
        });
      });
    },
    flush() {
      recorder?.flush();
    },
    stop() {
      generation++;
      recorder?.stop();
      recorder = null;
    },
  };
}

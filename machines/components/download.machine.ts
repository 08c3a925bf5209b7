import { assign, emit, fromPromise, setup } from "xstate";
import { type CallFailure, toCallFailure } from "../auth/failure.ts";

/**
 * One file a person asks to download — a CSV export of a filtered list, a PDF — fetched by the
 * frame through the data layer (the key only in its header):
 *
 * - `idle`: `download` (with the API URL) → `downloading`, where the `fetchFile` actor runs;
 *   its file is emitted as `file.ready` for the view to hand to the browser, back to `idle`.
 * - A failure → `failed` with the typed CallFailure (a 401 also emits `unauthorized`, as every
 *   kit machine does); `download` tries again, `dismiss` clears the failure.
 * - A second `download` while one runs is ignored: one click, one file.
 */

export interface DownloadContext {
  url: string | null;
  failure: CallFailure | null;
}

export type DownloadEvent = { type: "download"; url: string } | { type: "dismiss" };

export type DownloadEmitted = { type: "file.ready"; file: File } | { type: "unauthorized" };

export const downloadMachine = setup({
  types: {
    context: {} as DownloadContext,
    events: {} as DownloadEvent,
    emitted: {} as DownloadEmitted,
  },
  actors: {
    fetchFile: fromPromise<File, { url: string }>(async () => {
      throw new Error("fetchFile is provided by the frame (actors/components/)");
    }),
  },
  guards: {
    isUnauthorized: (_, failure: CallFailure) => failure.kind === "http" && failure.status === 401,
  },
  actions: {
    remember: assign({
      url: (_, url: string) => url,
      failure: () => null,
    }),
    fail: assign({ failure: (_, failure: CallFailure) => failure }),
    clear: assign({ failure: () => null }),
  },
}).createMachine({
  id: "download",
  context: { url: null, failure: null },
  initial: "idle",
  states: {
    idle: {
      on: {
        download: {
          target: "downloading",
          actions: { type: "remember", params: ({ event }) => event.url },
        },
      },
    },
    downloading: {
      invoke: {
        src: "fetchFile",
        input: ({ context }) => ({ url: context.url ?? "" }),
        onDone: {
          target: "idle",
          actions: emit(({ event }) => ({ type: "file.ready" as const, file: event.output })),
        },
        onError: [
          {
            guard: {
              type: "isUnauthorized",
              params: ({ event }) => toCallFailure(event.error),
            },
            target: "failed",
            actions: [
              { type: "fail", params: ({ event }) => toCallFailure(event.error) },
              emit({ type: "unauthorized" as const }),
            ],
          },
          {
            target: "failed",
            actions: { type: "fail", params: ({ event }) => toCallFailure(event.error) },
          },
        ],
      },
    },
    failed: {
      on: {
        download: {
          target: "downloading",
          actions: { type: "remember", params: ({ event }) => event.url },
        },
        dismiss: { target: "idle", actions: "clear" },
      },
    },
  },
});

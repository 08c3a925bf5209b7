import { assign, emit, fromPromise, setup } from "xstate";
import { type CallFailure, countsAsInvalidated, toCallFailure } from "./failure.ts";

/**
 * One logout request (SPEC.md §4 "Logout", §7 DELETE /v1/connect/session, §8 "Logout").
 *
 * Logout clears either the user key only or all keys. When there is a user session it is
 * first invalidated on the server with the user key; the keys are cleared only if that
 * succeeded or answered 401 or 404. Any other failure keeps the keys and the request is
 * answered with fetchErrorResponse. Without a user key there is nothing to invalidate.
 */

export interface LogoutInput {
  clearUserSessionOnly: boolean;
  hasUserKey: boolean;
}

export type LogoutEmitted =
  | { type: "keys.clear"; scope: "user" | "all" }
  | { type: "logout.failed"; failure: CallFailure };

export const logoutMachine = setup({
  types: {
    input: {} as LogoutInput,
    context: {} as LogoutInput & { failure: CallFailure | null },
    emitted: {} as LogoutEmitted,
    output: {} as { ok: true } | { ok: false; failure: CallFailure },
  },
  actors: {
    invalidateUserSession: fromPromise<void, void>(async () => {
      throw new Error("invalidateUserSession is provided by the data-layer actor");
    }),
  },
  guards: {
    hasUserKey: ({ context }) => context.hasUserKey,
    countsAsInvalidated: (_, failure: CallFailure) => countsAsInvalidated(failure),
  },
  actions: {
    clearKeys: emit(({ context }) => ({
      type: "keys.clear" as const,
      scope: context.clearUserSessionOnly ? ("user" as const) : ("all" as const),
    })),
    emitFailed: emit((_, failure: CallFailure) => ({ type: "logout.failed" as const, failure })),
    rememberFailure: assign({ failure: (_, failure: CallFailure) => failure }),
  },
}).createMachine({
  id: "logout",
  context: ({ input }) => ({ ...input, failure: null }),
  initial: "deciding",
  states: {
    deciding: {
      always: [{ guard: "hasUserKey", target: "invalidating" }, { target: "cleared" }],
    },
    invalidating: {
      invoke: {
        src: "invalidateUserSession",
        onDone: { target: "cleared" },
        onError: [
          {
            guard: {
              type: "countsAsInvalidated",
              params: ({ event }) => toCallFailure(event.error),
            },
            target: "cleared",
          },
          {
            target: "kept",
            actions: [
              { type: "rememberFailure", params: ({ event }) => toCallFailure(event.error) },
              { type: "emitFailed", params: ({ event }) => toCallFailure(event.error) },
            ],
          },
        ],
      },
    },
    cleared: { type: "final", entry: "clearKeys" },
    kept: { type: "final" },
  },
  output: ({ context }) =>
    context.failure ? { ok: false as const, failure: context.failure } : { ok: true as const },
});

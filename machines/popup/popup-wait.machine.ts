import { assign, emit, fromPromise, setup } from "xstate";
import { type CallFailure, toCallFailure } from "../auth/failure.ts";

/**
 * One sign-in popup wait in the data layer (SPEC.md §4 "Popup sign-in wait").
 *
 * - It resolves at once when the user is already authenticated, or when the mode is
 *   wait-for-complete (openPopupAndWaitForComplete).
 * - Otherwise it waits for the popup's popupAuthenticationComplete {apiKey,
 *   sessionCreatedForEmbedded}, exchanges that key (POST /v1/embedded/user_authed_key) and
 *   resolves with the user key (submerchant_surfaces_user_key_received, method popup).
 * - An exchange failure rejects the wait; the data layer sends fetchErrorResponse to every
 *   frame (SPEC.md §8).
 * - Aborting the wait sends popupComplete.
 */

export interface PopupWaitInput {
  mode: "auth" | "complete";
  userAuthenticated: boolean;
}

export interface ExchangeRequest {
  apiKey: string;
  sessionCreatedForEmbedded: boolean;
}

/** The answer of POST /v1/embedded/user_authed_key, as the data layer stores it. */
export interface ExchangedUserKey {
  userKey: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expires: number;
}

export type PopupWaitEvent =
  | ({ type: "popup.authentication-complete" } & ExchangeRequest)
  | { type: "wait.abort" };

export type PopupWaitEmitted =
  | { type: "user-key.received"; key: ExchangedUserKey; method: "popup" }
  | { type: "exchange.failed"; failure: CallFailure }
  | { type: "popup-complete.broadcast" };

export type PopupWaitOutput =
  | { outcome: "resolved" }
  | { outcome: "aborted" }
  | { outcome: "rejected"; failure: CallFailure };

export const popupWaitMachine = setup({
  types: {
    input: {} as PopupWaitInput,
    context: {} as PopupWaitInput & { failure: CallFailure | null; aborted: boolean },
    events: {} as PopupWaitEvent,
    emitted: {} as PopupWaitEmitted,
    output: {} as PopupWaitOutput,
  },
  actors: {
    exchangeUserKey: fromPromise<ExchangedUserKey, ExchangeRequest>(async () => {
      throw new Error("exchangeUserKey is provided by the data-layer actor");
    }),
  },
  guards: {
    resolvesAtOnce: ({ context }) => context.userAuthenticated || context.mode === "complete",
  },
  actions: {
    emitKeyReceived: emit((_, key: ExchangedUserKey) => ({
      type: "user-key.received" as const,
      key,
      method: "popup" as const,
    })),
    emitExchangeFailed: emit((_, failure: CallFailure) => ({
      type: "exchange.failed" as const,
      failure,
    })),
    rememberFailure: assign({ failure: (_, failure: CallFailure) => failure }),
    broadcastPopupComplete: emit({ type: "popup-complete.broadcast" as const }),
    markAborted: assign({ aborted: true }),
  },
}).createMachine({
  id: "popupWait",
  context: ({ input }) => ({ ...input, failure: null, aborted: false }),
  initial: "deciding",
  states: {
    deciding: {
      always: [{ guard: "resolvesAtOnce", target: "resolved" }, { target: "waiting" }],
    },
    waiting: {
      on: {
        "popup.authentication-complete": { target: "exchanging" },
        "wait.abort": { target: "aborted" },
      },
    },
    exchanging: {
      invoke: {
        src: "exchangeUserKey",
        input: ({ event }) => {
          if (event.type !== "popup.authentication-complete") {
            throw new Error("exchanging starts on popup.authentication-complete");
          }
          return {
            apiKey: event.apiKey,
            sessionCreatedForEmbedded: event.sessionCreatedForEmbedded,
          };
        },
        onDone: {
          target: "resolved",
          actions: { type: "emitKeyReceived", params: ({ event }) => event.output },
        },
        onError: {
          target: "rejected",
          actions: [
            { type: "rememberFailure", params: ({ event }) => toCallFailure(event.error) },
            { type: "emitExchangeFailed", params: ({ event }) => toCallFailure(event.error) },
          ],
        },
      },
      on: { "wait.abort": { target: "aborted" } },
    },
    resolved: { type: "final" },
    rejected: { type: "final" },
    aborted: { type: "final", entry: ["markAborted", "broadcastPopupComplete"] },
  },
  output: ({ context }): PopupWaitOutput => {
    if (context.failure) return { outcome: "rejected", failure: context.failure };
    return context.aborted ? { outcome: "aborted" } : { outcome: "resolved" };
  },
});

import { assign, emit, fromPromise, setup } from "xstate";
import type { ClaimedAccountSession } from "../../protocol/objects/claimed-account-session.schema.ts";
import { type CallFailure, isClientError, toCallFailure } from "./failure.ts";

/**
 * The account-session claim of the data layer (SPEC.md §7 "Session and authentication",
 * §8 "Claim errors").
 *
 * - `claim.request` carries a client secret the platform fetched; the data layer claims it
 *   (POST /v1/account_sessions/claim). A newer request while one is in flight wins.
 * - `claim.override` is the override path: GET /v1/retrieve_embedded_flags with an API key
 *   and a platform id; its key expires in 365 days.
 * - A 4xx answer is a rejection (a warning is logged and fetchErrorResponse returned); any
 *   other failure is an error (errorResponse).
 * - `session.expired` (a 401, or the account-session key read after its expiry) asks the
 *   platform for a new client secret and waits for it.
 *
 * The machine performs nothing itself: the claim calls are invoked actors the data layer
 * provides, and every outcome is an emitted event the data layer acts on.
 */

export interface ClaimRequest {
  clientSecret: string;
  /** SPEC.md §7 claimAccountSessionRequest (setNewKey): store the claimed key as the new one. */
  setNewKey: boolean;
}

export interface OverrideRequest {
  apiKey: string;
  platformId: string;
}

export interface ClaimSuccess {
  session: ClaimedAccountSession;
  /** How long the claim took, for submerchant_surfaces_account_session_claim. */
  durationMs: number;
}

export type ClaimEvent =
  | ({ type: "claim.request" } & ClaimRequest)
  | ({ type: "claim.override" } & OverrideRequest)
  | { type: "session.expired" };

export type ClaimEmitted =
  | { type: "claim.succeeded"; result: ClaimSuccess; setNewKey: boolean; via: "claim" | "override" }
  | { type: "claim.rejected"; failure: CallFailure }
  | { type: "claim.failed"; failure: CallFailure }
  | { type: "client-secret.needed" };

const claimSetup = setup({
  types: {
    context: {} as { setNewKey: boolean },
    events: {} as ClaimEvent,
    emitted: {} as ClaimEmitted,
  },
  actors: {
    claimSession: fromPromise<ClaimSuccess, ClaimRequest>(async () => {
      throw new Error("claimSession is provided by the data-layer actor");
    }),
    retrieveEmbeddedFlags: fromPromise<ClaimSuccess, OverrideRequest>(async () => {
      throw new Error("retrieveEmbeddedFlags is provided by the data-layer actor");
    }),
  },
  guards: {
    isClientError: (_, failure: CallFailure) => isClientError(failure),
  },
  actions: {
    rememberSetNewKey: assign({
      setNewKey: ({ event }) => (event.type === "claim.request" ? event.setNewKey : false),
    }),
    emitSucceeded: emit(
      (_, params: { result: ClaimSuccess; setNewKey: boolean; via: "claim" | "override" }) => ({
        type: "claim.succeeded" as const,
        ...params,
      }),
    ),
    emitRejected: emit((_, failure: CallFailure) => ({ type: "claim.rejected" as const, failure })),
    emitFailed: emit((_, failure: CallFailure) => ({ type: "claim.failed" as const, failure })),
    emitClientSecretNeeded: emit({ type: "client-secret.needed" as const }),
  },
});

type ErrorArgs = { event: { error: unknown } };
const failureOf = ({ event }: ErrorArgs) => toCallFailure(event.error);

/** A 4xx is a rejection (warning + fetchErrorResponse); any other failure an error. */
const claimFailed = [
  {
    guard: { type: "isClientError", params: failureOf },
    target: "rejected",
    actions: { type: "emitRejected", params: failureOf },
  },
  { target: "failed", actions: { type: "emitFailed", params: failureOf } },
] as const;

export const claimMachine = claimSetup.createMachine({
  id: "claim",
  context: { setNewKey: false },
  initial: "idle",
  on: {
    "claim.request": { target: ".claiming", reenter: true, actions: "rememberSetNewKey" },
    "claim.override": { target: ".overriding", reenter: true },
  },
  states: {
    idle: {},
    claiming: {
      invoke: {
        src: "claimSession",
        input: ({ event }) => {
          if (event.type !== "claim.request") throw new Error("claiming starts on claim.request");
          return { clientSecret: event.clientSecret, setNewKey: event.setNewKey };
        },
        onDone: {
          target: "claimed",
          actions: {
            type: "emitSucceeded",
            params: ({ context, event }) => ({
              result: event.output,
              setNewKey: context.setNewKey,
              via: "claim" as const,
            }),
          },
        },
        onError: claimFailed,
      },
    },
    overriding: {
      invoke: {
        src: "retrieveEmbeddedFlags",
        input: ({ event }) => {
          if (event.type !== "claim.override")
            throw new Error("overriding starts on claim.override");
          return { apiKey: event.apiKey, platformId: event.platformId };
        },
        onDone: {
          target: "claimed",
          actions: {
            type: "emitSucceeded",
            params: ({ event }) => ({
              result: event.output,
              setNewKey: true,
              via: "override" as const,
            }),
          },
        },
        onError: claimFailed,
      },
    },
    claimed: {
      on: {
        "session.expired": { target: "awaitingClientSecret", actions: "emitClientSecretNeeded" },
      },
    },
    awaitingClientSecret: {},
    rejected: {},
    failed: {},
  },
});

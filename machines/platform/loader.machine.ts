import { assign, emit, setup } from "xstate";

/**
 * The lifecycle of one platform loader instance (`loadConnectAndInitialize`, issue 6):
 * created → data layer connected (fetching the first client secret, claiming it) → session
 * claimed → refreshing (the data layer said `clientSecretNeeded`) → claimed again; logged
 * out or destroyed at any time.
 *
 * - `fetchClientSecret` runs at most once at a time: a fetch is a state, and a
 *   `secret.needed` that arrives while one runs (or while claiming) is ignored. The actor
 *   begins the first fetch when the loader is created, beside the data layer's load, and
 *   the first `secret.fetch` takes that fetch instead of starting another
 *   (`actors/platform/loader.ts`).
 * - A failed fetch, or a claim the data layer refused, is retried with exponential backoff
 *   (1 s, 2 s, 4 s … capped at 30 s) as `after` transitions, so the graph shows the waits.
 * - A claim refused with a 4xx means the secret itself was not accepted: the platform hears
 *   `authentication.required` and a new secret is fetched after the backoff.
 *
 * - The data-layer frame may not load (blocked, offline, a CSP that forbids the connect
 *   host): without its `initresponse` within DATA_LAYER_TIMEOUT_MS the frame is reloaded
 *   (`datalayer.reload`), up to DATA_LAYER_ATTEMPTS times in all; then the loader is
 *   `unavailable` and every element hears a typed load error (`datalayer.unavailable`).
 *
 * The machine performs nothing: `secret.fetch`, `claim.send`, `logout.send` and
 * `datalayer.reload` are emitted for the loader actor, as are the instance events it
 * forwards to the platform.
 */

export type LoaderEvent =
  /** The data layer answered `initresponse` on the loader's port. */
  | { type: "datalayer.connected" }
  | { type: "secret.fetched"; clientSecret: string }
  /** fetchClientSecret threw, rejected, or resolved with something other than a secret. */
  | { type: "secret.failed" }
  | { type: "claim.succeeded" }
  /** The claim was answered fetchErrorResponse (a 4xx: the secret was refused). */
  | { type: "claim.rejected" }
  /** The claim was answered errorResponse (a failure inside the data layer). */
  | { type: "claim.failed" }
  /** The data layer's `clientSecretNeeded`: the session expired. */
  | { type: "secret.needed" }
  | { type: "logout" }
  | { type: "logout.done" }
  | { type: "logout.refused" }
  | { type: "destroy" };

export type LoaderEmitted =
  | { type: "secret.fetch" }
  /** Replace the data-layer frame (and its port) by a fresh one. */
  | { type: "datalayer.reload" }
  /** The data layer never answered: the loader gives up. */
  | { type: "datalayer.unavailable" }
  | { type: "claim.send"; clientSecret: string }
  | { type: "logout.send" }
  | { type: "logout.failed" }
  | { type: "session.claimed" }
  | { type: "session.refreshed" }
  | { type: "session.expired" }
  | { type: "authentication.required" }
  | { type: "logged.out" };

export interface LoaderContext {
  /** Failed attempts in a row, capped so the context (and the graph) stays finite. */
  attempt: number;
  /** Data-layer frames loaded so far (the first one included). */
  dataLayerAttempt: number;
}

/** How long a data-layer frame has to answer `init`. */
export const DATA_LAYER_TIMEOUT_MS = 10_000;
/** Data-layer frames tried in all before the loader gives up. */
export const DATA_LAYER_ATTEMPTS = 3;

export const MAX_BACKOFF_STEP = 5;
export const BASE_BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 30_000;

/** The wait before retry number `attempt` (1-based): 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s. */
export const backoffMs = (attempt: number): number =>
  Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);

const loaderSetup = setup({
  types: {
    context: {} as LoaderContext,
    events: {} as LoaderEvent,
    emitted: {} as LoaderEmitted,
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.attempt),
    dataLayerTimeout: DATA_LAYER_TIMEOUT_MS,
  },
  guards: {
    mayReloadDataLayer: ({ context }) => context.dataLayerAttempt < DATA_LAYER_ATTEMPTS,
  },
  actions: {
    fetchSecret: emit({ type: "secret.fetch" as const }),
    sendClaim: emit(({ event }) => {
      if (event.type !== "secret.fetched") throw new Error("a claim is sent for a fetched secret");
      return { type: "claim.send" as const, clientSecret: event.clientSecret };
    }),
    countFailure: assign({
      attempt: ({ context }) => Math.min(context.attempt + 1, MAX_BACKOFF_STEP + 1),
    }),
    resetAttempts: assign({ attempt: 0 }),
    emitClaimed: emit({ type: "session.claimed" as const }),
    emitRefreshed: emit({ type: "session.refreshed" as const }),
    emitExpired: emit({ type: "session.expired" as const }),
    emitAuthenticationRequired: emit({ type: "authentication.required" as const }),
    sendLogout: emit({ type: "logout.send" as const }),
    emitLogoutFailed: emit({ type: "logout.failed" as const }),
    emitLoggedOut: emit({ type: "logged.out" as const }),
    countDataLayerAttempt: assign({
      dataLayerAttempt: ({ context }) => context.dataLayerAttempt + 1,
    }),
    reloadDataLayer: emit({ type: "datalayer.reload" as const }),
    emitUnavailable: emit({ type: "datalayer.unavailable" as const }),
  },
});

/**
 * Fetching a secret and claiming it, with its retries; used for the first claim and for every
 * refresh, each its own copy so the diagram tells them apart.
 */
const sessionFlow = (onClaimed: "emitClaimed" | "emitRefreshed") => ({
  initial: "fetchingSecret" as const,
  states: {
    fetchingSecret: {
      entry: "fetchSecret" as const,
      on: {
        "secret.fetched": { target: "claiming", actions: "sendClaim" as const },
        "secret.failed": { target: "waitingToRetry", actions: "countFailure" as const },
      },
    },
    claiming: {
      on: {
        "claim.succeeded": {
          target: "#loader.claimed",
          actions: ["resetAttempts" as const, onClaimed],
        },
        "claim.rejected": {
          target: "waitingToRetry",
          actions: ["countFailure" as const, "emitAuthenticationRequired" as const],
        },
        "claim.failed": { target: "waitingToRetry", actions: "countFailure" as const },
      },
    },
    waitingToRetry: {
      after: { backoff: { target: "fetchingSecret" } },
    },
  },
});

export const loaderMachine = loaderSetup.createMachine({
  id: "loader",
  context: { attempt: 0, dataLayerAttempt: 1 },
  initial: "created",
  on: {
    destroy: { target: ".destroyed" },
  },
  states: {
    created: {
      on: {
        "datalayer.connected": { target: "connected" },
        // Nothing was claimed yet, but the data layer may hold a user session: clear it.
        logout: { target: "awaitingDataLayerToLogOut" },
      },
      after: {
        dataLayerTimeout: [
          {
            guard: "mayReloadDataLayer",
            target: "created",
            reenter: true,
            actions: ["countDataLayerAttempt", "reloadDataLayer"],
          },
          { target: "unavailable", actions: "emitUnavailable" },
        ],
      },
    },
    awaitingDataLayerToLogOut: {
      on: { "datalayer.connected": { target: "loggingOut" } },
      after: {
        dataLayerTimeout: [
          {
            guard: "mayReloadDataLayer",
            target: "awaitingDataLayerToLogOut",
            reenter: true,
            actions: ["countDataLayerAttempt", "reloadDataLayer"],
          },
          { target: "unavailable", actions: ["emitUnavailable", "emitLogoutFailed"] },
        ],
      },
    },
    /** The data layer never answered: nothing can load; a logout has nothing to clear here. */
    unavailable: {
      on: { logout: { actions: "emitLogoutFailed" } },
    },
    connected: {
      ...sessionFlow("emitClaimed"),
      on: { logout: { target: "loggingOut" } },
    },
    claimed: {
      on: {
        "secret.needed": { target: "refreshing", actions: "emitExpired" },
        logout: { target: "loggingOut" },
      },
    },
    refreshing: {
      ...sessionFlow("emitRefreshed"),
      on: { logout: { target: "loggingOut" } },
    },
    loggingOut: {
      entry: "sendLogout",
      on: {
        "logout.done": { target: "loggedOut", actions: "emitLoggedOut" },
        // The data layer kept the keys (SPEC.md §8 "Logout"): the session goes on.
        "logout.refused": { target: "claimed", actions: "emitLogoutFailed" },
      },
    },
    loggedOut: {},
    destroyed: { type: "final" },
  },
});

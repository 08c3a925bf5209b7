import { assign, emit, setup } from "xstate";

/**
 * The load / ready / error lifecycle of one component UI frame (issue 5 item 4).
 *
 * - `resolving`: the hash's component is looked up in the catalogue. Unknown → error
 *   `unknown_component`; known but its view is not in this version's view registry → error
 *   `component_unavailable` (never a mock screen); an internal entry where internal components
 *   may not load (`protocol/catalogue/internal-gate.ts`) → `internal_not_allowed`. Loader start is signalled on entry, so
 *   the host hears it before any load error.
 * - `connecting`: the data layer and the host link open; failure → `connection_failed`.
 * - `loading`: the view's chunk loads; failure → `view_load_failed` ("Loading chunk … failed").
 * - `ready`: the view runs. A 401 from the API, or the data layer turning unauthenticated
 *   after having been authenticated, → `sessionExpired`; authenticated again → `ready`.
 * - `error` (final): emits `load.error` with the kind and the catalogue's error text.
 *
 * The machine is pure: the frame page resolves the catalogue entry and the registry before
 * start (input), sends what happened as events and performs the emitted effects.
 */

export const frameErrorKinds = [
  "unknown_component",
  "component_unavailable",
  // An internal catalogue entry outside development, internal and demo hosts (SPEC.md §6).
  "internal_not_allowed",
  "connection_failed",
  "view_load_failed",
  "load_failed",
  // A view's data could not be loaded (the view stays, with its own retry).
  "api_error",
  "network_error",
  // The API answered 429 (too many requests), after the data layer's bounded retries.
  "rate_limit",
] as const;
export type FrameErrorKind = (typeof frameErrorKinds)[number];

/** What the host's onLoadError receives: `name` is the kind, `message` the shown text. */
export interface FrameLoadError {
  name: FrameErrorKind;
  message: string;
  /** The API's request id, when an API answer caused the error. */
  requestId?: string;
}

export interface ComponentFrameInput {
  /** The hash's component parameter (null when absent). */
  component: string | null;
  /** The catalogue's error text of that component; null when it is not in the catalogue. */
  errorText: string | null;
  /** Whether this version's view registry has a view for it. */
  viewAvailable: boolean;
  /** Whether the internal-entry gate refuses it here (absent: it does not). */
  internalRefused?: boolean;
}

/** The load-failure text of a frame whose component is not in the catalogue at all. */
export const unknownComponentText = "This component cannot be loaded.";

export type ComponentFrameEvent =
  | { type: "links.connected" }
  | { type: "links.failed"; message: string }
  | { type: "view.loaded" }
  | { type: "view.failed"; message: string }
  | { type: "view.error"; message: string }
  | { type: "auth.changed"; authenticated: boolean }
  | { type: "api.unauthorized" };

export type ComponentFrameEmitted =
  | { type: "loader.start" }
  | { type: "load.error"; error: FrameLoadError; detail: string | null }
  | { type: "session.expired" };

interface ComponentFrameContext extends ComponentFrameInput {
  failure: { kind: FrameErrorKind; detail: string | null } | null;
  wasAuthenticated: boolean;
}

const fail = (kind: FrameErrorKind, detail: string | null = null) => ({ kind, detail });

export const componentFrameMachine = setup({
  types: {
    input: {} as ComponentFrameInput,
    context: {} as ComponentFrameContext,
    events: {} as ComponentFrameEvent,
    emitted: {} as ComponentFrameEmitted,
  },
  guards: {
    unknownComponent: ({ context }) => context.errorText === null,
    viewMissing: ({ context }) => !context.viewAvailable,
    internalRefused: ({ context }) => context.internalRefused === true,
    lostAuthentication: ({ context, event }) =>
      event.type === "auth.changed" && !event.authenticated && context.wasAuthenticated,
    regainedAuthentication: ({ event }) => event.type === "auth.changed" && event.authenticated,
  },
  actions: {
    emitLoaderStart: emit({ type: "loader.start" as const }),
    rememberFailure: assign({
      failure: (_, failure: { kind: FrameErrorKind; detail: string | null }) => failure,
    }),
    trackAuthentication: assign({
      wasAuthenticated: ({ context, event }) =>
        context.wasAuthenticated || (event.type === "auth.changed" && event.authenticated),
    }),
    emitLoadError: emit(({ context }) => ({
      type: "load.error" as const,
      error: {
        name: context.failure?.kind ?? "load_failed",
        message: context.errorText ?? unknownComponentText,
      },
      detail: context.failure?.detail ?? null,
    })),
    emitSessionExpired: emit({ type: "session.expired" as const }),
  },
}).createMachine({
  id: "componentFrame",
  context: ({ input }) => ({ ...input, failure: null, wasAuthenticated: false }),
  initial: "resolving",
  states: {
    resolving: {
      entry: "emitLoaderStart",
      always: [
        {
          guard: "unknownComponent",
          target: "error",
          actions: { type: "rememberFailure", params: fail("unknown_component") },
        },
        {
          guard: "internalRefused",
          target: "error",
          actions: { type: "rememberFailure", params: fail("internal_not_allowed") },
        },
        {
          guard: "viewMissing",
          target: "error",
          actions: { type: "rememberFailure", params: fail("component_unavailable") },
        },
        { target: "connecting" },
      ],
    },
    connecting: {
      on: {
        "auth.changed": { actions: "trackAuthentication" },
        "links.connected": { target: "loading" },
        "links.failed": {
          target: "error",
          actions: {
            type: "rememberFailure",
            params: ({ event }) => fail("connection_failed", event.message),
          },
        },
      },
    },
    loading: {
      on: {
        "auth.changed": { actions: "trackAuthentication" },
        "view.loaded": { target: "ready" },
        "view.failed": {
          target: "error",
          actions: {
            type: "rememberFailure",
            params: ({ event }) => fail("view_load_failed", event.message),
          },
        },
      },
    },
    ready: {
      on: {
        "api.unauthorized": { target: "sessionExpired" },
        "auth.changed": [
          {
            guard: "lostAuthentication",
            target: "sessionExpired",
            actions: "trackAuthentication",
          },
          { actions: "trackAuthentication" },
        ],
        "view.error": {
          target: "error",
          actions: {
            type: "rememberFailure",
            params: ({ event }) => fail("load_failed", event.message),
          },
        },
      },
    },
    sessionExpired: {
      entry: "emitSessionExpired",
      on: {
        "auth.changed": [
          {
            guard: "regainedAuthentication",
            target: "ready",
            actions: "trackAuthentication",
          },
          { actions: "trackAuthentication" },
        ],
      },
    },
    error: { type: "final", entry: "emitLoadError" },
  },
});

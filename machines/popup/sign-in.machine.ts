import { assign, emit, fromPromise, setup } from "xstate";

/**
 * The sign-in popup's page (connect origin, a top-level window the UI frame opened on a
 * click). The provider user signs in with email and password; the popup hands the key it
 * gets to the data layer (popupAuthenticationComplete), then says it is done
 * (popupComplete) and closes. Cancelling, or closing the window, also ends with
 * popupComplete, so a wait in the data layer never hangs (USERS.md 4).
 *
 * - `orphaned`: the page was not opened by a UI frame of a data layer (no opener, no
 *   namespace): it can only explain that and close.
 * - A failed sign-in goes back to `editing` with a typed error (`credentials` for the
 *   generic wrong-credentials answer, `rate_limited`, `unavailable` for anything else).
 *   The password travels in the submit event only; it is never kept in the context.
 */

export type SignInFailure = "credentials" | "rate_limited" | "unavailable";

export interface SignInInput {
  /** The data-layer frame was found through the opener. */
  dataLayerFound: boolean;
}

export interface Credentials {
  email: string;
  password: string;
}

/** What POST /v1/connect/sign_in answered, as the popup hands it on. */
export interface SignedIn {
  apiKey: string;
  sessionCreatedForEmbedded: boolean;
}

export type SignInEvent =
  | ({ type: "form.submit" } & Credentials)
  | { type: "popup.cancel" }
  | { type: "window.closing" };

export type SignInEmitted =
  | ({ type: "report.authenticated" } & SignedIn)
  | { type: "report.complete" }
  | { type: "window.close" };

/** The effect's error: which typed failure to show. */
export class SignInError extends Error {
  constructor(readonly failure: SignInFailure) {
    super(`sign-in failed: ${failure}`);
    this.name = "SignInError";
  }
}

const failureOf = (error: unknown): SignInFailure =>
  error instanceof SignInError ? error.failure : "unavailable";

export const signInMachine = setup({
  types: {
    input: {} as SignInInput,
    context: {} as SignInInput & { failure: SignInFailure | null },
    events: {} as SignInEvent,
    emitted: {} as SignInEmitted,
  },
  actors: {
    signIn: fromPromise<SignedIn, Credentials>(async () => {
      throw new Error("signIn is provided by the popup actor");
    }),
  },
  guards: {
    dataLayerFound: ({ context }) => context.dataLayerFound,
  },
  actions: {
    rememberFailure: assign({ failure: (_, failure: SignInFailure) => failure }),
    clearFailure: assign({ failure: null }),
    reportAuthenticated: emit((_, signedIn: SignedIn) => ({
      type: "report.authenticated" as const,
      ...signedIn,
    })),
    reportComplete: emit({ type: "report.complete" as const }),
    closeWindow: emit({ type: "window.close" as const }),
  },
}).createMachine({
  id: "signIn",
  context: ({ input }) => ({ ...input, failure: null }),
  initial: "deciding",
  states: {
    deciding: {
      always: [{ guard: "dataLayerFound", target: "editing" }, { target: "orphaned" }],
    },
    orphaned: {
      on: { "popup.cancel": { target: "closed", actions: "closeWindow" } },
    },
    editing: {
      on: {
        "form.submit": { target: "signingIn", actions: "clearFailure" },
        "popup.cancel": { target: "closing" },
        "window.closing": { target: "closing" },
      },
    },
    signingIn: {
      invoke: {
        src: "signIn",
        input: ({ event }) => {
          if (event.type !== "form.submit") throw new Error("signingIn starts on form.submit");
          return { email: event.email, password: event.password };
        },
        onDone: {
          target: "closing",
          actions: { type: "reportAuthenticated", params: ({ event }) => event.output },
        },
        onError: {
          target: "editing",
          actions: { type: "rememberFailure", params: ({ event }) => failureOf(event.error) },
        },
      },
      on: { "window.closing": { target: "closing" } },
    },
    closing: {
      entry: ["reportComplete", "closeWindow"],
      type: "final",
    },
    closed: { type: "final" },
  },
});

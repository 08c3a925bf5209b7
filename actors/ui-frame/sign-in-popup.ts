/**
 * Opening the provider user's sign-in popup from a UI frame (SPEC.md §2 "Sign-in popup",
 * USERS.md 4). Browsers let a page open a window only inside a user gesture, so
 * `openSignInPopup` must be called synchronously from a click handler: it calls
 * `window.open` first, before anything asynchronous, and only then asks the data layer to
 * wait (`openPopupAndWaitForAuth`). A blocked popup (`window.open` answered null) is a
 * `PopupBlockedError` the view shows with a retry button, never a silent hang.
 *
 * The popup learns, in its URL hash, the namespace (to find the data layer next to this
 * frame) and the account; the key it obtains goes to the data layer only, and this frame
 * sees just the new auth state.
 */

import type { AuthState } from "../../protocol/objects/auth-state.schema.ts";
import { provider } from "../../protocol/provider.ts";
import type { SignInOutcome } from "../../ui/frame/frame-context.tsx";
import { CallAbortedError } from "../messaging/call.ts";
import { realTimers, type Timers } from "../messaging/types.ts";
import { popupUrl } from "../popup/popup-url.ts";
import { type DataLayerClient, DataLayerReplyError } from "./data-layer-client.ts";

/** The browser refused to open the popup (a popup blocker, or no user gesture). */
export class PopupBlockedError extends Error {
  constructor() {
    super("The sign-in popup was blocked by the browser.");
    this.name = "PopupBlockedError";
  }
}

/** The frame has no claimed session yet, so there is no account to sign in to. */
export class SignInUnavailableError extends Error {
  constructor() {
    super("Sign-in needs a claimed account session.");
    this.name = "SignInUnavailableError";
  }
}

export interface PopupWindow {
  readonly closed: boolean;
  focus?(): void;
}

export interface SignInPopupOptions {
  dataLayer: Pick<DataLayerClient, "request" | "session" | "authState">;
  /** The connect origin, where popup.html is served. */
  connectOrigin: string;
  /** The loader instance's namespace (names the data-layer frame). */
  namespace: string;
  /** `window.open`, bound. */
  open(url: string, target: string, features: string): PopupWindow | null;
  timers?: Timers;
  /** How long a sign-in may take before the wait is given up. */
  timeoutMs?: number;
}

export const SIGN_IN_TIMEOUT_MS = 15 * 60_000;
/** After the popup is seen closed, how long its popupComplete may take to arrive. */
export const CLOSED_GRACE_MS = 1_500;
const CLOSED_POLL_MS = 500;

/**
 * Opens the popup (synchronously: call it in the click handler) and resolves with the auth
 * state once the popup is done: user_authenticated after a sign-in, unchanged after a
 * cancel or close. Rejects with PopupBlockedError, SignInUnavailableError or the data
 * layer's DataLayerReplyError (the key exchange failed).
 */
export function openSignInPopup(options: SignInPopupOptions): Promise<AuthState | undefined> {
  const account = options.dataLayer.session()?.account_id;
  if (!account) return Promise.reject(new SignInUnavailableError());
  const url = popupUrl(options.connectOrigin, { namespace: options.namespace, account });
  const popup = options.open(url, `signin-${options.namespace}`, "popup,width=480,height=640");
  if (!popup) return Promise.reject(new PopupBlockedError());
  popup.focus?.();

  const timers = options.timers ?? realTimers;
  const abort = new AbortController();
  let closedAt: number | undefined;
  let elapsed = 0;
  // A popup that dies without its pagehide (a crash) sends no popupComplete: stop waiting.
  const poll = () => {
    elapsed += CLOSED_POLL_MS;
    if (popup.closed) closedAt ??= elapsed;
    if (closedAt !== undefined && elapsed - closedAt >= CLOSED_GRACE_MS) abort.abort();
    else handle = timers.setTimeout(poll, CLOSED_POLL_MS);
  };
  let handle = timers.setTimeout(poll, CLOSED_POLL_MS);

  return options.dataLayer
    .request(
      { requestType: "openPopupAndWaitForAuth" },
      { signal: abort.signal, timeoutMs: options.timeoutMs ?? SIGN_IN_TIMEOUT_MS },
    )
    .then(
      (reply) => {
        if (reply.requestType !== "response") throw new DataLayerReplyError(reply);
        const body = reply.body as { authState?: AuthState } | undefined;
        return body?.authState ?? options.dataLayer.authState();
      },
      (error: unknown) => {
        if (error instanceof CallAbortedError) return options.dataLayer.authState();
        throw error;
      },
    )
    .finally(() => timers.clearTimeout(handle));
}

/** The popup's options for the frame at `location` (its hash names the namespace). */
export function popupOptionsAt(
  dataLayer: SignInPopupOptions["dataLayer"],
  location: { origin: string; hash: string },
  open: SignInPopupOptions["open"],
): SignInPopupOptions {
  const namespace =
    new URLSearchParams(location.hash.replace(/^#/, "")).get(provider.hashParams.namespace) ?? "";
  return { dataLayer, connectOrigin: location.origin, namespace, open };
}

/**
 * The frame services' sign-in (`FrameServices.signIn`): opens the popup at once (call it
 * from the click) and tells how it ended, as the views' `SignInOutcome`.
 */
export function signInOutcome(options: SignInPopupOptions): Promise<SignInOutcome> {
  return openSignInPopup(options).then(
    (state) => (state?.status === "user_authenticated" ? "signed_in" : "not_signed_in"),
    (failure: unknown) => (failure instanceof PopupBlockedError ? "blocked" : "failed"),
  );
}

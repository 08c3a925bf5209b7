/**
 * The sign-in popup's page (connect/popup.html), the effectful shell of the sign-in machine.
 *
 * The UI frame that opened the popup (on a click) put its loader instance's namespace and
 * the connected account in the URL hash. The popup finds the data-layer frame as a sibling
 * of its opener, `opener.parent.frames[<data-layer frame name>]`, and posts the popup events
 * to it with targetOrigin = its own origin (the connect origin): popupReady at once,
 * popupLoaded once the form is on screen, popupAuthenticationComplete {apiKey,
 * sessionCreatedForEmbedded} after a sign-in, and popupComplete when it ends (signed in,
 * cancelled or closed). The key goes to the data layer only; nothing else is told it.
 */
import { type Actor, createActor, fromPromise } from "xstate";
import {
  type Credentials,
  type SignedIn,
  SignInError,
  type SignInFailure,
  signInMachine,
} from "../../machines/popup/sign-in.machine.ts";
import { endpoints } from "../../protocol/endpoints.ts";
import { type PopupEventType, toPopupMessageSchema } from "../../protocol/messages/popup.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { registerInspectable } from "../inspection/inspectables.ts";
import { recordingSwitch } from "../inspection/switch.ts";
import { dataLayerFrameName } from "../messaging/names.ts";
import type { PostTarget } from "../messaging/types.ts";
import { readPopupHash } from "./popup-url.ts";

export interface OpenerLike {
  opener: unknown;
}

/** The data-layer frame next to the UI frame that opened this popup, if there is one. */
export function findDataLayerFromOpener(
  self: OpenerLike,
  namespace: string,
): PostTarget | undefined {
  try {
    const opener = self.opener as { parent?: { frames?: unknown } } | null;
    const frames = opener?.parent?.frames as Record<string, unknown> | undefined;
    const found = frames?.[dataLayerFrameName(namespace)];
    return found && typeof (found as PostTarget).postMessage === "function"
      ? (found as PostTarget)
      : undefined;
  } catch {
    // An opener that is not ours (or has navigated away) cannot be read.
    return undefined;
  }
}

type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** POST /v1/connect/sign_in, its answers mapped to the machine's typed failures. */
export async function signInWithPassword(
  fetch: FetchLike,
  apiOrigin: string,
  account: string,
  { email, password }: Credentials,
): Promise<SignedIn> {
  let response: Response;
  try {
    response = await fetch(`${apiOrigin}${endpoints.connectSignIn}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        [provider.headers.version]: provider.apiVersion,
      },
      body: new URLSearchParams({ email, password, account }).toString(),
      credentials: "omit",
    });
  } catch {
    throw new SignInError("unavailable");
  }
  const body = (await response.json().catch(() => null)) as {
    api_key?: unknown;
    session_created_for_embedded?: unknown;
    error?: { code?: unknown };
  } | null;
  if (response.ok && typeof body?.api_key === "string" && body.api_key.length > 0) {
    return {
      apiKey: body.api_key,
      sessionCreatedForEmbedded: body.session_created_for_embedded === true,
    };
  }
  if (response.status === 429) throw new SignInError("rate_limited");
  if (response.status === 400 && body?.error?.code === "sign_in_failed")
    throw new SignInError("credentials");
  throw new SignInError("unavailable");
}

/**
 * Records the popup's actors for the live inspector while the data layer says one is open:
 * only `inspectionStart` / `inspectionStop` from the data-layer window this popup posts to,
 * on its own (connect) origin, schema-checked. Returns what stops it.
 */
function reportInspectionTo(
  dataLayer: PostTarget | undefined,
  options: PopupPageOptions,
  post: (requestType: PopupEventType, extra?: Record<string, unknown>) => void,
): () => void {
  const window = options.self;
  if (!dataLayer || !window.addEventListener || !window.removeEventListener) return () => {};
  const recording = recordingSwitch({
    scope: "popup",
    send: (records) => post("popupInspectionReport", { records }),
    ...(options.loadRecorder ? { load: options.loadRecorder } : {}),
  });
  const onMessage = (event: { data: unknown; origin: string; source: unknown }) => {
    if (event.source !== dataLayer || event.origin !== options.origin) return;
    const message = toPopupMessageSchema.safeParse(event.data);
    if (!message.success) return;
    if (message.data.requestType === "inspectionStop") recording.stop();
    else recording.start();
  };
  window.addEventListener("message", onMessage);
  return () => {
    window.removeEventListener?.("message", onMessage);
    // What is waiting goes before the popup closes.
    recording.flush();
    recording.stop();
  };
}

export interface PopupPageView {
  status: "orphaned" | "editing" | "signingIn" | "done";
  failure: SignInFailure | null;
}

/** A window's message listener, as the popup page takes it (its own window in the page). */
export interface MessageSource {
  addEventListener(
    type: "message",
    listener: (event: { data: unknown; origin: string; source: unknown }) => void,
  ): void;
  removeEventListener(
    type: "message",
    listener: (event: { data: unknown; origin: string; source: unknown }) => void,
  ): void;
}

export interface PopupPageOptions {
  hash: string;
  /** The popup's own origin: the connect origin. */
  origin: string;
  apiOrigin: string;
  self: OpenerLike & { close(): void } & Partial<MessageSource>;
  fetch: FetchLike;
  /** Loads the live inspector's recorder (a lazy chunk; tests pass their own). */
  loadRecorder?: () => Promise<typeof import("../inspection/recorder.ts")>;
}

export interface PopupPage {
  view(): PopupPageView;
  subscribe(listener: () => void): () => void;
  /** The form is on screen. */
  loaded(): void;
  submit(credentials: Credentials): void;
  cancel(): void;
  /** The window is going away (pagehide). */
  closing(): void;
  actor: Actor<typeof signInMachine>;
}

export function startPopupPage(options: PopupPageOptions): PopupPage {
  const { namespace, account } = readPopupHash(options.hash);
  const dataLayer =
    namespace && account ? findDataLayerFromOpener(options.self, namespace) : undefined;
  const post = (requestType: PopupEventType, extra: Record<string, unknown> = {}) =>
    dataLayer?.postMessage({ type: provider.messageMarker, requestType, ...extra }, options.origin);

  const machine = signInMachine.provide({
    actors: {
      signIn: fromPromise<SignedIn, Credentials>(({ input }) =>
        signInWithPassword(options.fetch, options.apiOrigin, account ?? "", input),
      ),
    },
  });
  const actor = createActor(machine, { input: { dataLayerFound: dataLayer !== undefined } });
  actor.on("report.authenticated", ({ apiKey, sessionCreatedForEmbedded }) =>
    post("popupAuthenticationComplete", { apiKey, sessionCreatedForEmbedded }),
  );
  actor.on("report.complete", () => post("popupComplete"));
  // The live inspector (issue 17) may watch it: nothing is recorded until the data layer,
  // and it alone, says an inspector is open (`inspectionStart`).
  const unregister = registerInspectable(actor);
  const stopReporting = reportInspectionTo(dataLayer, options, post);
  actor.on("window.close", () => {
    options.self.close();
    // After the transition that asked it, so its own record goes out with the rest (a
    // window closes once this task ends).
    queueMicrotask(() => {
      stopReporting();
      unregister();
    });
  });
  actor.start();
  post("popupReady");

  let loadedSent = false;
  const view = (): PopupPageView => {
    const snapshot = actor.getSnapshot();
    const value = snapshot.value;
    const status =
      value === "orphaned" || value === "editing" || value === "signingIn" ? value : "done";
    return { status, failure: snapshot.context.failure };
  };
  // One snapshot object per change, so React's useSyncExternalStore sees a stable value.
  let current = view();
  const listeners = new Set<() => void>();
  actor.subscribe(() => {
    const next = view();
    if (next.status === current.status && next.failure === current.failure) return;
    current = next;
    for (const listener of [...listeners]) listener();
  });
  return {
    actor,
    view: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    loaded() {
      if (loadedSent) return;
      loadedSent = true;
      post("popupLoaded");
    },
    submit: (credentials) => actor.send({ type: "form.submit", ...credentials }),
    cancel: () => actor.send({ type: "popup.cancel" }),
    closing: () => actor.send({ type: "window.closing" }),
  };
}

import type { Actor, AnyActorRef, SimulatedClock } from "xstate";
import type {
  LoaderEmitted,
  LoaderEvent,
  loaderMachine,
} from "../../machines/platform/loader.machine.ts";
import { isManifestName } from "../../protocol/catalogue/manifest.ts";
import {
  classifyEnvironment,
  internalOverridesAllowed,
  nameFromTag,
  provider,
} from "../../protocol/provider.ts";
import type { RecordingSwitch } from "../inspection/switch.ts";
import { dataLayerFrameName } from "../messaging/names.ts";
import { consoleLogger, type Logger, type PostTarget, randomId } from "../messaging/types.ts";
import { chunks } from "./chunks.ts";
import { createDataLayerLink, type LinkReply } from "./data-layer-link.ts";
import { bindElement, defineConnectElements } from "./elements.ts";
import {
  InstanceDestroyedError,
  LogoutFailedError,
  ServerEnvironmentError,
  UnknownComponentError,
} from "./errors.ts";
import type { LoaderInspectables } from "./inspection.ts";
import {
  type ConnectOptions,
  checkAppearance,
  checkConnectOptions,
  checkLocale,
  type UpdateOptions,
} from "./options.ts";
import {
  clearCurrentInstance,
  type InstanceLink,
  type LoadFailure,
  type SharedProps,
  setCurrentInstance,
} from "./registry.ts";
import type { ConnectElementBase, ConnectElementOfTag, TagName } from "./types.ts";

/**
 * `loadConnectAndInitialize` (issue 6): synchronous; returns the instance at once and does
 * the rest in the background. It creates one hidden data-layer iframe named
 * `dataLayerFrameName(namespace)` under a random namespace, posts `init` with a port once
 * the frame has loaded, and then lets the loader machine drive the session: fetch a client
 * secret, claim it, answer `clientSecretNeeded` with a new one (at most one fetch at a
 * time, retried with backoff). The instance is what the page's elements bind to.
 *
 * On a server (no `window`) it does nothing at all: the instance it returns throws a
 * `ServerEnvironmentError` from `create`, `update` and `logout`; `on` and `destroy` are
 * harmless there, so a framework's cleanup may call them.
 */

export type ConnectInstanceEvent =
  | "sessionRefreshed"
  | "sessionExpired"
  | "authenticationRequired"
  | "loggedOut";

export interface ConnectInstance {
  /**
   * A new, detached element for `tag` (`<prefix>-<name>`), bound to this instance, typed
   * for that component (its setters and events). A tag outside the catalogue throws
   * `UnknownComponentError`.
   */
  create<T extends TagName>(tag: T): ConnectElementOfTag<T>;
  /** A tag known only at run time: the element with what every element has. */
  create(tag: string): ConnectElementBase;
  /** Changes appearance and locale of every mounted component, live. */
  update(options: UpdateOptions): void;
  /** Logs out: resolves once the data layer cleared the keys. */
  logout(): Promise<void>;
  /** Removes the data-layer frame and every element's frame; the instance is unusable after. */
  destroy(): void;
  on(event: ConnectInstanceEvent, listener: () => void): () => void;
}

/** What the loader touches; tests pass their own. */
export interface LoaderEnvironment {
  window: Pick<Window, "location">;
  document: Document;
  /** The data-layer frame's window; defaults to `iframe.contentWindow`. */
  frameWindow?: (iframe: HTMLIFrameElement) => PostTarget | null;
  createChannel?: () => MessageChannel;
  importDeepCheck?: () => Promise<typeof import("./options.check.ts")>;
  importSession?: () => Promise<typeof import("./session.chunk.ts")>;
  log?: Logger;
  clock?: SimulatedClock;
  /**
   * Internal attributes and setters pass whatever the host (the connect host's own mobile
   * entry page, docs/mobile.md, which serves entry points on any host); by default only
   * where SPEC.md §6 honours internal things.
   */
  internalAllowed?: boolean;
  /** Defines the custom elements and binds one to an instance (`elements.ts`). */
  elements?: {
    define(): void;
    bind(element: HTMLElement, instance: InstanceLink): void;
  };
}

const emittedToEvent: Partial<Record<LoaderEmitted["type"], ConnectInstanceEvent>> = {
  "session.refreshed": "sessionRefreshed",
  "session.expired": "sessionExpired",
  "authentication.required": "authenticationRequired",
  "logged.out": "loggedOut",
};

/**
 * The platform page's URL as the frames get it: its origin and path only — never the query
 * (it may carry tokens or personal data) nor the fragment (docs/security.md).
 */
const platformUrlOf = (location: Pick<Location, "href">) => {
  const url = new URL(location.href);
  return `${url.origin}${url.pathname}`;
};

/**
 * Whether the platform page's URL sets a flag, as a query or hash parameter: present with no
 * value, `true` or `1` (SPEC.md §6: the override flag lets internal attributes, setters and
 * feature override flags through on a platform's own domain).
 */
export function urlFlagSet(href: string, flag: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  const values = [url.searchParams.get(flag), new URLSearchParams(url.hash.slice(1)).get(flag)];
  return values.some((value) => value === "" || value === "true" || value === "1");
}

export function loadConnectAndInitialize(options: ConnectOptions): ConnectInstance {
  if (typeof window === "undefined" || typeof document === "undefined") {
    checkConnectOptions(options);
    return serverInstance();
  }
  return createLoader(options, {
    window,
    document,
    elements: {
      define: () => defineConnectElements({ window: window as Window & typeof globalThis }),
      bind: bindElement,
    },
  });
}

function serverInstance(): ConnectInstance {
  return {
    create: () => {
      throw new ServerEnvironmentError("create");
    },
    update: () => {
      throw new ServerEnvironmentError("update");
    },
    logout: () => Promise.reject(new ServerEnvironmentError("logout")),
    destroy: () => {},
    on: () => () => {},
  };
}

export function createLoader(options: ConnectOptions, env: LoaderEnvironment): ConnectInstance {
  const checked = checkConnectOptions(options);
  const log = env.log ?? consoleLogger;
  const { document } = env;
  const namespace = randomId();
  const connectOrigin = checked.connectOrigin;
  const platformUrl = platformUrlOf(env.window.location);
  const hostname = new URL(platformUrl).hostname;

  // -- instance-wide props, shared by every element ------------------------------------------
  let shared: SharedProps = {
    appearance: checked.appearance ?? null,
    fonts: checked.fonts ?? null,
    locale: checked.locale ?? null,
  };
  const sharedListeners = new Set<(props: SharedProps) => void>();
  const destroyListeners = new Set<() => void>();
  const eventListeners = new Map<ConnectInstanceEvent, Set<() => void>>();
  let destroyed = false;

  const deepCheck = (values: { appearance?: unknown; fonts?: unknown; locale?: string }) => {
    const load = env.importDeepCheck ?? chunks.optionsCheck;
    load()
      .then((module) => {
        const development = classifyEnvironment(hostname) === "development";
        const { warnings } = module.checkOptionsDeeply(values, { development });
        for (const warning of warnings) log.warn(warning);
      })
      .catch(() => log.warn("the option checks could not be loaded"));
  };
  deepCheck({
    appearance: checked.appearance,
    fonts: checked.fonts,
    ...(checked.locale ? { locale: checked.locale } : {}),
  });

  // Elements already in the page's HTML upgrade now and bind to this instance.
  env.elements?.define();

  // -- the hidden data-layer frame ----------------------------------------------------------
  const overrideFlagSet = urlFlagSet(
    env.window.location.href,
    provider.flags.overrideFlagsInExternalDomains,
  );
  const hash = new URLSearchParams({
    [provider.hashParams.runningInIframe]: "true",
    [provider.hashParams.platformUrl]: platformUrl,
    [provider.hashParams.namespace]: namespace,
    // The data layer opens the inspector only where internal components may load.
    ...(overrideFlagSet ? { [provider.flags.overrideFlagsInExternalDomains]: "true" } : {}),
  });
  // The frame may be replaced (the machine's `datalayer.reload` when it does not answer in
  // time): each one gets its own port; replies of a replaced one are not heard.
  const frameWindow = env.frameWindow ?? ((frame) => frame.contentWindow);
  let seq = 0;
  const openDataLayer = () => {
    const frame = document.createElement("iframe");
    frame.name = dataLayerFrameName(namespace);
    frame.src = `${connectOrigin}/data-layer.html#${hash}`;
    frame.title = `${provider.name} data layer`;
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    // Inline `!important` outranks any rule of the page's own stylesheets.
    frame.style.cssText = "display:none!important";
    const frameLink = createDataLayerLink({
      dataLayer: {
        postMessage: (message, targetOrigin, transfer) =>
          frameWindow(frame)?.postMessage(message, targetOrigin, transfer ?? []),
      },
      connectOrigin,
      publishableKey: checked.publishableKey,
      log,
      nextId: () => `${namespace.slice(0, 8)}-${++seq}`,
      ...(env.createChannel ? { createChannel: env.createChannel } : {}),
    });
    const onLoad = () => frameLink.open();
    frame.addEventListener("load", onLoad);
    frameLink.onReply((reply) => onReply(reply));
    return {
      frame,
      link: frameLink,
      close() {
        frameLink.close();
        frame.removeEventListener("load", onLoad);
        frame.remove();
      },
    };
  };
  let dataLayer = openDataLayer();

  const mount = () => {
    if (!destroyed && !dataLayer.frame.isConnected)
      (document.body ?? document.documentElement).append(dataLayer.frame);
  };
  // A script in <head> runs before <body> exists.
  if (document.body) mount();
  else document.addEventListener("DOMContentLoaded", mount, { once: true });

  // -- a load failure every element hears -------------------------------------------------------
  let failure: LoadFailure | undefined;
  const failureListeners = new Set<(failure: LoadFailure) => void>();
  const fail = (next: LoadFailure) => {
    if (failure || destroyed) return;
    failure = next;
    log.warn(next.message);
    for (const listener of [...failureListeners]) listener(next);
  };

  // -- the session, driven by the loader machine ----------------------------------------------
  // The machine arrives in a lazy chunk; events that come first wait for it, in order.
  let actor: Actor<typeof loaderMachine> | undefined;
  const queued: LoaderEvent[] = [];
  const send = (event: LoaderEvent) => {
    if (actor) actor.send(event);
    else queued.push(event);
  };
  let loggedOut = false;
  let claimId: string | undefined;
  let logoutId: string | undefined;
  let fetchSeq = 0;
  const logoutWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const settleLogout = (error?: Error) => {
    for (const waiter of logoutWaiters.splice(0)) error ? waiter.reject(error) : waiter.resolve();
  };

  const callFetchClientSecret = (): Promise<unknown> => {
    try {
      return Promise.resolve(checked.fetchClientSecret());
    } catch {
      return Promise.reject(new Error("fetchClientSecret threw"));
    }
  };
  // The first client secret is asked for now, while the data-layer frame and the session
  // logic load (issue 13 item 3: not one round trip after them). The machine's first
  // `secret.fetch` takes this fetch rather than starting another, so a secret is still
  // fetched once at a time; a loader logged out or destroyed before it connects never
  // claims it (an unclaimed account session simply expires).
  let prefetched: Promise<unknown> | undefined = callFetchClientSecret();
  prefetched.catch(() => {});

  const fetchSecret = () => {
    const mine = ++fetchSeq;
    const deliver = (event: LoaderEvent) => {
      // A fetch the machine has moved past (logout, destroy) is not heard.
      if (mine === fetchSeq && !destroyed) send(event);
    };
    const pending = prefetched ?? callFetchClientSecret();
    prefetched = undefined;
    pending.then(
      (secret) => {
        if (typeof secret === "string" && secret.length > 0 && secret.length <= 1024)
          deliver({ type: "secret.fetched", clientSecret: secret });
        else {
          log.warn("fetchClientSecret did not resolve with a client secret; retrying");
          deliver({ type: "secret.failed" });
        }
      },
      () => {
        log.warn("fetchClientSecret failed; retrying");
        deliver({ type: "secret.failed" });
      },
    );
  };

  const perform = (emitted: LoaderEmitted) => {
    switch (emitted.type) {
      case "secret.fetch":
        fetchSecret();
        return;
      case "claim.send":
        claimId = dataLayer.link.claim(emitted.clientSecret);
        return;
      case "logout.send":
        logoutId = dataLayer.link.logout();
        return;
      case "datalayer.reload":
        // A new frame has no inspector open: this one's recording ends with its link.
        if (recording) inspect(false);
        dataLayer.close();
        dataLayer = openDataLayer();
        if (document.body) mount();
        return;
      case "datalayer.unavailable":
        dataLayer.close();
        fail({
          type: "data_layer_unavailable",
          message: `the ${provider.name} data layer (${connectOrigin}/data-layer.html) did not answer: check the network and that the page's Content-Security-Policy allows ${connectOrigin} in frame-src`,
        });
        return;
      case "logout.failed":
        settleLogout(new LogoutFailedError());
        return;
      case "logged.out":
        loggedOut = true;
        settleLogout();
        break;
    }
    const name = emittedToEvent[emitted.type];
    if (name) for (const listener of [...(eventListeners.get(name) ?? [])]) listener();
  };

  const onReply = (reply: LinkReply) => {
    switch (reply.kind) {
      case "initresponse":
        send({ type: "datalayer.connected" });
        return;
      case "clientSecretNeeded":
        send({ type: "secret.needed" });
        return;
      case "inspection":
        inspect(reply.on);
        return;
    }
    if (reply.requestId !== undefined && reply.requestId === claimId) {
      claimId = undefined;
      if (reply.kind === "response") send({ type: reply.ok ? "claim.succeeded" : "claim.failed" });
      else if (reply.kind === "fetchErrorResponse") send({ type: "claim.rejected" });
      else send({ type: "claim.failed" });
    } else if (reply.requestId !== undefined && reply.requestId === logoutId) {
      logoutId = undefined;
      send({
        type: reply.kind === "response" && reply.ok ? "logout.done" : "logout.refused",
      });
    }
  };
  const session = (env.importSession ?? chunks.session)();

  // -- the live inspector (issue 17) ----------------------------------------------------------
  // This instance's machine actors: the loader's and each element's handshake server. Only
  // while the data layer says an inspector is open does the session chunk's recording switch
  // load the recorder, watch them, and report their records to the data layer (inspection.ts).
  const inspectables: LoaderInspectables = { actors: new Set() };
  const inspectable = (added: AnyActorRef) => {
    inspectables.actors.add(added);
    inspectables.added?.(added);
    return () => {
      inspectables.actors.delete(added);
    };
  };
  let recording: Promise<RecordingSwitch> | undefined;
  const inspect = (on: boolean) => {
    recording ??= session.then((chunk) =>
      chunk.loaderRecording(inspectables, (records) => dataLayer.link.report(records)),
    );
    recording.then((switched) => (on && !destroyed ? switched.start() : switched.stop()));
  };

  session
    .then(({ createActor, loaderMachine: machine }) => {
      if (destroyed) return;
      const started = createActor(machine, env.clock ? { clock: env.clock } : {});
      started.on("*", (effect) => perform(effect as LoaderEmitted));
      started.start();
      inspectable(started);
      actor = started;
      for (const event of queued.splice(0)) started.send(event);
    })
    .catch(() =>
      fail({
        type: "loader_unavailable",
        message: `the ${provider.name} session logic could not be loaded: check the network and the page's Content-Security-Policy (script-src)`,
      }),
    );

  // -- the instance -------------------------------------------------------------------------
  const instanceLink: InstanceLink = {
    namespace,
    connectOrigin,
    platformUrl,
    internalAllowed: env.internalAllowed ?? internalOverridesAllowed(hostname, { overrideFlagSet }),
    overrideFlagSet,
    shared: () => shared,
    failure: () => failure,
    onFailure(listener) {
      failureListeners.add(listener);
      return () => failureListeners.delete(listener);
    },
    onShared(listener) {
      sharedListeners.add(listener);
      return () => sharedListeners.delete(listener);
    },
    inspectable,
    onDestroy(listener) {
      if (destroyed) {
        listener();
        return () => {};
      }
      destroyListeners.add(listener);
      return () => destroyListeners.delete(listener);
    },
  };
  setCurrentInstance(instanceLink);

  const alive = (method: string) => {
    if (destroyed) throw new InstanceDestroyedError(method);
  };

  return {
    create(tag: string) {
      alive("create");
      const name = typeof tag === "string" ? nameFromTag(tag) : undefined;
      if (!name || !isManifestName(name)) throw new UnknownComponentError(String(tag));
      env.elements?.define();
      const element = document.createElement(`${provider.tagPrefix}-${name}`);
      env.elements?.bind(element, instanceLink);
      return element as ConnectElementBase as ConnectElementOfTag<TagName>;
    },
    update(update) {
      alive("update");
      const next: SharedProps = { ...shared };
      if (update && "appearance" in update)
        next.appearance = checkAppearance(update.appearance) ?? null;
      if (update && "locale" in update) next.locale = checkLocale(update.locale) ?? null;
      shared = next;
      deepCheck({
        appearance: next.appearance ?? undefined,
        ...(next.locale ? { locale: next.locale } : {}),
      });
      for (const listener of [...sharedListeners]) listener(shared);
    },
    logout() {
      if (destroyed) return Promise.reject(new InstanceDestroyedError("logout"));
      if (loggedOut) return Promise.resolve();
      const done = new Promise<void>((resolve, reject) => logoutWaiters.push({ resolve, reject }));
      send({ type: "logout" });
      return done;
    },
    destroy() {
      if (destroyed) return;
      actor?.send({ type: "destroy" });
      destroyed = true;
      actor?.stop();
      if (recording) inspect(false);
      dataLayer.close();
      document.removeEventListener("DOMContentLoaded", mount);
      failureListeners.clear();
      clearCurrentInstance(instanceLink);
      settleLogout(new InstanceDestroyedError("logout"));
      for (const listener of [...destroyListeners]) listener();
      destroyListeners.clear();
      sharedListeners.clear();
      eventListeners.clear();
    },
    on(event, listener) {
      const set = eventListeners.get(event) ?? new Set<() => void>();
      eventListeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

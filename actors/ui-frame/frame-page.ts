/**
 * The component frame page's wiring (connect/frame.html): reads the hash parameters
 * (SPEC.md §2), opens the host link first — it is needed even to report a load error — then
 * runs the component-frame machine: on `connecting` it opens the data-layer client, waits for
 * its initresponse and loads the view chunk; it performs the machine's effects (loader start
 * and load error to the host) and applies the host's appearance live. React subscribes to
 * `state()`; `mountFramePage` renders it.
 */
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { createActor } from "xstate";
import {
  type ComponentFrameEvent,
  componentFrameMachine,
  type FrameLoadError,
} from "../../machines/components/component-frame.machine.ts";
import { validateAppearance, validateFonts } from "../../protocol/appearance.schema.ts";
import type { ComponentName } from "../../protocol/catalogue/index.ts";
import { internalComponentRefused } from "../../protocol/catalogue/internal-gate.ts";
import { manifestEntry } from "../../protocol/catalogue/manifest.ts";
import { entryPagePath } from "../../protocol/entry-page.ts";
import { type Locale, textDirection } from "../../protocol/locales.ts";
import {
  classifyEnvironment,
  environmentOfConnectOrigin,
  hostsMetaName,
  parseHostsMeta,
  platformMatchesParent,
  provider,
} from "../../protocol/provider.ts";
import { ChunkLoadError, loadChunk } from "../../protocol/site/errors.ts";
import { type ViewLoader, viewLoaderFor, viewRegistry } from "../../ui/components/registry.ts";
import type { ViewLookup } from "../../ui/frame/component-view.ts";
import { frameStylesheet } from "../../ui/frame/frame.css.ts";
import { FrameRoot, type FrameRootState } from "../../ui/frame/frame-root.view.tsx";
import type { FrameShellStatus } from "../../ui/frame/frame-shell.view.tsx";
import { resolveLocaleLazily } from "../../ui/i18n/resolve.ts";
import { kitStylesheet } from "../../ui/kit/kit.css.ts";
import { createThemeApplier, type ThemeApplier } from "../../ui/theme/apply.ts";
import { registerInspectable } from "../inspection/inspectables.ts";
import { ConnectionClosedError } from "../messaging/call.ts";
import {
  consoleLogger,
  type Logger,
  type MessageReceiver,
  type PostTarget,
  type Timers,
} from "../messaging/types.ts";
import { DataLayerFrameNotFoundError } from "./connect.ts";
import {
  createDataLayerClient,
  type DataLayerClient,
  findDataLayerWindow,
} from "./data-layer-client.ts";
import { createFontStylesheetLoader } from "./font-stylesheets.ts";
import { createFrameServices } from "./frame-services.ts";
import {
  createHostLink,
  type HostLink,
  type HostProps,
  type ObserveSize,
  observeDocumentSize,
} from "./host-link.ts";
import { reportInspection } from "./inspection.ts";

// ---------------------------------------------------------------------------------------------
// Hash parameters
// ---------------------------------------------------------------------------------------------

export interface FrameHash {
  runningInIframe: boolean;
  /** The platform origin from platformUrl; `"*"` (pin on first contact) when absent. */
  platformOrigin: string;
  /** The platform page's path from platformUrl; null when absent or unparsable. */
  platformPath: string | null;
  namespace: string | null;
  component: string | null;
  /** The platform page carries the override flag of SPEC.md §6 (the element passes it on). */
  overrideFlagSet: boolean;
}

/** Reads SPEC.md §2's hash parameters (and ours: namespace, component). */
export function readFrameHash(hash: string): FrameHash {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const names = provider.hashParams;
  let platformOrigin = "*";
  let platformPath: string | null = null;
  const platformUrl = params.get(names.platformUrl);
  if (platformUrl) {
    try {
      const url = new URL(platformUrl);
      if (url.protocol === "https:" || url.protocol === "http:") {
        platformOrigin = url.origin;
        platformPath = url.pathname;
      }
    } catch {
      // An unparsable platformUrl pins nothing in advance.
    }
  }
  return {
    runningInIframe: params.get(names.runningInIframe) === "true",
    platformOrigin,
    platformPath,
    namespace: params.get(names.namespace) || null,
    component: params.get(names.component) || null,
    overrideFlagSet: params.get(provider.flags.overrideFlagsInExternalDomains) === "true",
  };
}

/** The hostname of an origin; null for `"*"`, an opaque `"null"` or anything unparsable. */
function hostnameOf(origin: string): string | null {
  try {
    return new URL(origin).hostname || null;
  } catch {
    return null;
  }
}

/** The API origin of the environment whose connect host serves this frame. */
export function apiOriginFor(connectOrigin: string, hostsMeta?: string | null): string {
  return environmentOfConnectOrigin(connectOrigin, parseHostsMeta(hostsMeta)).hosts.api;
}

// ---------------------------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------------------------

export type FrameState = FrameRootState;

export interface FramePageOptions {
  hash: string;
  /** The frame's own origin (the connect origin). */
  origin: string;
  self: MessageReceiver & { parent: PostTarget & { frames: unknown } };
  registry?: Partial<Record<ComponentName, ViewLoader>>;
  observeSize?: ObserveSize;
  /** Where the theme goes; none in tests that do not look at it. */
  document?: Document;
  timers?: Timers;
  dataLayerTimeoutMs?: number;
  log?: Logger;
  /** `location.ancestorOrigins`, where the browser has it: the parent must be the platform. */
  ancestorOrigins?: ArrayLike<string>;
}

export interface FramePage {
  state(): FrameState;
  subscribe(listener: () => void): () => void;
  hostLink: HostLink;
  apiOrigin: string;
  /** The view registry's lookup, passed to views through the frame context. */
  views: ViewLookup;
  /** A view's API call answered 401. */
  unauthorized(): void;
  /** A view could not show its content at all. */
  loadFailed(message: string): void;
  /** A view could not load its data; it stays (with its own retry), the platform is told. */
  reportLoadError(error: FrameLoadError): void;
  close(): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function startFramePage(options: FramePageOptions): FramePage {
  const log = options.log ?? consoleLogger;
  const hash = readFrameHash(options.hash);
  // The platform is the parent (docs/security.md): a platformUrl naming another origin is
  // refused (the frame shows its load error and talks to nobody); without one, the parent's
  // origin is pinned where the browser tells it.
  const parentOrigin = options.ancestorOrigins?.[0];
  const embeddedByPlatform = platformMatchesParent(
    hash.platformOrigin === "*" ? (parentOrigin ?? null) : hash.platformOrigin,
    options.ancestorOrigins,
  );
  if (hash.platformOrigin === "*" && parentOrigin) hash.platformOrigin = parentOrigin;
  if (!embeddedByPlatform && parentOrigin) hash.platformOrigin = parentOrigin;
  const definition = hash.component ? manifestEntry(hash.component) : undefined;
  const namespace = hash.namespace;
  const registry = options.registry ?? viewRegistry;
  const views = (name: string) => viewLoaderFor(name, registry);
  const loadView = hash.component ? views(hash.component) : undefined;
  const apiOrigin = apiOriginFor(
    options.origin,
    options.document?.querySelector(`meta[name="${hostsMetaName}"]`)?.getAttribute("content"),
  );

  let state: FrameState = {
    status: "loading",
    component: hash.component,
    errorText: definition?.errorText ?? null,
    width: undefined,
    View: undefined,
    props: undefined,
    services: undefined,
  };
  const listeners = new Set<() => void>();
  const update = (patch: Partial<FrameState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };

  const observeSize = options.observeSize ?? observeDocumentSize;
  const hostLink = createHostLink({
    // Without a namespace no host can answer; the link then only times out its calls.
    namespace: namespace ?? "missing-namespace",
    self: options.self,
    parent: options.self.parent,
    platformOrigin: hash.platformOrigin,
    observeSize: (onSize) =>
      observeSize((size) => {
        if (size.width !== state.width) update({ width: size.width });
        onSize(size);
      }),
    ...(options.timers ? { timers: options.timers } : {}),
    log,
  });

  let theme: ThemeApplier | undefined;
  if (options.document) {
    theme = createThemeApplier(options.document, validateAppearance(undefined), [
      kitStylesheet,
      frameStylesheet,
    ]);
  }
  // The data layer, once connected (`run`): platform font stylesheets are fetched through it.
  let resolveDataLayer!: (client: DataLayerClient) => void;
  const dataLayerConnected = new Promise<DataLayerClient>((resolve) => {
    resolveDataLayer = resolve;
  });
  const development = classifyEnvironment(new URL(options.origin).hostname) !== "production";
  const fontStylesheets = options.document?.defaultView
    ? createFontStylesheetLoader({
        dataLayer: () => dataLayerConnected,
        view: options.document.defaultView as Window & typeof globalThis,
        development,
        log,
      })
    : undefined;
  let fontsApplied = 0;
  const applyProps = (props: HostProps) => {
    update({ props });
    const root = options.document?.documentElement;
    if (root) {
      const setLocale = (locale: Locale) => {
        // Newer props may have come while the matcher loaded: theirs wins.
        if (state.props !== props) return;
        root.lang = locale;
        root.dir = textDirection(locale);
      };
      const locale = resolveLocaleLazily(props.locale ?? undefined);
      if (typeof locale === "string") setLocale(locale);
      else
        void locale.then(setLocale, (error: unknown) =>
          log.warn("locale matcher not loaded", { error: messageOf(error) }),
        );
    }
    if (!theme || definition?.ignoreThemingValues) return;
    const { appearance, warnings } = validateAppearance(props.appearance ?? undefined);
    const fonts = validateFonts(props.fonts, { development });
    for (const warning of [...warnings, ...fonts.warnings])
      log.warn(warning.message, { path: warning.path });
    // The platform's own faces at once; a stylesheet's faces once the data layer has fetched
    // it (issue 14 item 12: never linked into the frame), unless newer props came meanwhile.
    const faces = fonts.fonts.filter((f) => !("cssSrc" in f));
    const stylesheets = fonts.fonts.flatMap((f) => ("cssSrc" in f ? [f.cssSrc] : []));
    theme.update({ appearance, fonts: faces });
    const round = ++fontsApplied;
    if (stylesheets.length > 0 && fontStylesheets)
      void fontStylesheets.faces(stylesheets).then((loaded) => {
        if (round === fontsApplied && !closed && loaded.length > 0)
          theme?.update({ appearance, fonts: [...faces, ...loaded] });
      });
  };
  const stopProps = hostLink.onProps(applyProps);
  const initialProps = hostLink.props();
  if (initialProps) applyProps(initialProps);

  const report = (what: string, call: Promise<void>) =>
    call.catch((error: unknown) => {
      // The host closed the link (its element was removed or moved): nobody to tell.
      if (error instanceof ConnectionClosedError || closed) return;
      log.warn(`${what} not delivered`, { error: messageOf(error) });
    });

  const actor = createActor(componentFrameMachine, {
    input: {
      component: hash.component,
      errorText: definition?.errorText ?? null,
      viewAvailable: loadView !== undefined,
      // Internal entries load only where internal components may (SPEC.md §6).
      internalRefused:
        hash.component !== null &&
        internalComponentRefused(hash.component, {
          hostname: hostnameOf(hash.platformOrigin),
          overrideFlagSet: hash.overrideFlagSet,
          // The connect host's mobile entry page is the parent (docs/mobile.md).
          entryPage:
            embeddedByPlatform &&
            hash.platformOrigin === options.origin &&
            hash.platformPath === entryPagePath,
        }),
    },
  });
  const unregisterFrame = registerInspectable(actor);
  // Events after the final state (or close) are dropped: XState would warn on the console.
  const send = (event: ComponentFrameEvent) => {
    if (actor.getSnapshot().status === "active") actor.send(event);
  };
  actor.on("loader.start", () => report("loader start", hostLink.reportLoaderStart()));
  actor.on("load.error", ({ error, detail }) => {
    if (detail) log.warn(`component frame: ${error.name}`, { detail });
    report("load error", hostLink.reportLoadError(error));
  });

  let dataLayer: DataLayerClient | undefined;
  let stopAuth: (() => void) | undefined;
  let stopInspection: (() => void) | undefined;
  let closed = false;

  const connect = async () => {
    if (!embeddedByPlatform)
      throw new Error("the page that embeds this frame is not the platformUrl's origin");
    if (!namespace || !hash.component) throw new Error("the frame's hash names no namespace");
    const target = findDataLayerWindow(options.self, namespace);
    if (!target) throw new DataLayerFrameNotFoundError(namespace);
    dataLayer = createDataLayerClient({
      dataLayer: target,
      connectOrigin: options.origin,
      componentName: hash.component,
      ...(options.timers ? { timers: options.timers } : {}),
      ...(options.dataLayerTimeoutMs ? { defaultTimeoutMs: options.dataLayerTimeoutMs } : {}),
      log,
    });
    await dataLayer.ready;
    return dataLayer;
  };

  const run = async () => {
    // The view's chunk: a failure, or no answer within 120 s, is "Loading chunk {id} failed"
    // (SPEC.md §8–§9), reported to the provider once the data layer is connected.
    const component = hash.component;
    const viewModule =
      loadView && component
        ? loadChunk(component, loadView, ...(options.timers ? [options.timers] : []))
        : undefined;
    viewModule?.catch(() => {});
    let connected: DataLayerClient;
    try {
      connected = await connect();
      resolveDataLayer(connected);
    } catch (error) {
      if (!closed) send({ type: "links.failed", message: messageOf(error) });
      return;
    }
    if (closed) return;
    update({ services: createFrameServices(connected, apiOrigin) });
    // The live inspector, when one opens: this frame's actors are reported under its name.
    if (component) stopInspection = reportInspection(connected, component);
    send({ type: "links.connected" });
    stopAuth = connected.onAuthState((auth) =>
      send({ type: "auth.changed", authenticated: auth.status !== "unauthenticated" }),
    );
    try {
      const module = await viewModule;
      if (closed) return;
      if (!module) throw new Error("no view");
      update({ View: module.default });
      send({ type: "view.loaded" });
    } catch (error) {
      if (closed) return;
      if (error instanceof ChunkLoadError)
        connected.send({
          requestType: "errorReport",
          error: { name: error.name, message: error.message },
          level: "error",
          tags: { chunk: error.chunkId, reason: error.reason },
        });
      send({ type: "view.failed", message: messageOf(error) });
    }
  };

  const toStatus = (value: unknown): FrameShellStatus =>
    value === "ready"
      ? "ready"
      : value === "sessionExpired"
        ? "sessionExpired"
        : value === "error"
          ? "error"
          : "loading";
  actor.subscribe((snapshot) => {
    const status = toStatus(snapshot.value);
    if (status !== state.status) update({ status });
  });
  actor.start();
  update({ status: toStatus(actor.getSnapshot().value) });
  if (actor.getSnapshot().value === "connecting") void run();

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hostLink,
    apiOrigin,
    views,
    unauthorized: () => send({ type: "api.unauthorized" }),
    loadFailed: (message) => send({ type: "view.error", message }),
    reportLoadError: (error) => {
      if (!closed) report("load error", hostLink.reportLoadError(error));
    },
    close() {
      if (closed) return;
      closed = true;
      stopInspection?.();
      unregisterFrame();
      actor.stop();
      stopAuth?.();
      stopProps();
      dataLayer?.close();
      hostLink.close();
      theme?.destroy();
      listeners.clear();
    },
  };
}

/** Renders the page into `container`; returns what unmounts it. */
export function mountFramePage(page: FramePage, container: Element): () => void {
  const root = createRoot(container);
  root.render(createElement(FrameRoot, { page }));
  return () => root.unmount();
}

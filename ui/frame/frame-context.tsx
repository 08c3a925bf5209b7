/**
 * What a component's views reach of their frame, as interfaces: the data layer (API calls in
 * the component's name, the session, the auth state), the host link (props, overlay
 * reports) and the implementations of the actors the kit's machines invoke. The frame page
 * (`actors/ui-frame/frame-services.ts`) implements them and passes them in through
 * `FrameProvider` at the frame's root; views only use the hooks below, so `ui/` never
 * imports `actors/` (docs/architecture.md, "Layers"). Snapshots are read with
 * `useSyncExternalStore`, so a change re-renders consistently.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
} from "react";
import type { AnyActorLogic, AnyActorRef, PromiseActorLogic } from "xstate";
import type { $ZodType } from "zod/v4/core";
import type { SignInOutcome } from "../../machines/auth/sign-in.ts";
import type {
  Identified,
  ListPageInput,
  Page,
  RetrieveItemInput,
} from "../../machines/components/resource-list.types.ts";
import type { InspectionRecord } from "../../protocol/inspection.ts";
import type {
  DataLayerReply,
  FormValue,
  httpMethods,
} from "../../protocol/messages/data-layer.schema.ts";
import type { HostProps } from "../../protocol/messages/host-props.schema.ts";
import type { AuthState } from "../../protocol/objects/auth-state.schema.ts";
import type { FileObject, FilePurpose } from "../../protocol/objects/file.schema.ts";
import type { SanitizedSession } from "../../protocol/objects/sanitized-session.schema.ts";
import type { ViewLookup } from "./component-view.ts";

export type HttpMethod = (typeof httpMethods)[number];

/** An API answer as the data layer relays it (any status; `ok` says 2xx). */
export type ApiAnswer = Pick<
  Extract<DataLayerReply, { requestType: "response" }>,
  "ok" | "status" | "body" | "headers"
>;

export interface ApiRequestOptions {
  body?: Record<string, FormValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The API through the data layer (authedProxy), in one component's name. */
export interface Api {
  /**
   * Resolves with the HTTP answer (any status); rejects when the data layer refused or failed
   * the call (an error with a numeric `status` when it reported one), or on timeout / abort.
   */
  request(method: HttpMethod, url: string, options?: ApiRequestOptions): Promise<ApiAnswer>;
  get(url: string, options?: Omit<ApiRequestOptions, "body">): Promise<ApiAnswer>;
  post(
    url: string,
    body: Record<string, FormValue>,
    options?: ApiRequestOptions,
  ): Promise<ApiAnswer>;
  /**
   * Downloads a file (a CSV export, a PDF) through the data layer, the key only in its
   * header: resolves with the file the person saves; rejects with a typed `CallFailure`.
   */
  download(url: string): Promise<File>;
}

/**
 * The actors the kit's machines invoke, by the name they declare (`listPage`,
 * `retrieveItem`, …): `useComponentMachine` provides the ones a machine declares.
 */
export interface KitActors {
  listPage: PromiseActorLogic<Page<Identified>, ListPageInput<unknown>>;
  retrieveItem: PromiseActorLogic<Identified, RetrieveItemInput>;
  [name: string]: AnyActorLogic;
}

/** What views reach of the host link: its props, and (when given) overlay reports. */
export interface ViewHostLink {
  props(): HostProps | undefined;
  onProps(listener: (props: HostProps) => void): () => void;
  overlayChanged?(open: boolean): Promise<void>;
  /** Dispatches one of the component's catalogue events (`close`, …) on the host element. */
  emitEvent?(name: string, detail?: unknown): Promise<void>;
}

/** The frame's services, implemented in `actors/ui-frame/` and passed in at the root. */
export interface FrameServices {
  /** The API in `componentName`'s name (the data layer checks that component's enablement). */
  api(componentName: string): Api;
  /** The sanitized session (no key in it); null before the data layer has claimed one. */
  session(): SanitizedSession | null;
  onSession(listener: (session: SanitizedSession) => void): () => void;
  /** The data layer's auth state; undefined until it first answers. */
  authState(): AuthState | undefined;
  onAuthState(listener: (state: AuthState) => void): () => void;
  /** The kit's actors, performing their calls through `api`. */
  actors(api: Api): KitActors;
  /**
   * A form's `submit` actor: POSTs the form's body to `url` through `api` with the intent's
   * `Idempotency-Key`, and parses the answer with `schema` (the protocol object it returns).
   */
  mutation(api: Api, spec: MutationSpec): AnyActorLogic;
  /**
   * Uploads a file to the files host through the data layer (the key in its header), with
   * its progress: resolves with the stored file object, rejects with a typed `CallFailure`
   * (the host's refusal names `param: "file"`). Absent in a frame without the data layer's
   * transfers (the bench's direct API): views then offer no file field.
   */
  upload?(input: UploadInput, options?: UploadOptions): Promise<FileObject>;
  /**
   * Opens the provider user's sign-in popup — call it synchronously from the person's click,
   * so the browser lets the window open — and tells how it ended. Absent where the frame
   * cannot open one (the bench's direct API).
   */
  signIn?(): Promise<SignInOutcome>;
  /**
   * Registers a running actor for the live inspector (issue 17): nothing is recorded unless
   * an inspector is open. Returns what takes it away. Absent where there is no inspector.
   */
  inspectable?(actor: AnyActorRef): () => void;
  /**
   * Opens the live inspector for the whole loader instance (the debug-utils view only):
   * `listener` hears every context's records until `close()`. Absent without a data layer.
   */
  inspect?(listener: (records: InspectionRecord[]) => void): InspectorFeed;
}

/** An open inspector: whether the data layer accepted it, and how to close it. */
export interface InspectorFeed {
  opened: Promise<boolean>;
  close(): void;
}

/** How a sign-in through the popup ended (one definition, in the machines' layer). */
export type { SignInOutcome };

export interface UploadInput {
  purpose: FilePurpose;
  file: File;
}

export interface UploadOptions {
  /** The share of the bytes sent, 0 to 1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/** What a form's mutation sends and what it gets back. */
export interface MutationSpec {
  /** The API path, or one made from the call's body (a DELETE sends no body: only its path). */
  url: string | ((body: never) => string);
  schema: $ZodType;
  method?: "POST" | "DELETE";
}

interface FrameContextValue {
  services: FrameServices;
  hostLink: ViewHostLink | undefined;
  componentName: string;
  views: ViewLookup;
}

const FrameContext = createContext<FrameContextValue | null>(null);

export interface FrameProviderProps {
  services: FrameServices;
  /** The component this frame renders: API calls are made in its name. */
  componentName: string;
  hostLink?: ViewHostLink | undefined;
  /** The view registry's lookup (the frame page passes `viewLoaderFor` in). */
  views?: ViewLookup;
  children?: ReactNode;
}

const noViews: ViewLookup = () => undefined;

export function FrameProvider(props: FrameProviderProps) {
  const { services, componentName, hostLink, views = noViews, children } = props;
  const value = useMemo(
    () => ({ services, hostLink, componentName, views }),
    [services, hostLink, componentName, views],
  );
  return <FrameContext.Provider value={value}>{children}</FrameContext.Provider>;
}

/**
 * Renders `children` as another component of the same frame: their API calls are made in
 * `componentName`'s name (the data layer checks that component's enablement). The debug
 * components list opens components in place this way.
 */
export function ComponentScope(props: { componentName: string; children?: ReactNode }) {
  const frame = useFrame();
  const { componentName, children } = props;
  const value = useMemo(() => ({ ...frame, componentName }), [frame, componentName]);
  return <FrameContext.Provider value={value}>{children}</FrameContext.Provider>;
}

function useFrame(): FrameContextValue {
  const value = useContext(FrameContext);
  if (!value) throw new Error("a view used the frame outside <FrameProvider>");
  return value;
}

/** The API through the data layer, in the current component's name. */
export function useApi(): Api {
  const { services, componentName } = useFrame();
  return useMemo(() => services.api(componentName), [services, componentName]);
}

/** The view of a component by catalogue name, from the frame's registry. */
export function useViewLookup(): ViewLookup {
  return useFrame().views;
}

/** A form's `submit` actor, calling the API in the current component's name. */
export function useMutation(spec: MutationSpec): AnyActorLogic {
  const { services } = useFrame();
  const api = useApi();
  const { url, schema, method } = spec;
  return useMemo(
    () => services.mutation(api, { url, schema, ...(method ? { method } : {}) }),
    [services, api, url, schema, method],
  );
}

/** The frame's upload to the files host, or undefined where the frame has none. */
export function useUpload(): FrameServices["upload"] {
  const { services } = useFrame();
  return services.upload ? services.upload.bind(services) : undefined;
}

/** A key for a new user intent: minted when the person acts, never derived from values. */
export const newIdempotencyKey = (): string => `ik_${crypto.randomUUID()}`;

/** The frame's inspector hooks (issue 17): registering actors, and the inspector's feed. */
export function useInspection(): Pick<FrameServices, "inspectable" | "inspect"> {
  const { services } = useFrame();
  return services;
}

/** The kit's actor implementations, calling the API in the current component's name. */
export function useKitActors(): KitActors {
  const { services } = useFrame();
  const api = useApi();
  return useMemo(() => services.actors(api), [services, api]);
}

/** The data layer's auth state; undefined until it first answers. */
export function useAuthState(): AuthState | undefined {
  const { services } = useFrame();
  // Stable callbacks: a new subscribe function would make React resubscribe every render.
  const subscribe = useCallback(
    (onChange: () => void) => services.onAuthState(onChange),
    [services],
  );
  const getSnapshot = useCallback(() => services.authState(), [services]);
  return useSyncExternalStore(subscribe, getSnapshot);
}

/** The frame's sign-in through the popup (`FrameServices.signIn`), or undefined. */
export function useSignIn(): (() => Promise<SignInOutcome>) | undefined {
  const { services } = useFrame();
  return services.signIn ? services.signIn.bind(services) : undefined;
}

/** The sanitized session (no key in it); null before the data layer has claimed one. */
export function useSession(): SanitizedSession | null {
  const { services } = useFrame();
  const subscribe = useCallback((onChange: () => void) => services.onSession(onChange), [services]);
  const getSnapshot = useCallback(() => services.session(), [services]);
  return useSyncExternalStore(subscribe, getSnapshot);
}

const noSubscription = () => () => {};
const noProps = () => undefined;

/** The host element's props; undefined until the host sends them (or without a host link). */
export function useHostProps(): HostProps | undefined {
  const { hostLink } = useFrame();
  const subscribe = useCallback(
    (onChange: () => void) => (hostLink ? hostLink.onProps(onChange) : noSubscription()),
    [hostLink],
  );
  const getSnapshot = useCallback(() => (hostLink ? hostLink.props() : noProps()), [hostLink]);
  return useSyncExternalStore(subscribe, getSnapshot);
}

/**
 * Tells the host element that an overlay (drawer, dialog) opened or closed, so the platform
 * hears it (USERS.md 6). Without a host link it does nothing; a failed report is logged by
 * the link and never breaks the view.
 */
export function useOverlayReport(): (open: boolean) => void {
  const { hostLink } = useFrame();
  return useCallback(
    (open: boolean) => {
      hostLink?.overlayChanged?.(open).catch(() => {});
    },
    [hostLink],
  );
}

/**
 * Dispatches a catalogue event of the component (`close`, `ondisputesloaded`, …) on the host
 * element, with its detail. Without a host link it does nothing; a failed call is logged by
 * the link and never breaks the view.
 */
export function useHostEvent(): (name: string, detail?: unknown) => void {
  const { hostLink } = useFrame();
  return useCallback(
    (name: string, detail?: unknown) => {
      hostLink?.emitEvent?.(name, detail).catch(() => {});
    },
    [hostLink],
  );
}

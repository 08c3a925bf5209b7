import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
} from "react";
import type { FormValue, httpMethods } from "../../protocol/messages/data-layer.schema.ts";
import type { AuthState } from "../../protocol/objects/auth-state.schema.ts";
import type { SanitizedSession } from "../../protocol/objects/sanitized-session.schema.ts";
import { type DataLayerClient, expectResponse, type ResponseReply } from "./data-layer-client.ts";
import type { HostLink, HostProps } from "./host-link.ts";

/**
 * What a component's views use to reach the data layer and their host element: a context
 * set once at the frame's root, and hooks. Views never see the clients' wiring, only typed
 * calls and snapshots (`useSyncExternalStore`, so a change re-renders consistently).
 */

/** What views reach of the host link: its props, and (when given) overlay reports. */
export type ViewHostLink = Pick<HostLink, "props" | "onProps"> &
  Partial<Pick<HostLink, "overlayChanged">>;

interface FrameContextValue {
  dataLayer: DataLayerClient;
  hostLink: ViewHostLink | undefined;
  componentName: string;
  apiOrigin: string | undefined;
}

const FrameContext = createContext<FrameContextValue | null>(null);

export interface DataLayerProviderProps {
  dataLayer: DataLayerClient;
  /** The component this frame renders: authedProxy calls are made in its name. */
  componentName: string;
  /** The API host origin, so views may call `/v1/...` paths. */
  apiOrigin?: string;
  hostLink?: ViewHostLink;
  children?: ReactNode;
}

export function DataLayerProvider(props: DataLayerProviderProps) {
  const { dataLayer, hostLink, componentName, apiOrigin, children } = props;
  const value = useMemo(
    () => ({ dataLayer, hostLink, componentName, apiOrigin }),
    [dataLayer, hostLink, componentName, apiOrigin],
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
  if (!value) throw new Error("a view used the data layer outside <DataLayerProvider>");
  return value;
}

export type HttpMethod = (typeof httpMethods)[number];

export interface ApiRequestOptions {
  body?: Record<string, FormValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface Api {
  /**
   * An authedProxy call: resolves with the HTTP answer (any status, `ok` says 2xx); rejects
   * with DataLayerReplyError when the data layer refused or failed it, or with the call
   * runtime's timeout / abort / closed errors.
   */
  request(method: HttpMethod, url: string, options?: ApiRequestOptions): Promise<ResponseReply>;
  get(url: string, options?: Omit<ApiRequestOptions, "body">): Promise<ResponseReply>;
  post(
    url: string,
    body: Record<string, FormValue>,
    options?: ApiRequestOptions,
  ): Promise<ResponseReply>;
}

export function useApi(): Api {
  const { dataLayer, componentName, apiOrigin } = useFrame();
  return useMemo(() => {
    const resolve = (url: string) => {
      if (!url.startsWith("/")) return url;
      if (!apiOrigin) throw new Error("a relative API path needs apiOrigin on DataLayerProvider");
      return `${apiOrigin}${url}`;
    };
    const request: Api["request"] = async (method, url, options = {}) => {
      const reply = await dataLayer.request(
        {
          requestType: "authedProxy",
          componentName,
          method,
          url: resolve(url),
          ...(options.body ? { body: options.body } : {}),
          ...(options.headers ? { headers: options.headers } : {}),
        },
        {
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        },
      );
      return expectResponse(reply);
    };
    return {
      request,
      get: (url, options) => request("GET", url, options),
      post: (url, body, options) => request("POST", url, { ...options, body }),
    };
  }, [dataLayer, componentName, apiOrigin]);
}

/** The frame's data-layer client, for what is not an API call (the sign-in popup's wait). */
export function useDataLayerClient(): DataLayerClient {
  return useFrame().dataLayer;
}

/** The data layer's auth state; undefined until it first answers. */
export function useAuthState(): AuthState | undefined {
  const { dataLayer } = useFrame();
  // Stable callbacks: a new subscribe function would make React resubscribe every render.
  const subscribe = useCallback(
    (onChange: () => void) => dataLayer.onAuthState(onChange),
    [dataLayer],
  );
  const getSnapshot = useCallback(() => dataLayer.authState(), [dataLayer]);
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

/** The sanitized session (no key in it); null before the data layer has claimed one. */
export function useSession(): SanitizedSession | null {
  const { dataLayer } = useFrame();
  const subscribe = useCallback(
    (onChange: () => void) => dataLayer.onSession(onChange),
    [dataLayer],
  );
  const getSnapshot = useCallback(() => dataLayer.session(), [dataLayer]);
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

/**
 * The actors side of the views' frame context: `DataLayerProvider` turns a data-layer client
 * into the `FrameServices` views use (ui/frame/frame-context.tsx) and keeps the client itself
 * for actor hooks that need more than a view may see (the sign-in popup's wait). Views never
 * import this module; the frame page, tests and the benchmark page mount it.
 */
import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { ViewLookup } from "../../ui/frame/component-view.ts";
import { FrameProvider, type ViewHostLink } from "../../ui/frame/frame-context.tsx";
import type { DataLayerClient } from "./data-layer-client.ts";
import { createFrameServices } from "./frame-services.ts";

const ClientContext = createContext<DataLayerClient | null>(null);

export interface DataLayerProviderProps {
  dataLayer: DataLayerClient;
  /** The component this frame renders: authedProxy calls are made in its name. */
  componentName: string;
  /** The API host origin, so views may call `/v1/...` paths. */
  apiOrigin?: string;
  hostLink?: ViewHostLink;
  views?: ViewLookup;
  children?: ReactNode;
}

export function DataLayerProvider(props: DataLayerProviderProps) {
  const { dataLayer, hostLink, componentName, apiOrigin, views, children } = props;
  const services = useMemo(() => createFrameServices(dataLayer, apiOrigin), [dataLayer, apiOrigin]);
  return (
    <ClientContext.Provider value={dataLayer}>
      <FrameProvider
        services={services}
        componentName={componentName}
        hostLink={hostLink}
        {...(views ? { views } : {})}
      >
        {children}
      </FrameProvider>
    </ClientContext.Provider>
  );
}

/** The frame's data-layer client, for what is not an API call (the sign-in popup's wait). */
export function useDataLayerClient(): DataLayerClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error("the data-layer client is used outside <DataLayerProvider>");
  return client;
}

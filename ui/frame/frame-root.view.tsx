import { useSyncExternalStore } from "react";
import type { DataLayerClient } from "../../actors/ui-frame/data-layer-client.ts";
import type { HostProps } from "../../actors/ui-frame/host-link.ts";
import { DataLayerProvider, type ViewHostLink } from "../../actors/ui-frame/react.tsx";
import type { FrameLoadError } from "../../machines/components/component-frame.machine.ts";
import type { ComponentName } from "../../protocol/catalogue/index.ts";
import type { ComponentView } from "../components/registry.ts";
import { I18nProvider } from "../i18n/provider.tsx";
import { FrameShell, type FrameShellStatus } from "./frame-shell.view.tsx";

/** What the frame root shows: a snapshot the frame page keeps. */
export interface FrameRootState {
  status: FrameShellStatus;
  component: string | null;
  errorText: string | null;
  width: number | undefined;
  View: ComponentView | undefined;
  props: HostProps | undefined;
  dataLayer: DataLayerClient | undefined;
}

/** The frame page as the root sees it: a store plus the callbacks views report through. */
export interface FrameRootSource {
  state(): FrameRootState;
  subscribe(listener: () => void): () => void;
  /** The frame's host link: props for views, and overlay reports when it has them. */
  hostLink: ViewHostLink;
  apiOrigin: string;
  unauthorized(): void;
  loadFailed(message: string): void;
  reportLoadError(error: FrameLoadError): void;
}

/** The frame's React root: the locale from the host's props (live), the shell, the view. */
export function FrameRoot({ page }: { page: FrameRootSource }) {
  const state = useSyncExternalStore(page.subscribe, page.state);
  const { View, dataLayer } = state;
  return (
    <I18nProvider locale={state.props?.locale ?? undefined}>
      <FrameShell status={state.status} errorText={state.errorText} width={state.width}>
        {View && dataLayer && state.component ? (
          <DataLayerProvider
            dataLayer={dataLayer}
            hostLink={page.hostLink}
            componentName={state.component}
            apiOrigin={page.apiOrigin}
          >
            <View
              component={state.component as ComponentName}
              onUnauthorized={page.unauthorized}
              onLoadFailed={page.loadFailed}
              reportLoadError={page.reportLoadError}
            />
          </DataLayerProvider>
        ) : null}
      </FrameShell>
    </I18nProvider>
  );
}

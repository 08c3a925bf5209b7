import { useSyncExternalStore } from "react";
import type { FrameLoadError } from "../../machines/components/component-frame.machine.ts";
import type { ComponentName } from "../../protocol/catalogue/index.ts";
import type { HostProps } from "../../protocol/messages/host-props.schema.ts";
import { I18nProvider } from "../i18n/provider.tsx";
import type { ComponentView, ViewLookup } from "./component-view.ts";
import { FrameProvider, type FrameServices, type ViewHostLink } from "./frame-context.tsx";
import { FrameShell, type FrameShellStatus } from "./frame-shell.view.tsx";

/** What the frame root shows: a snapshot the frame page keeps. */
export interface FrameRootState {
  status: FrameShellStatus;
  component: string | null;
  errorText: string | null;
  width: number | undefined;
  View: ComponentView | undefined;
  props: HostProps | undefined;
  /** The data layer's services for views, once the data layer answered. */
  services: FrameServices | undefined;
}

/** The frame page as the root sees it: a store plus the callbacks views report through. */
export interface FrameRootSource {
  state(): FrameRootState;
  subscribe(listener: () => void): () => void;
  /** The frame's host link: props for views, and overlay reports when it has them. */
  hostLink: ViewHostLink;
  /** The view registry's lookup, for views that open others (the debug components list). */
  views: ViewLookup;
  unauthorized(): void;
  loadFailed(message: string): void;
  reportLoadError(error: FrameLoadError): void;
}

/** The frame's React root: the locale from the host's props (live), the shell, the view. */
export function FrameRoot({ page }: { page: FrameRootSource }) {
  const state = useSyncExternalStore(page.subscribe, page.state);
  const { View, services } = state;
  return (
    <I18nProvider locale={state.props?.locale ?? undefined}>
      <FrameShell status={state.status} errorText={state.errorText} width={state.width}>
        {View && services && state.component ? (
          <FrameProvider
            services={services}
            hostLink={page.hostLink}
            componentName={state.component}
            views={page.views}
          >
            <View
              component={state.component as ComponentName}
              onUnauthorized={page.unauthorized}
              onLoadFailed={page.loadFailed}
              reportLoadError={page.reportLoadError}
            />
          </FrameProvider>
        ) : null}
      </FrameShell>
    </I18nProvider>
  );
}

/**
 * Renders a component view as a frame does, over a (fake) data layer: the actors' frame
 * services (`DataLayerProvider`), the en-US catalogue, and the shell's callbacks recorded.
 */
import { render } from "@testing-library/react";
import { DataLayerProvider } from "../../actors/ui-frame/react.tsx";
import type { FrameLoadError } from "../../machines/components/component-frame.machine.ts";
import type { ComponentName } from "../../protocol/catalogue/index.ts";
import type { ComponentView, ViewLookup } from "../../ui/frame/component-view.ts";
import type { ViewHostLink } from "../../ui/frame/frame-context.tsx";
import { I18nProvider } from "../../ui/i18n/provider.tsx";
import { FAKE_API_ORIGIN, type FakeDataLayer } from "./fake-data-layer.ts";

export interface Mounted {
  reported: FrameLoadError[];
  overlays: boolean[];
  unauthorized(): number;
}

export function mountComponent(
  View: ComponentView,
  component: ComponentName,
  dataLayer: FakeDataLayer,
  options: { views?: ViewLookup } = {},
): Mounted {
  const reported: FrameLoadError[] = [];
  const overlays: boolean[] = [];
  let unauthorized = 0;
  const hostLink: ViewHostLink = {
    props: () => undefined,
    onProps: () => () => {},
    overlayChanged: async (open) => {
      overlays.push(open);
    },
  };
  render(
    <I18nProvider locale="en-US">
      <DataLayerProvider
        dataLayer={dataLayer as never}
        componentName={component}
        apiOrigin={FAKE_API_ORIGIN}
        hostLink={hostLink}
        {...(options.views ? { views: options.views } : {})}
      >
        <View
          component={component}
          onUnauthorized={() => {
            unauthorized += 1;
          }}
          onLoadFailed={() => {}}
          reportLoadError={(error) => reported.push(error)}
        />
      </DataLayerProvider>
    </I18nProvider>,
  );
  return { reported, overlays, unauthorized: () => unauthorized };
}

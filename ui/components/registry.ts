/**
 * The view registry: which catalogue components this version can render, each as a lazy
 * import so a frame downloads only its own view. A catalogue entry without a view here loads
 * as a typed `component_unavailable` error showing its error text — never a mock screen.
 *
 * A view module default-exports a `ComponentView` (the wiring that runs the component's
 * machine and renders its pure view); register it here by catalogue name.
 */
import type { ComponentType } from "react";
import type { FrameLoadError } from "../../machines/components/component-frame.machine.ts";
import type { ComponentName } from "../../protocol/catalogue/index.ts";
import { catalogueManifest, isManifestName } from "../../protocol/catalogue/manifest.ts";

/** What the frame shell gives a component view (data and host props come from context). */
export interface ComponentViewProps {
  /** The catalogue name the frame was opened for (an alias keeps its own name). */
  component: ComponentName;
  /** An API call answered 401: the shell shows its session-expired view. */
  onUnauthorized(): void;
  /** The view cannot show its content at all: the shell shows the load-failure text. */
  onLoadFailed(message: string): void;
  /**
   * The view could not load its data but stays, with its own error state and retry: the
   * platform's onLoadError hears it (typed, with the API's request id). `loadErrorOf` in
   * actors/ui-frame/load-error.ts turns a CallFailure into one.
   */
  reportLoadError(error: FrameLoadError): void;
}

export type ComponentView = ComponentType<ComponentViewProps>;
export type ComponentViewModule = { default: ComponentView };
export type ViewLoader = () => Promise<ComponentViewModule>;

export const viewRegistry: Partial<Record<ComponentName, ViewLoader>> = {
  "payouts-list": () => import("./payouts-list/payouts-list.component.tsx"),
  "debug-components-list": () =>
    import("./debug-components-list/debug-components-list.component.tsx"),
};

/** The view of a component, its alias target's when it has none of its own, else undefined. */
export function viewLoaderFor(
  name: string,
  registry: Partial<Record<ComponentName, ViewLoader>> = viewRegistry,
): ViewLoader | undefined {
  if (!isManifestName(name)) return undefined;
  const own = registry[name];
  if (own) return own;
  const entry = catalogueManifest[name];
  const target = "aliasOf" in entry ? entry.aliasOf : undefined;
  return target !== undefined && isManifestName(target) ? registry[target] : undefined;
}

/**
 * The view registry: which catalogue components this version can render, each as a lazy
 * import so a frame downloads only its own view. A catalogue entry without a view here loads
 * as a typed `component_unavailable` error showing its error text — never a mock screen.
 *
 * Empty until the first views land (payouts-list and debug-components-list, issue 6). A view
 * module default-exports a `ComponentView`; register it as
 *   "payouts-list": () => import("./payouts-list/payouts-list.view.tsx"),
 */
import type { ComponentType } from "react";
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
}

export type ComponentView = ComponentType<ComponentViewProps>;
export type ComponentViewModule = { default: ComponentView };
export type ViewLoader = () => Promise<ComponentViewModule>;

export const viewRegistry: Partial<Record<ComponentName, ViewLoader>> = {};

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

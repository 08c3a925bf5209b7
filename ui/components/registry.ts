/**
 * The view registry: which catalogue components this version can render, each as a lazy
 * import so a frame downloads only its own view. A catalogue entry without a view here loads
 * as a typed `component_unavailable` error showing its error text — never a mock screen.
 *
 * A view module default-exports a `ComponentView` (the wiring that runs the component's
 * machine and renders its pure view); register it here by catalogue name.
 */
import type { ComponentName } from "../../protocol/catalogue/index.ts";
import { catalogueManifest, isManifestName } from "../../protocol/catalogue/manifest.ts";
import type { ViewLoader } from "../frame/component-view.ts";
import { viewImports } from "./view-imports.ts";

export type {
  ComponentView,
  ComponentViewModule,
  ComponentViewProps,
  ViewLoader,
} from "../frame/component-view.ts";

/** The views, by catalogue name (`view-imports.ts`). */
export const viewRegistry: Partial<Record<ComponentName, ViewLoader>> = viewImports;

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

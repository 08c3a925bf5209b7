/**
 * Another catalogue component's view, loaded by name from the frame's registry for a debug
 * tool that shows components in place (the components list, the UI config playground, the
 * UI preview): `unavailable` when this version has no view for it, `failed` when its chunk
 * did not load, else `shown` with the view to render (inside `ComponentScope`).
 */
import { type ComponentType, useEffect, useState } from "react";
import type { ComponentViewProps, ViewLookup } from "../../frame/component-view.ts";

export type OpenedView =
  | { name: string; status: "loading" | "unavailable" | "failed" }
  | { name: string; status: "shown"; View: ComponentType<ComponentViewProps> };

/** Loads the view of the opened component, if this version has one. */
export function useOpenedView(name: string | null, views: ViewLookup): OpenedView | null {
  const [loaded, setLoaded] = useState<OpenedView | null>(null);
  useEffect(() => {
    if (name === null) {
      setLoaded(null);
      return;
    }
    const load = views(name);
    if (!load) {
      setLoaded({ name, status: "unavailable" });
      return;
    }
    let current = true;
    setLoaded({ name, status: "loading" });
    load().then(
      (module) => {
        if (current) setLoaded({ name, status: "shown", View: module.default });
      },
      () => {
        if (current) setLoaded({ name, status: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [name, views]);
  return loaded?.name === name ? loaded : null;
}

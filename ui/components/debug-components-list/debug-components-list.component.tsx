/**
 * The internal debug components list as the frame registers it: rows from the catalogue
 * manifest and the session, a filter, and any component opened in place — its registered
 * view rendered inline (its API calls made in its own name), or, when this version has no
 * view for it, its typed "not available in this version" text. Never a mock.
 */
import { type ComponentType, useEffect, useMemo, useState } from "react";
import { ComponentScope, useSession } from "../../../actors/ui-frame/react.tsx";
import type { ComponentName } from "../../../protocol/catalogue/index.ts";
import { catalogueManifest } from "../../../protocol/catalogue/manifest.ts";
import { useNarrowLayout } from "../../frame/frame-shell.view.tsx";
import { type ComponentViewProps, viewLoaderFor } from "../registry.ts";
import {
  type ComponentFilter,
  type ComponentRow,
  componentRows,
  filterRows,
} from "./debug-components-list.connect.ts";
import { DebugComponentsListView, type OpenedComponent } from "./debug-components-list.view.tsx";

type Loaded =
  | { name: string; status: "loading" | "unavailable" | "failed" }
  | { name: string; status: "shown"; View: ComponentType<ComponentViewProps> };

/** Loads the view of the opened component, if this version has one. */
function useOpenedView(name: string | null): Loaded | null {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (name === null) {
      setLoaded(null);
      return;
    }
    const load = viewLoaderFor(name);
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
  }, [name]);
  return loaded?.name === name ? loaded : null;
}

export default function DebugComponentsList({
  onUnauthorized,
  reportLoadError,
}: ComponentViewProps) {
  const session = useSession();
  const narrow = useNarrowLayout();
  const [filter, setFilter] = useState<ComponentFilter>({ query: "", release: "" });
  const [openName, setOpenName] = useState<string | null>(null);
  const [failedInline, setFailedInline] = useState<string | null>(null);
  const rows = useMemo(
    () => componentRows(catalogueManifest, session, (name) => viewLoaderFor(name) !== undefined),
    [session],
  );
  const loaded = useOpenedView(openName);
  const openRow: ComponentRow | undefined = rows.find((row) => row.name === openName);

  let opened: OpenedComponent | null = null;
  if (openRow && loaded) {
    if (loaded.status === "shown" && failedInline !== openRow.name) {
      const { View } = loaded;
      opened = {
        row: openRow,
        status: "shown",
        content: (
          <ComponentScope componentName={openRow.name}>
            <View
              component={openRow.name as ComponentName}
              onUnauthorized={onUnauthorized}
              onLoadFailed={() => setFailedInline(openRow.name)}
              reportLoadError={reportLoadError}
            />
          </ComponentScope>
        ),
      };
    } else {
      opened = { row: openRow, status: loaded.status === "shown" ? "failed" : loaded.status };
    }
  } else if (openRow) {
    opened = { row: openRow, status: "loading" };
  }

  return (
    <DebugComponentsListView
      rows={filterRows(rows, filter)}
      filter={filter}
      onFilterChange={setFilter}
      narrow={narrow}
      opened={opened}
      onOpen={(name) => {
        setFailedInline(null);
        setOpenName(name);
      }}
      onClose={() => setOpenName(null)}
    />
  );
}

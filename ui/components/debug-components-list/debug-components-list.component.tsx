/**
 * The internal debug components list as the frame registers it: the kit's list machine over
 * rows from the catalogue manifest and the session (refreshed when the session changes),
 * filters as data, and any component opened in place as the list's detail — its registered
 * view rendered inline (its API calls made in its own name), or, when this version has no
 * view for it, its typed "not available in this version" text. Never a mock.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { fromPromise } from "xstate";
import {
  DEBUG_LIST_PAGE_SIZE,
  debugComponentsListMachine,
} from "../../../machines/components/debug-components-list/debug-components-list.machine.ts";
import {
  type ComponentFilter,
  type ComponentRow,
  componentRows,
  noComponentFilter,
  pageOfRows,
} from "../../../machines/components/debug-components-list/debug-components-list.rows.ts";
import type {
  ListPageInput,
  Page,
  RetrieveItemInput,
} from "../../../machines/components/resource-list.types.ts";
import type { ComponentName } from "../../../protocol/catalogue/index.ts";
import { catalogueManifest } from "../../../protocol/catalogue/manifest.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { ComponentScope, useSession, useViewLookup } from "../../frame/frame-context.tsx";
import { useNarrowLayout } from "../../frame/frame-shell.view.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { connectDetail, connectResourceList } from "../kit/resource-list.connect.ts";
import { useOpenedView } from "../kit/use-opened-view.ts";
import { DebugComponentsListView, type OpenedComponent } from "./debug-components-list.view.tsx";

export default function DebugComponentsList(props: ComponentViewProps) {
  const { onUnauthorized, reportLoadError } = props;
  const session = useSession();
  const views = useViewLookup();
  const narrow = useNarrowLayout();
  const [failedInline, setFailedInline] = useState<string | null>(null);
  const rows = useMemo(
    () => componentRows(catalogueManifest, session, (name) => views(name) !== undefined),
    [session, views],
  );
  // The machine's list and detail answer from the latest rows (not the API).
  const latest = useRef(rows);
  latest.current = rows;
  const actors = useMemo(
    () => ({
      listPage: fromPromise<Page<ComponentRow>, ListPageInput<ComponentFilter>>(async ({ input }) =>
        pageOfRows(latest.current, input.filters, input.request),
      ),
      retrieveItem: fromPromise<ComponentRow, RetrieveItemInput>(async ({ input }) => {
        const row = latest.current.find((r) => r.id === input.id);
        if (!row) throw { kind: "network", message: `no component ${input.id}` };
        return row;
      }),
    }),
    [],
  );
  const { snapshot, send } = useComponentMachine(debugComponentsListMachine, {
    input: { pageSize: DEBUG_LIST_PAGE_SIZE, paged: false, filters: noComponentFilter },
    view: props,
    actors,
  });
  useEffect(() => {
    if (rows.length > 0) send({ type: "list.refresh" });
  }, [rows, send]);

  const list = connectResourceList(snapshot, send, { narrow, errorText: null, openable: false });
  const detail = connectDetail(snapshot, send);
  const openRow = detail.open ? detail.item : null;
  const loaded = useOpenedView(openRow?.name ?? null, views);

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
      {...list}
      filter={snapshot.context.filters}
      onFilterChange={(filters) => send({ type: "filters.change", filters })}
      opened={opened}
      onOpen={(name) => {
        setFailedInline(null);
        send({ type: "item.open", id: name });
      }}
      onClose={detail.onClose}
    />
  );
}

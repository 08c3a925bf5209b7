import { createResourceListMachine } from "../resource-list.machine.ts";
import type { ComponentFilter, ComponentRow } from "./debug-components-list.rows.ts";

/**
 * The internal debug components list: the kit's resource list over the catalogue's rows
 * (its `listPage` and `retrieveItem` answer from the manifest and the session, not the API;
 * `debug-components-list.rows.ts`), filtered by name or tag and release state. Opening a row
 * is the list's detail, shown in place (no overlay): the component's own view runs there.
 */

/** Every catalogue entry fits one page (the catalogue has about sixty). */
export const DEBUG_LIST_PAGE_SIZE = 100;

export const debugComponentsListMachine = createResourceListMachine<ComponentRow, ComponentFilter>({
  id: "debugComponentsList",
  overlay: false,
});

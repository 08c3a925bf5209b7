/**
 * The payouts-list component as the frame registers it: the kit's list machine for payouts,
 * run by `useComponentMachine` (effects from the frame), its snapshot connected to the view.
 * The internal `recent-payouts` attribute comes from the host's props; changing it starts a
 * fresh list in the other mode.
 */
import {
  payoutsListMachine,
  RECENT_PAYOUTS_COUNT,
} from "../../../machines/components/payouts-list/payouts-list.machine.ts";
import { DEFAULT_PAGE_SIZE } from "../../../machines/components/resource-list.machine.ts";
import { manifestEntry } from "../../../protocol/catalogue/manifest.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostProps } from "../../frame/frame-context.tsx";
import { useNarrowLayout } from "../../frame/frame-shell.view.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { connectDetail, connectResourceList } from "../kit/resource-list.connect.ts";
import { PayoutsListView } from "./payouts-list.view.tsx";

/** A boolean attribute as the catalogue reads it: present (or "true") is on, "false" off. */
export const isOn = (value: string | undefined) => value !== undefined && value !== "false";

function PayoutsListRunner(props: ComponentViewProps & { recent: boolean }) {
  const { recent } = props;
  const narrow = useNarrowLayout();
  const { snapshot, send } = useComponentMachine(payoutsListMachine, {
    input: {
      pageSize: recent ? RECENT_PAYOUTS_COUNT : DEFAULT_PAGE_SIZE,
      paged: !recent,
      filters: {},
    },
    view: props,
  });
  const errorText = manifestEntry(props.component)?.errorText ?? null;
  return (
    <PayoutsListView
      {...connectResourceList(snapshot, send, { narrow, errorText })}
      recent={recent}
      detail={connectDetail(snapshot, send)}
    />
  );
}

export default function PayoutsList(props: ComponentViewProps) {
  const recent = isOn(useHostProps()?.attributes["recent-payouts"]);
  return <PayoutsListRunner key={recent ? "recent" : "all"} {...props} recent={recent} />;
}

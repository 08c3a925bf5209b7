/**
 * The payouts-list component as the frame registers it: the kit's list machine for payouts
 * (`useResourceList`), its snapshot connected to the view. The internal `recent-payouts`
 * attribute comes from the host's props; changing it starts a fresh list in the other mode
 * (`listComponent`).
 */
import {
  payoutsListMachine,
  RECENT_PAYOUTS_COUNT,
} from "../../../machines/components/payouts-list/payouts-list.machine.ts";
import type { Payout } from "../../../protocol/objects/payout.schema.ts";
import { type ListRunnerProps, listComponent, useResourceList } from "../kit/list-component.tsx";
import { PayoutsListView } from "./payouts-list.view.tsx";

function PayoutsListRunner(props: ListRunnerProps) {
  const { list, detail } = useResourceList<Payout>(payoutsListMachine, props, {
    recentCount: RECENT_PAYOUTS_COUNT,
  });
  return <PayoutsListView {...list} recent={props.recent} detail={detail} />;
}

export default listComponent(PayoutsListRunner, { recentAttribute: "recent-payouts" });

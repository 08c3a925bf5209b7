/**
 * The payout-details component as the frame registers it: the payout-details machine (the
 * payout, what it settled, and whether it is shown) run by `useComponentMachine`, its
 * snapshot given to the view. The host's `payout` names the payout and shows it (there is no
 * `visible`: the platform hides it by removing the name), `inline` puts it in the page
 * instead of a drawer; the person closing it dispatches `close`. The session's `shared_payout_details_timeline` flag adds the ledger's moves to the
 * timeline.
 */
import { useMemo } from "react";
import { payoutDetailsMachine } from "../../../machines/components/payout-details/payout-details.machine.ts";
import type { BalanceTransaction } from "../../../protocol/objects/balance-transaction.schema.ts";
import { useHostEvent, useSession } from "../../frame/frame-context.tsx";
import { useNarrowLayout } from "../../frame/frame-shell.view.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import {
  type DetailsRunnerProps,
  detailsComponent,
  detailsStatusOf,
  useDetailsHost,
  useDetailsSync,
} from "../kit/details-component.tsx";
import { requestIdOf } from "../kit/resource-list.connect.ts";
import { PayoutDetailsView } from "./payout-details.view.tsx";

function PayoutDetailsRunner(props: DetailsRunnerProps) {
  const { inline } = props;
  const narrow = useNarrowLayout();
  const session = useSession();
  const emitEvent = useHostEvent();
  const host = useDetailsHost(["payout"]);
  const effects = useMemo(() => ({ closed: () => emitEvent("close") }), [emitEvent]);
  const { snapshot, send } = useComponentMachine(payoutDetailsMachine, {
    input: { id: host.id, visible: host.visible, overlay: !inline },
    view: props,
    effects,
  });
  useDetailsSync(send, host, snapshot.context.id);
  const { item: payout, related, more, failure } = snapshot.context;
  return (
    <PayoutDetailsView
      inline={inline}
      open={snapshot.matches({ overlay: "open" })}
      narrow={narrow}
      status={detailsStatusOf(snapshot, payout !== null)}
      payout={payout}
      settled={related.settled as BalanceTransaction[]}
      moreSettled={more.settled}
      requestId={requestIdOf(failure)}
      sharedTimeline={session?.flags.shared_payout_details_timeline === true}
      onClose={() => send({ type: "close" })}
      onRetry={() => send({ type: "retry" })}
    />
  );
}

export default detailsComponent(PayoutDetailsRunner);

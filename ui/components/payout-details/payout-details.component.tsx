/**
 * The payout-details component as the frame registers it: the payout-details machine (the
 * payout, what it settled, and whether it is shown) run by `useComponentMachine`, its
 * snapshot given to the view. The host's `payout` names the payout, `visible` shows or hides
 * it, `inline` puts it in the page instead of a drawer; the person closing it dispatches
 * `close`. The session's `shared_payout_details_timeline` flag adds the ledger's moves to the
 * timeline.
 */
import { useCallback, useMemo } from "react";
import { payoutDetailsMachine } from "../../../machines/components/payout-details/payout-details.machine.ts";
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
    input: { payoutId: host.id, visible: host.visible, overlay: !inline },
    view: props,
    effects,
  });
  const change = useCallback(
    (payoutId: string | null) => send({ type: "payout.change", payoutId }),
    [send],
  );
  useDetailsSync(send, change, host, snapshot.context.payoutId);
  const { payout, settled, moreSettled, failure } = snapshot.context;
  return (
    <PayoutDetailsView
      inline={inline}
      open={snapshot.matches({ overlay: "open" })}
      narrow={narrow}
      status={detailsStatusOf(snapshot, payout !== null)}
      payout={payout}
      settled={settled}
      moreSettled={moreSettled}
      requestId={requestIdOf(failure)}
      sharedTimeline={session?.flags.shared_payout_details_timeline === true}
      onClose={() => send({ type: "close" })}
      onRetry={() => send({ type: "retry" })}
    />
  );
}

export default detailsComponent(PayoutDetailsRunner);

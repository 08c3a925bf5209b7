/**
 * The payment-details component as the frame registers it: the payment-details machine (the
 * charge, its refunds and disputes, and whether it is shown) run by `useComponentMachine`,
 * its snapshot given to the view. The host's `payment` (or the older `charge-id`) names the
 * payment, `visible` shows or hides it, `inline` puts it in the page instead of a drawer;
 * the person closing it dispatches `close`. Actions by the session's features: a refund
 * (`refund_management`), capture and cancel of an uncaptured payment (`capture_payments`);
 * its disputes (`dispute_management`) and metadata (`enable_metadata_in_payment_details`,
 * which the provider also enforces) are shown only where enabled.
 */
import { useCallback, useMemo, useState } from "react";
import { paymentDetailsMachine } from "../../../machines/components/payment-details/payment-details.machine.ts";
import { sessionFeature } from "../../../protocol/catalogue/features.ts";
import type { Dispute } from "../../../protocol/objects/dispute.schema.ts";
import type { Refund } from "../../../protocol/objects/refund.schema.ts";
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
import { RefundAction, refundable } from "../payments/refund-action.tsx";
import { CaptureActions } from "./payment-actions.tsx";
import { PaymentDetailsView } from "./payment-details.view.tsx";

function PaymentDetailsRunner(props: DetailsRunnerProps) {
  const { inline } = props;
  const narrow = useNarrowLayout();
  const components = useSession()?.components ?? {};
  const emitEvent = useHostEvent();
  // The payment (or the older `charge-id`); shown unless `visible="false"`.
  const host = useDetailsHost(["payment", "charge-id"]);
  const showDisputes = sessionFeature(components, "payment-details", "dispute_management");
  const effects = useMemo(() => ({ closed: () => emitEvent("close") }), [emitEvent]);
  const { snapshot, send } = useComponentMachine(paymentDetailsMachine, {
    input: {
      id: host.id,
      visible: host.visible,
      overlay: !inline,
      skip: showDisputes ? [] : ["disputes"],
    },
    view: props,
    effects,
  });
  useDetailsSync(send, host, snapshot.context.id);
  const refresh = useCallback(() => send({ type: "refresh" }), [send]);

  const { item: payment, related, failure } = snapshot.context;
  const refunds = related.refunds as Refund[];
  const disputes = related.disputes as Dispute[];
  const shown = snapshot.matches({ data: "shown" });
  // A refresh keeps the facts on screen (without actions until they are current).
  const status = detailsStatusOf(snapshot, payment !== null);
  // A refund form the person opened stays while the session changes under it (renewed
  // without refund_management): its confirmation is then refused by the provider, and the
  // refusal shows on the form instead of the form vanishing.
  const [refundOpen, setRefundOpen] = useState(false);
  const canRefund =
    sessionFeature(components, "payment-details", "refund_management") || refundOpen;
  const canCapture = sessionFeature(components, "payment-details", "capture_payments");
  const actions =
    shown && payment ? (
      <>
        {canRefund && refundable(payment) ? (
          <RefundAction
            key={`${payment.id}:${payment.amount_refunded}`}
            payment={payment}
            view={props}
            onRefunded={refresh}
            onOpenChange={setRefundOpen}
          />
        ) : null}
        {canCapture && payment.payment_status === "requires_capture" ? (
          <CaptureActions key={payment.id} payment={payment} view={props} onDone={refresh} />
        ) : null}
      </>
    ) : null;
  return (
    <PaymentDetailsView
      inline={inline}
      open={snapshot.matches({ overlay: "open" })}
      narrow={narrow}
      status={status}
      payment={payment}
      refunds={refunds}
      disputes={disputes}
      requestId={requestIdOf(failure)}
      showDisputes={showDisputes}
      showMetadata={sessionFeature(
        components,
        "payment-details",
        "enable_metadata_in_payment_details",
      )}
      actions={actions}
      onClose={() => send({ type: "close" })}
      onRetry={() => send({ type: "retry" })}
    />
  );
}

export default detailsComponent(PaymentDetailsRunner);

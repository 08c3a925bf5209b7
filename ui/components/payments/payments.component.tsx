/**
 * The payments component as the frame registers it: the kit's list machine for charges, run
 * by `useComponentMachine` (effects from the frame), its snapshot connected to the view. The
 * platform's default filters (`setDefaultFilters`) start the list; the FilterBar changes
 * them, offering the email and metadata filters only where the session enables them (the
 * provider refuses them otherwise). `recent-payments` shows the newest few.
 */

import { useEffect, useMemo, useState } from "react";
import {
  paymentsListMachine,
  RECENT_PAYMENTS_COUNT,
} from "../../../machines/components/payments/payments.machine.ts";
import { refundFormMachine } from "../../../machines/components/payments/refund-form.machine.ts";
import { sessionFeature } from "../../../protocol/catalogue/features.ts";
import { paymentsFilterSpec } from "../../../protocol/filters.ts";
import type { Charge } from "../../../protocol/objects/charge.schema.ts";
import { refundSchema } from "../../../protocol/objects/refund.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { newIdempotencyKey, useMutation, useSession } from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { formViewOf } from "../../kit/index.ts";
import {
  type ListRunnerProps,
  listComponent,
  useListExport,
  useResourceList,
} from "../kit/list-component.tsx";
import { PaymentsView } from "./payments.view.tsx";
import { RefundPanel } from "./refund.view.tsx";

/** A payment the person may still refund: captured, not wholly refunded, not in dispute. */
const refundable = (p: Charge) =>
  p.captured &&
  p.amount_refunded < p.amount_captured &&
  (p.payment_status === "succeeded" || p.payment_status === "partially_refunded");

/**
 * The refund of one open payment: the kit's form machine (`refundFormMachine`) with the
 * frame's mutation (`POST /v1/refunds`, one Idempotency-Key per intent) in its submit slot;
 * confirmed in the money dialog; once saved, the list refreshes (the detail too).
 */
function RefundAction(props: { payment: Charge; view: ComponentViewProps; onRefunded(): void }) {
  const { payment, onRefunded } = props;
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const submit = useMutation({ url: "/v1/refunds", schema: refundSchema });
  const remaining = payment.amount_captured - payment.amount_refunded;
  const effects = useMemo(
    () => ({
      "form.saved": () => {
        setConfirming(false);
        setOpen(false);
        onRefunded();
      },
    }),
    [onRefunded],
  );
  const form = useComponentMachine(refundFormMachine, {
    input: { values: { charge: payment.id, amount: remaining, reason: "" } },
    view: props.view,
    actors: useMemo(() => ({ submit }), [submit]),
    effects,
  });
  const failed = form.snapshot.matches("failed");
  useEffect(() => {
    // A refused refund (a field error, the provider's answer) shows on the form.
    if (failed) setConfirming(false);
  }, [failed]);
  const amount = form.snapshot.context.values.amount;
  return (
    <RefundPanel
      open={open}
      form={formViewOf(form.snapshot, form.send, `refund-${payment.id}`)}
      currency={payment.currency}
      remaining={remaining}
      amount={typeof amount === "number" ? amount : 0}
      confirming={confirming}
      onOpen={() => setOpen(true)}
      onCancel={() => {
        setOpen(false);
        form.send({ type: "reset" });
      }}
      onReview={() => setConfirming(true)}
      onConfirm={() => form.send({ type: "submit", idempotencyKey: newIdempotencyKey() })}
      onConfirmOpenChange={(next) => setConfirming(next)}
    />
  );
}

function PaymentsRunner(props: ListRunnerProps) {
  const { recent } = props;
  const session = useSession();
  const components = session?.components ?? {};
  const { list, detail, filters, onFiltersChange, refresh } = useResourceList<Charge>(
    paymentsListMachine,
    props,
    { spec: paymentsFilterSpec, recentCount: RECENT_PAYMENTS_COUNT },
  );
  // The CSV export of the whole filtered list, produced by the provider (not one page).
  const exporting = useListExport(props, "/v1/exports/charges", paymentsFilterSpec, filters);
  const canExport = !recent && sessionFeature(components, "payments", "export");
  const canRefund = sessionFeature(components, "payments", "refund_management");
  return (
    <PaymentsView
      {...list}
      recent={recent}
      filters={filters}
      onFiltersChange={onFiltersChange}
      features={{
        email: sessionFeature(
          components,
          "payments",
          "enable_embedded_email_filter_in_payments_list",
        ),
        metadata: sessionFeature(
          components,
          "payments",
          "enable_embedded_metadata_filter_in_payments_list",
        ),
      }}
      currency={session?.merchant_data?.default_currency ?? "usd"}
      detail={detail}
      {...(canRefund
        ? {
            actions: (p: Charge) =>
              refundable(p) ? (
                <RefundAction
                  key={`${p.id}:${p.amount_refunded}`}
                  payment={p}
                  view={props}
                  onRefunded={refresh}
                />
              ) : null,
          }
        : {})}
      {...(canExport ? { exporting } : {})}
    />
  );
}

export default listComponent(PaymentsRunner, { recentAttribute: "recent-payments" });

/**
 * A payment's refund (`refund_management`), used by `payments` and `payment-details`: the
 * kit's reviewed form machine (`refundFormMachine`: closed, open, reviewing, submitting) with
 * the frame's mutation (`POST /v1/refunds`, one Idempotency-Key per intent) in its submit
 * slot, confirmed in the money dialog; once saved, `onRefunded` (the view refreshes).
 */
import { useEffect, useMemo } from "react";
import { refundFormMachine } from "../../../machines/components/payments/refund-form.machine.ts";
import type { Charge } from "../../../protocol/objects/charge.schema.ts";
import { refundSchema } from "../../../protocol/objects/refund.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { newIdempotencyKey, useMutation } from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { formViewOf } from "../../kit/index.ts";
import { RefundPanel } from "./refund.view.tsx";

/** A payment the person may still refund: captured, not wholly refunded, not in dispute. */
export const refundable = (p: Charge) =>
  p.captured &&
  // The provider refuses a refund of a disputed payment (an inquiry included).
  !p.disputed &&
  p.amount_refunded < p.amount_captured &&
  (p.payment_status === "succeeded" || p.payment_status === "partially_refunded");

export interface RefundActionProps {
  payment: Charge;
  view: ComponentViewProps;
  onRefunded(): void;
  /** Hears whether the form is open (a view may keep it while a refusal is shown). */
  onOpenChange?(open: boolean): void;
}

/** Key it by the payment and its refunded amount, so a refund starts a fresh form. */
export function RefundAction(props: RefundActionProps) {
  const { payment, onRefunded } = props;
  const submit = useMutation({ url: "/v1/refunds", schema: refundSchema });
  const remaining = payment.amount_captured - payment.amount_refunded;
  const effects = useMemo(() => ({ "form.saved": () => onRefunded() }), [onRefunded]);
  const form = useComponentMachine(refundFormMachine, {
    input: { values: { charge: payment.id, amount: remaining, reason: "" } },
    view: props.view,
    actors: useMemo(() => ({ submit }), [submit]),
    effects,
  });
  const { snapshot, send } = form;
  const closed = snapshot.matches("closed") || snapshot.matches("saved");
  const { onOpenChange } = props;
  useEffect(() => onOpenChange?.(!closed), [closed, onOpenChange]);
  const amount = snapshot.context.values.amount;
  return (
    <RefundPanel
      open={!closed}
      confirming={snapshot.matches("reviewing") || snapshot.matches("submitting")}
      form={formViewOf(snapshot, send, `refund-${payment.id}`)}
      currency={payment.currency}
      remaining={remaining}
      amount={typeof amount === "number" ? amount : 0}
      onOpen={() => send({ type: "open" })}
      onCancel={() => send({ type: "close" })}
      onReview={() => send({ type: "review" })}
      onConfirm={() => send({ type: "submit", idempotencyKey: newIdempotencyKey() })}
      onConfirmOpenChange={(next) => {
        if (!next && snapshot.matches("reviewing")) send({ type: "review.cancel" });
      }}
    />
  );
}

/**
 * The payment-disputes component as the frame registers it: the kit's list machine for the
 * disputes of the host's `payment` (a fixed `charge` filter), run by `useComponentMachine`,
 * its snapshot connected to the view. Once the list has loaded, the host element hears
 * `ondisputesloaded` with their number (a payment has at most one dispute, so the first page
 * holds them all). Without a payment it shows nothing (it never lists the account's disputes).
 */
import { useEffect, useRef } from "react";
import { paymentDisputesMachine } from "../../../machines/components/payment-disputes/payment-disputes.machine.ts";
import { DEFAULT_PAGE_SIZE } from "../../../machines/components/resource-list.machine.ts";
import { manifestEntry } from "../../../protocol/catalogue/manifest.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostEvent, useHostProps } from "../../frame/frame-context.tsx";
import { useNarrowLayout } from "../../frame/frame-shell.view.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { connectDetail, connectResourceList } from "../kit/resource-list.connect.ts";
import { PaymentDisputesView } from "./payment-disputes.view.tsx";

function PaymentDisputesRunner(props: ComponentViewProps & { payment: string }) {
  const narrow = useNarrowLayout();
  const emitEvent = useHostEvent();
  const { snapshot, send } = useComponentMachine(paymentDisputesMachine, {
    input: { pageSize: DEFAULT_PAGE_SIZE, paged: true, filters: { charge: props.payment } },
    view: props,
  });
  const loaded = snapshot.matches("ready") || snapshot.matches("empty");
  const reported = useRef(false);
  useEffect(() => {
    if (!loaded || reported.current) return;
    reported.current = true;
    emitEvent("ondisputesloaded", { total: snapshot.context.items.length });
  }, [loaded, emitEvent, snapshot.context.items.length]);
  const errorText = manifestEntry(props.component)?.errorText ?? null;
  return (
    <PaymentDisputesView
      {...connectResourceList(snapshot, send, { narrow, errorText })}
      detail={connectDetail(snapshot, send)}
    />
  );
}

export default function PaymentDisputes(props: ComponentViewProps) {
  const payment = useHostProps()?.attributes.payment;
  if (!payment) return null;
  // Another payment starts a fresh list (and reports its own count).
  return <PaymentDisputesRunner key={payment} {...props} payment={payment} />;
}

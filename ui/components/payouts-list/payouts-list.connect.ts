/**
 * Turns a payouts-list machine snapshot into the view's props (zag's `connect`): the view
 * never sees the machine, only values and callbacks that send the machine's events.
 */
import type { SnapshotFrom } from "xstate";
import type { CallFailure } from "../../../machines/auth/failure.ts";
import type {
  PayoutsListEvent,
  payoutsListMachine,
} from "../../../machines/components/payouts-list/payouts-list.machine.ts";
import type { PayoutDetailProps } from "./payout-detail.view.tsx";
import type { PayoutsListStatus, PayoutsListViewProps } from "./payouts-list.view.tsx";

export type PayoutsListSnapshot = SnapshotFrom<typeof payoutsListMachine>;

const requestIdOf = (failure: CallFailure | null) =>
  failure?.kind === "http" ? failure.requestId : null;

function statusOf(snapshot: PayoutsListSnapshot): PayoutsListStatus {
  if (snapshot.matches("ready")) return "ready";
  if (snapshot.matches("empty")) return "empty";
  if (snapshot.matches("error")) return "error";
  return "loading";
}

function detailOf(
  snapshot: PayoutsListSnapshot,
  send: (event: PayoutsListEvent) => void,
  narrow: boolean,
): PayoutDetailProps {
  const { context } = snapshot;
  const status: PayoutDetailProps["status"] = snapshot.matches({ ready: { detail: "shown" } })
    ? "shown"
    : snapshot.matches({ ready: { detail: "failed" } })
      ? "failed"
      : "loading";
  return {
    open: snapshot.matches({ ready: "detail" }),
    status,
    payout: context.detail,
    requestId: requestIdOf(context.detailFailure),
    narrow,
    onClose: () => send({ type: "detail.close" }),
    onRetry: () => send({ type: "detail.retry" }),
  };
}

export function connectPayoutsList(
  snapshot: PayoutsListSnapshot,
  send: (event: PayoutsListEvent) => void,
  options: { errorText: string | null; narrow: boolean },
): PayoutsListViewProps {
  const { context } = snapshot;
  const status = statusOf(snapshot);
  return {
    status,
    recent: context.recent,
    payouts: context.payouts,
    paging: status === "loading" && context.payouts.length > 0,
    hasNewer: context.hasNewer,
    hasOlder: context.hasOlder,
    errorText: options.errorText,
    requestId: requestIdOf(context.failure),
    narrow: options.narrow,
    onNext: () => send({ type: "page.next" }),
    onPrevious: () => send({ type: "page.previous" }),
    onRetry: () => send({ type: "list.retry" }),
    onOpen: (id) => send({ type: "payout.open", id }),
    detail: detailOf(snapshot, send, options.narrow),
  };
}

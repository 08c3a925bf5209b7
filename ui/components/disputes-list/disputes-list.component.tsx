/**
 * The disputes-list component as the frame registers it: the kit's list machine for disputes
 * (`useResourceList`) with the FilterBar on `disputesFilterSpec` and, where the session
 * enables `export`, the provider's CSV export of the whole filter. An open dispute that needs
 * a response shows the response (`DisputeResponse`) where the session enables
 * `dispute_management`: the response machine with the frame's mutations and uploads; a
 * submit or an accept refreshes the list and the dispute.
 */
import { useMemo } from "react";
import {
  disputeResponseMachine,
  responseValuesOf,
} from "../../../machines/components/disputes/dispute-response.machine.ts";
import { disputesListMachine } from "../../../machines/components/disputes/disputes-list.machine.ts";
import { sessionFeature } from "../../../protocol/catalogue/features.ts";
import { disputesFilterSpec } from "../../../protocol/filters.ts";
import { type Dispute, disputeSchema } from "../../../protocol/objects/dispute.schema.ts";
import { evidenceFieldsFor } from "../../../protocol/objects/dispute-evidence.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import {
  newIdempotencyKey,
  useMutation,
  useSession,
  useUpload,
} from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import {
  type ListRunnerProps,
  listComponent,
  useListExport,
  useResourceList,
} from "../kit/list-component.tsx";
import {
  DisputeResponseView,
  type ResponseState,
  responseFormView,
} from "./dispute-response.view.tsx";
import { DisputesListView } from "./disputes-list.view.tsx";

/**
 * A chargeback awaiting evidence: the response is offered (an inquiry, `warning_*`, is not
 * answered here: the card network has not taken the money back).
 */
export const needsResponse = (d: Dispute) => d.status === "needs_response";

/**
 * The response to one open dispute: the response machine, its `save` and `close` actors the
 * frame's mutations of this dispute (one Idempotency-Key per intent), files uploaded for
 * `dispute_evidence` through the data layer. A submit or an accept calls `onAnswered`.
 */
function DisputeResponse(props: {
  dispute: Dispute;
  view: ComponentViewProps;
  onAnswered(): void;
}) {
  const { dispute, onAnswered } = props;
  const save = useMutation({ url: `/v1/disputes/${dispute.id}`, schema: disputeSchema });
  const close = useMutation({ url: `/v1/disputes/${dispute.id}/close`, schema: disputeSchema });
  const upload = useUpload();
  const effects = useMemo(
    () => ({
      "response.saved": (event: { action: string }) => {
        if (event.action !== "draft") onAnswered();
      },
    }),
    [onAnswered],
  );
  const { snapshot, send } = useComponentMachine(disputeResponseMachine, {
    input: { dispute: dispute.id, values: responseValuesOf(dispute) },
    view: props.view,
    actors: useMemo(() => ({ save, close }), [save, close]),
    effects,
  });
  const state = snapshot.value as ResponseState;
  const fields = evidenceFieldsFor(dispute.reason);
  return (
    <DisputeResponseView
      disputeId={dispute.id}
      fields={fields}
      form={responseFormView(snapshot.context, state, `dispute-${dispute.id}`, send)}
      state={state}
      amount={{ value: dispute.amount, currency: dispute.currency }}
      {...(upload
        ? {
            upload: async (file: File, reportProgress: (f: number) => void, signal: AbortSignal) =>
              (
                await upload(
                  { purpose: "dispute_evidence", file },
                  { onProgress: reportProgress, signal },
                )
              ).id,
          }
        : {})}
      onSaveDraft={() => send({ type: "draft.save", idempotencyKey: newIdempotencyKey() })}
      onReviewSubmit={() => send({ type: "submit.review" })}
      onReviewAccept={() => send({ type: "accept.review" })}
      onConfirm={() => send({ type: "confirm", idempotencyKey: newIdempotencyKey() })}
      onCancel={() => send({ type: "cancel" })}
    />
  );
}

function DisputesListRunner(props: ListRunnerProps) {
  const session = useSession();
  const components = session?.components ?? {};
  const { list, detail, filters, onFiltersChange, refresh } = useResourceList<Dispute>(
    disputesListMachine,
    props,
    { spec: disputesFilterSpec },
  );
  const exporting = useListExport(props, "/v1/exports/disputes", disputesFilterSpec, filters);
  const canExport = sessionFeature(components, "disputes-list", "export");
  const canRespond = sessionFeature(components, "disputes-list", "dispute_management");
  return (
    <DisputesListView
      {...list}
      filters={filters}
      onFiltersChange={onFiltersChange}
      detail={detail}
      {...(canExport ? { exporting } : {})}
      {...(canRespond
        ? {
            response: (d: Dispute) =>
              needsResponse(d) ? (
                <DisputeResponse
                  key={`${d.id}:${d.status}`}
                  dispute={d}
                  view={props}
                  onAnswered={refresh}
                />
              ) : null,
          }
        : {})}
    />
  );
}

export default listComponent(DisputesListRunner);

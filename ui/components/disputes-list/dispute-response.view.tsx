/**
 * The response to one dispute, pure: the evidence fields its reason asks for (text, and files
 * uploaded to the files host with their progress, within the host's limits), Save draft,
 * Submit evidence and Accept dispute, each of the last two confirmed in a dialog that says it
 * is final. The values, errors and the state come from the response machine
 * (`machines/components/disputes/dispute-response.machine.ts`) through its component.
 */
import { useIntl } from "react-intl";
import type { DisputeResponseContext } from "../../../machines/components/disputes/dispute-response.machine.ts";
import { evidencePath } from "../../../machines/components/disputes/dispute-response.machine.ts";
import { fileContentTypes, fileTypesFor, maxFileBytes } from "../../../protocol/files.ts";
import {
  type DisputeEvidenceField,
  isEvidenceFileField,
} from "../../../protocol/objects/dispute-evidence.schema.ts";
import {
  Banner,
  Button,
  ConfirmDialog,
  FormErrorBanner,
  FormFileField,
  FormTextField,
  type FormView,
  fieldsViewOf,
} from "../../kit/index.ts";
import { evidenceFieldMessage } from "./dispute-parts.view.tsx";
import { disputesListMessages as m } from "./disputes-list.messages.ts";

export type ResponseState =
  | "editing"
  | "saving"
  | "draftSaved"
  | "confirmingSubmit"
  | "submitting"
  | "confirmingAccept"
  | "accepting"
  | "failed"
  | "submitted"
  | "accepted";

/** The text fields a person writes more than a line in. */
const longText: ReadonlySet<DisputeEvidenceField> = new Set([
  "access_activity_log",
  "cancellation_policy_disclosure",
  "cancellation_rebuttal",
  "duplicate_charge_explanation",
  "product_description",
  "refund_policy_disclosure",
  "refund_refusal_explanation",
  "uncategorized_text",
  "billing_address",
  "shipping_address",
]);

/** What the files host takes for evidence (its types and size). */
const evidenceAccept = fileTypesFor("dispute_evidence").map((t) => fileContentTypes[t]);

export interface DisputeResponseViewProps {
  disputeId: string;
  /** The reason's evidence fields, most telling first. */
  fields: readonly DisputeEvidenceField[];
  form: FormView;
  state: ResponseState;
  /** The disputed money (the acceptance dialog shows it). */
  amount: { value: number; currency: string };
  /** Uploads a file for evidence; resolves with its file id. Absent: no file fields. */
  upload?: (
    file: File,
    reportProgress: (fraction: number) => void,
    signal: AbortSignal,
  ) => Promise<string>;
  onSaveDraft(): void;
  onReviewSubmit(): void;
  onReviewAccept(): void;
  onConfirm(): void;
  onCancel(): void;
}

export function DisputeResponseView(props: DisputeResponseViewProps) {
  const intl = useIntl();
  const { form, state, upload } = props;
  const titleId = `dispute-response-${props.disputeId}`;
  if (state === "submitted" || state === "accepted")
    return (
      <Banner
        status="info"
        title={intl.formatMessage(state === "submitted" ? m.submitted : m.accepted)}
      />
    );
  const fields = props.fields.filter((f) => !isEvidenceFileField(f) || upload);
  return (
    <section className="kit-form dispute-response" aria-labelledby={titleId}>
      <h3 id={titleId}>{intl.formatMessage(m.responseTitle)}</h3>
      <p className="kit-secondary-text">{intl.formatMessage(m.responseIntro)}</p>
      <FormErrorBanner form={form} />
      {state === "draftSaved" ? (
        <Banner status="success" title={intl.formatMessage(m.draftSaved)} />
      ) : null}
      {fields.map((field) => {
        const label = intl.formatMessage(evidenceFieldMessage[field]);
        const path = evidencePath(field);
        return isEvidenceFileField(field) && upload ? (
          <FormFileField
            key={field}
            form={form}
            path={path}
            label={label}
            accept={evidenceAccept}
            maxBytes={maxFileBytes}
            onUpload={upload}
          />
        ) : (
          <FormTextField
            key={field}
            form={form}
            path={path}
            label={label}
            {...(longText.has(field) ? { rows: 3 } : {})}
          />
        );
      })}
      <div className="kit-form__actions">
        <Button variant="secondary" onClick={props.onSaveDraft} loading={state === "saving"}>
          {intl.formatMessage(m.saveDraft)}
        </Button>
        <Button variant="primary" onClick={props.onReviewSubmit}>
          {intl.formatMessage(m.submit)}
        </Button>
        <Button variant="secondary" onClick={props.onReviewAccept}>
          {intl.formatMessage(m.accept)}
        </Button>
      </div>
      <ConfirmDialog
        open={state === "confirmingSubmit" || state === "submitting"}
        onOpenChange={(open) => {
          if (!open) props.onCancel();
        }}
        title={intl.formatMessage(m.submitTitle)}
        consequences={intl.formatMessage(m.submitConsequences)}
        confirmLabel={intl.formatMessage(m.submit)}
        onConfirm={props.onConfirm}
        busy={state === "submitting"}
        tone="primary"
      />
      <ConfirmDialog
        open={state === "confirmingAccept" || state === "accepting"}
        onOpenChange={(open) => {
          if (!open) props.onCancel();
        }}
        title={intl.formatMessage(m.acceptTitle)}
        amount={props.amount}
        consequences={intl.formatMessage(m.acceptConsequences)}
        confirmLabel={intl.formatMessage(m.accept)}
        onConfirm={props.onConfirm}
        busy={state === "accepting"}
        tone="danger"
      />
    </section>
  );
}

/** The machine's context as the fields' FormView (read-only while a call runs). */
export function responseFormView(
  context: DisputeResponseContext,
  state: ResponseState,
  idPrefix: string,
  send: (
    event:
      | { type: "field.change"; path: string; value: string | null }
      | { type: "field.blur"; path: string },
  ) => void,
): FormView {
  return fieldsViewOf(
    context,
    (event) =>
      send(
        event.type === "field.change"
          ? { ...event, value: event.value === null ? null : String(event.value) }
          : event,
      ),
    { busy: state === "saving" || state === "submitting" || state === "accepting", idPrefix },
  );
}

/**
 * The notification banner's pure views: the banner (blank when nothing is due or in review),
 * its entries each with its status and, when the banner resolves it here, a Resolve button;
 * the requirement's one-field form, the multi-page risk form and an identity challenge's
 * document form, on the kit's field views.
 */
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import type {
  BannerNotification,
  NotificationCounts,
} from "../../../machines/components/notification-banner/notifications.ts";
import type { RequirementField } from "../../../machines/components/notification-banner/requirement-forms.ts";
import { riskFormPages } from "../../../protocol/objects/risk-intervention.schema.ts";
import {
  Badge,
  Banner,
  Button,
  companyTaxIdKind,
  FormErrorBanner,
  FormLayout,
  FormTaxIdField,
  FormTextField,
  type FormView,
} from "../../kit/index.ts";
import { notificationBannerMessages as m } from "./notification-banner.messages.ts";
import { requirementEntryText, requirementLabel, subjectLabel } from "./requirement-labels.ts";

export interface NotificationBannerViewProps {
  state: "loading" | "failed" | "ready";
  notifications: readonly BannerNotification[];
  counts: NotificationCounts;
  /** Whether the banner resolves this entry here (else the platform collects it). */
  resolvable: (entry: BannerNotification) => boolean;
  onOpen: (id: string) => void;
  onRetry: () => void;
  /** mobileBannerOptions in a narrow frame: a compact banner shows its entries on demand. */
  compact: boolean;
  expanded: boolean;
  onToggle: () => void;
  /** mobileBannerOptions.dismissible in a narrow frame. */
  onDismiss?: (() => void) | undefined;
  dismissed: boolean;
  /** The open entry's form, shown in place of the list. */
  form?: ReactNode;
}

export function NotificationBannerView(props: NotificationBannerViewProps) {
  const intl = useIntl();
  if (props.state === "failed")
    return (
      <Banner
        status="danger"
        title={intl.formatMessage(m.loadFailed)}
        actions={<Button onClick={props.onRetry}>{intl.formatMessage(m.retry)}</Button>}
      />
    );
  // Blank while loading the first time, when nothing is due or in review, or dismissed.
  if (props.notifications.length === 0 || props.dismissed) return null;
  if (props.form) return <section className="notification-banner">{props.form}</section>;
  const { actionRequired } = props.counts;
  const title =
    actionRequired > 0
      ? intl.formatMessage(m.actionTitle, { count: actionRequired })
      : intl.formatMessage(m.inReviewTitle);
  const showEntries = !props.compact || props.expanded;
  return (
    <Banner
      status={actionRequired > 0 ? "warning" : "info"}
      title={title}
      onDismiss={props.onDismiss}
      actions={
        props.compact ? (
          <Button onClick={props.onToggle} aria-expanded={props.expanded}>
            {intl.formatMessage(props.expanded ? m.hideDetails : m.showDetails)}
          </Button>
        ) : undefined
      }
    >
      {showEntries ? (
        <ul className="notification-banner__entries">
          {props.notifications.map((entry) => (
            <li key={entry.id} data-notification={entry.id} data-status={entry.status}>
              <span>
                {entry.kind === "intervention"
                  ? entry.subject
                    ? intl.formatMessage(m.challengeEntry, {
                        person: subjectLabel(intl, entry.subject),
                      })
                    : intl.formatMessage(m.interventionEntry, { reason: entry.intervention.reason })
                  : requirementEntryText(intl, entry)}
              </span>{" "}
              <Badge status={entry.status === "in_review" ? "neutral" : "warning"}>
                {intl.formatMessage(entry.status === "in_review" ? m.inReview : m.actionRequired)}
              </Badge>{" "}
              {entry.status === "action_required" ? (
                props.resolvable(entry) ? (
                  <Button variant="primary" onClick={() => props.onOpen(entry.id)}>
                    {intl.formatMessage(m.resolve)}
                  </Button>
                ) : entry.kind === "requirement" ? (
                  <span>{intl.formatMessage(m.collectedElsewhere)}</span>
                ) : null
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Banner>
  );
}

const riskLabels = {
  business_description: m.businessDescription,
  customer_support_url: m.customerSupportUrl,
  dispute_explanation: m.disputeExplanation,
  refund_policy: m.refundPolicy,
} as const;

export interface RiskFormViewProps {
  form: FormView;
  reason: string;
  page: number;
  onNext: () => void;
  onBack: () => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/** One page of the multi-page risk form. */
export function RiskFormView(props: RiskFormViewProps) {
  const intl = useIntl();
  const page = riskFormPages[props.page] ?? riskFormPages[0];
  const last = props.page === riskFormPages.length - 1;
  return (
    <FormLayout
      label={intl.formatMessage(m.riskFormTitle)}
      onSubmit={last ? props.onSubmit : props.onNext}
      summary={
        <>
          <h3>{intl.formatMessage(m.riskFormTitle)}</h3>
          <p>{props.reason}</p>
          <p>
            {intl.formatMessage(m.page, {
              current: props.page + 1,
              total: riskFormPages.length,
            })}
          </p>
          <FormErrorBanner form={props.form} />
        </>
      }
      actions={
        <>
          <Button onClick={props.onCancel}>{intl.formatMessage(m.cancel)}</Button>
          {props.page > 0 ? (
            <Button onClick={props.onBack}>{intl.formatMessage(m.back)}</Button>
          ) : null}
          <Button type="submit" variant="primary" loading={props.form.busy}>
            {intl.formatMessage(last ? m.submit : m.next)}
          </Button>
        </>
      }
    >
      {page.fields.map((field) => (
        <FormTextField
          key={field}
          form={props.form}
          path={`answers[${field}]`}
          label={intl.formatMessage(riskLabels[field])}
          required
          {...(field === "customer_support_url" ? { type: "url" as const } : { rows: 3 })}
        />
      ))}
    </FormLayout>
  );
}

export interface RequirementFieldInputProps {
  form: FormView;
  /** The requirement's API name (`business_profile.url`). */
  requirement: string;
  field: RequirementField;
  /** The account's country: a tax id takes its kind (`companyTaxIdKind`) and example. */
  country?: string;
  /** A label of the caller's; by default the requirement's own (`requirementLabel`). */
  label?: string;
}

/** A requirement's one field, typed by its kind (account-onboarding shows several). */
export function RequirementFieldInput(props: RequirementFieldInputProps) {
  const intl = useIntl();
  const { field } = props;
  const label = props.label ?? requirementLabel(intl, props.requirement);
  const taxIdKind = field.kind === "tax_id" ? companyTaxIdKind(props.country ?? "") : undefined;
  if (taxIdKind)
    return (
      <FormTaxIdField form={props.form} path={field.path} label={label} kind={taxIdKind} required />
    );
  const type =
    field.kind === "url" || field.kind === "email" || field.kind === "tel" ? field.kind : "text";
  return <FormTextField form={props.form} path={field.path} label={label} type={type} required />;
}

export interface RequirementFormViewProps {
  form: FormView;
  requirement: string;
  field: RequirementField;
  /** The account's country (a tax id by its rule). */
  country?: string;
  onSubmit: () => void;
  onCancel: () => void;
}

/** A requirement's one field. */
export function RequirementFormView(props: RequirementFormViewProps) {
  const intl = useIntl();
  const label = requirementLabel(intl, props.requirement);
  return (
    <FormLayout
      label={label}
      onSubmit={props.onSubmit}
      summary={<FormErrorBanner form={props.form} />}
      actions={<CancelSubmit form={props.form} onCancel={props.onCancel} />}
    >
      <RequirementFieldInput
        form={props.form}
        requirement={props.requirement}
        field={props.field}
        {...(props.country === undefined ? {} : { country: props.country })}
      />
    </FormLayout>
  );
}

/** A one-page form's buttons: cancel, and submit (busy while it is sent). */
function CancelSubmit(props: { form: FormView; onCancel: () => void }) {
  const intl = useIntl();
  return (
    <>
      <Button onClick={props.onCancel}>{intl.formatMessage(m.cancel)}</Button>
      <Button type="submit" variant="primary" loading={props.form.busy}>
        {intl.formatMessage(m.submit)}
      </Button>
    </>
  );
}

export interface ChallengeFormViewProps {
  form: FormView;
  /** Whose identity: their name, else their role. */
  person: string;
  reason: string;
  /** The identity document's front and back (the files host's uploads). */
  document: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
}

/** An identity challenge: the person's identity document, front and back. */
export function ChallengeFormView(props: ChallengeFormViewProps) {
  const intl = useIntl();
  const title = intl.formatMessage(m.challengeEntry, { person: props.person });
  return (
    <FormLayout
      label={title}
      onSubmit={props.onSubmit}
      summary={
        <>
          <h3>{title}</h3>
          <p>{props.reason}</p>
          <FormErrorBanner form={props.form} />
        </>
      }
      actions={<CancelSubmit form={props.form} onCancel={props.onCancel} />}
    >
      {props.document}
    </FormLayout>
  );
}

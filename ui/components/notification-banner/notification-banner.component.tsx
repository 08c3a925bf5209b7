/**
 * The notification banner as the frame registers it: the banner machine
 * (`machines/components/notification-banner/`) run by `useComponentMachine` on the host's
 * `collectionOptions`, its `notifications.changed` heard by the host as
 * `onnotificationschange` ({ total, actionRequired }). An entry opens the form that resolves
 * it: a requirement's field (the kit's form machine, `POST /v1/account`), the multi-page
 * risk form (`POST /v1/account/risk_interventions/:id/submit`), whose page index the banner
 * machine moves, or an identity challenge's document form (the front and back uploaded
 * through the files host as onboarding's identity step does them, then
 * `POST /v1/account/risk_interventions/:id/verify_identity`; a document the provider could
 * not verify shows on the front's field). Disabled sections (`setDisabledSections`) and an external account when the
 * session does not collect them are left to the platform; `mobileBannerOptions` apply in a
 * narrow frame.
 */
import { useCallback, useMemo } from "react";
import { useIntl } from "react-intl";
import { validateValues } from "../../../machines/components/form/form.ts";
import {
  answerPath,
  challengeDocumentPaths,
  challengeFormMachine,
  challengeFormValues,
  requirementFormMachineOf,
  riskFormMachine,
  riskFormValues,
} from "../../../machines/components/notification-banner/banner-forms.machine.ts";
import {
  type BannerEmitted,
  notificationBannerMachine,
} from "../../../machines/components/notification-banner/notification-banner.machine.ts";
import {
  type BannerNotification,
  type CollectionChoice,
  countsOf,
  type RequirementSubject,
} from "../../../machines/components/notification-banner/notifications.ts";
import {
  type RequirementField,
  requirementFieldOf,
} from "../../../machines/components/notification-banner/requirement-forms.ts";
import { sessionFeature } from "../../../protocol/catalogue/features.ts";
import {
  collectionOptions,
  disabledSections as disabledSectionsSchema,
} from "../../../protocol/catalogue/inputs.schema.ts";
import { maxFileBytes } from "../../../protocol/files.ts";
import { accountSchema } from "../../../protocol/objects/account.schema.ts";
import {
  type RiskIntervention,
  riskFormPages,
  riskInterventionAnswersSchema,
  riskInterventionSchema,
} from "../../../protocol/objects/risk-intervention.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import {
  newIdempotencyKey,
  useHostEvent,
  useHostProps,
  useMutation,
  useSession,
} from "../../frame/frame-context.tsx";
import { useNarrowLayout } from "../../frame/frame-shell.view.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { formViewOf } from "../../kit/index.ts";
import { DocumentFields } from "../account-onboarding/account-onboarding.view.tsx";
import { identityDocumentAccept, useDocumentUpload } from "../account-onboarding/step-form.ts";
import { notificationBannerMessages as m } from "./notification-banner.messages.ts";
import {
  ChallengeFormView,
  NotificationBannerView,
  RequirementFormView,
  RiskFormView,
} from "./notification-banner.view.tsx";
import { subjectLabel } from "./requirement-labels.ts";

interface BannerOptions {
  collection: CollectionChoice;
  disabled: readonly string[];
  compact: boolean;
  dismissible: boolean;
}

function RiskForm(props: {
  view: ComponentViewProps;
  intervention: RiskIntervention;
  page: number;
  onNext(): void;
  onBack(): void;
  onCancel(): void;
  onResolved(): void;
}) {
  const { intervention, onResolved } = props;
  const submit = useMutation({
    url: `/v1/account/risk_interventions/${encodeURIComponent(intervention.id)}/submit`,
    schema: riskInterventionSchema,
  });
  const { snapshot, send } = useComponentMachine(riskFormMachine, {
    input: { values: riskFormValues(intervention) },
    view: props.view,
    actors: useMemo(() => ({ submit }), [submit]),
    effects: useMemo(() => ({ "form.saved": () => onResolved() }), [onResolved]),
  });
  const form = formViewOf(snapshot, send, `risk-${intervention.id}`);
  /** Next only when this page's answers are valid; else its fields show their errors. */
  const next = () => {
    const fields = riskFormPages[props.page]?.fields ?? [];
    const answers = Object.fromEntries(
      Object.entries(snapshot.context.values)
        .filter(([path]) => path.startsWith("answers["))
        .map(([path, value]) => [path.slice("answers[".length, -1), value]),
    );
    const checked = validateValues(riskInterventionAnswersSchema, answers);
    const invalid = checked.ok ? [] : fields.filter((f) => checked.errors[f]);
    for (const f of fields) send({ type: "field.blur", path: answerPath(f) });
    if (invalid.length === 0) props.onNext();
  };
  return (
    <RiskFormView
      form={form}
      reason={intervention.reason}
      page={props.page}
      onNext={next}
      onBack={props.onBack}
      onCancel={props.onCancel}
      onSubmit={() => send({ type: "submit", idempotencyKey: newIdempotencyKey() })}
    />
  );
}

function ChallengeForm(props: {
  view: ComponentViewProps;
  intervention: RiskIntervention;
  subject: RequirementSubject;
  onCancel(): void;
  onResolved(): void;
}) {
  const { intervention, onResolved } = props;
  const intl = useIntl();
  const onUpload = useDocumentUpload();
  const submit = useMutation({
    url: `/v1/account/risk_interventions/${encodeURIComponent(intervention.id)}/verify_identity`,
    schema: riskInterventionSchema,
  });
  const { snapshot, send } = useComponentMachine(challengeFormMachine, {
    input: { values: challengeFormValues(intervention) },
    view: props.view,
    actors: useMemo(() => ({ submit }), [submit]),
    effects: useMemo(() => ({ "form.saved": () => onResolved() }), [onResolved]),
  });
  const form = formViewOf(snapshot, send, `challenge-${intervention.id}`);
  return (
    <ChallengeFormView
      form={form}
      person={subjectLabel(intl, props.subject)}
      reason={intervention.reason}
      document={
        <DocumentFields
          form={form}
          paths={challengeDocumentPaths}
          accept={identityDocumentAccept}
          maxBytes={maxFileBytes}
          onUpload={onUpload}
          frontRefused={
            intervention.last_error ? intl.formatMessage(m.documentNotVerified) : undefined
          }
        />
      }
      onCancel={props.onCancel}
      onSubmit={() => send({ type: "submit", idempotencyKey: newIdempotencyKey() })}
    />
  );
}

function RequirementForm(props: {
  view: ComponentViewProps;
  requirement: string;
  field: RequirementField;
  /** The account's country: a tax id by its rule. */
  country: string;
  onCancel(): void;
  onResolved(): void;
}) {
  const { field, country, onResolved } = props;
  const machine = useMemo(() => requirementFormMachineOf(field, country), [field, country]);
  const submit = useMutation({ url: "/v1/account", schema: accountSchema });
  const { snapshot, send } = useComponentMachine(machine, {
    input: { values: { [field.path]: "" } },
    view: props.view,
    actors: useMemo(() => ({ submit }), [submit]),
    effects: useMemo(() => ({ "form.saved": () => onResolved() }), [onResolved]),
  });
  return (
    <RequirementFormView
      form={formViewOf(snapshot, send, "requirement")}
      requirement={props.requirement}
      field={field}
      country={country}
      onCancel={props.onCancel}
      onSubmit={() => send({ type: "submit", idempotencyKey: newIdempotencyKey() })}
    />
  );
}

function BannerRunner(props: ComponentViewProps & { options: BannerOptions }) {
  const { options } = props;
  const emitEvent = useHostEvent();
  const narrow = useNarrowLayout();
  const session = useSession();
  const collectsBank =
    session === null ||
    sessionFeature(session.components, "notification-banner", "external_account_collection");
  const effects = useMemo(
    () => ({
      "notifications.changed": (event: Extract<BannerEmitted, { type: "notifications.changed" }>) =>
        emitEvent("onnotificationschange", event.counts),
    }),
    [emitEvent],
  );
  const { snapshot, send } = useComponentMachine(notificationBannerMachine, {
    input: { collection: options.collection },
    view: props,
    effects,
  });
  const { context } = snapshot;
  const resolvable = (entry: BannerNotification) => {
    if (entry.kind === "intervention") return true;
    if (options.disabled.includes(entry.section)) return false;
    if (entry.section === "external_account" && !collectsBank) return false;
    return requirementFieldOf(entry.requirement) !== undefined;
  };
  const onResolved = useCallback(() => send({ type: "resolved" }), [send]);
  const onCancel = useCallback(() => send({ type: "entry.close" }), [send]);
  const open = context.open;
  let form = null;
  if (open && snapshot.matches({ ready: "riskForm" }) && open.kind === "intervention") {
    form = (
      <RiskForm
        view={props}
        intervention={open.intervention}
        page={context.page}
        onNext={() => send({ type: "page.next" })}
        onBack={() => send({ type: "page.back" })}
        onCancel={onCancel}
        onResolved={onResolved}
      />
    );
  } else if (
    open &&
    snapshot.matches({ ready: "challengeForm" }) &&
    open.kind === "intervention" &&
    open.subject
  ) {
    form = (
      <ChallengeForm
        view={props}
        intervention={open.intervention}
        subject={open.subject}
        onCancel={onCancel}
        onResolved={onResolved}
      />
    );
  } else if (
    open &&
    snapshot.matches({ ready: "requirementForm" }) &&
    open.kind === "requirement"
  ) {
    const field = requirementFieldOf(open.requirement);
    if (field)
      form = (
        <RequirementForm
          view={props}
          requirement={open.requirement}
          field={field}
          country={context.account?.country ?? ""}
          onCancel={onCancel}
          onResolved={onResolved}
        />
      );
  }
  const mobile = narrow && (options.compact || options.dismissible);
  return (
    <NotificationBannerView
      state={
        snapshot.matches("failed") ? "failed" : snapshot.matches("loading") ? "loading" : "ready"
      }
      notifications={context.notifications}
      counts={countsOf(context.notifications)}
      resolvable={resolvable}
      onOpen={(id) => send({ type: "entry.open", id })}
      onRetry={() => send({ type: "retry" })}
      compact={mobile && options.compact}
      expanded={context.expanded}
      onToggle={() => send({ type: "toggle" })}
      onDismiss={mobile && options.dismissible ? () => send({ type: "dismiss" }) : undefined}
      dismissed={context.dismissed}
      form={form}
    />
  );
}

/** The host's setters as the banner reads them (the SDK refused bad values already). */
function optionsOf(setters: Record<string, unknown> | undefined): BannerOptions {
  const collection = collectionOptions.safeParse(setters?.collectionOptions);
  const disabled = disabledSectionsSchema.safeParse(setters?.disabledSections);
  const mobile = (setters?.mobileBannerOptions ?? {}) as {
    compact?: unknown;
    dismissible?: unknown;
  };
  return {
    collection: collection.success ? collection.data : { fields: "currently_due" },
    disabled: disabled.success ? disabled.data : [],
    compact: mobile.compact === true,
    dismissible: mobile.dismissible === true,
  };
}

export default function NotificationBanner(props: ComponentViewProps) {
  const options = optionsOf(useHostProps()?.setters);
  // New options start a fresh banner (and report their own counts).
  return <BannerRunner key={JSON.stringify(options)} {...props} options={options} />;
}

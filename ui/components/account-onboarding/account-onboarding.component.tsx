/**
 * account-onboarding as the frame registers it: the account's requirements, as the host's
 * `collectionOptions` select them, make the flow's steps (`account-onboarding.machine.ts`
 * reads the account and derives them; the kit's step machine moves between them — back,
 * continue, save for later, resume at the first step not done). Each step's form is the
 * kit's form machine over its protocol schema (`onboarding-forms.machine.ts`), sent to
 * `POST /v1/account`; when it saved, the account is read again (the provider recomputed its
 * requirements) and the steps derived anew. The business step shows the notification
 * banner's requirement fields; the bank step is the money-out views' payout-account flow
 * (the external_account key, `external_account_collection`). While the account has no
 * provider user and the session keeps the provider's sign-in, the user claim step
 * (`account-claim.view.tsx`) comes first.
 *
 * Events: `stepchange` ({ step }) each time the step shown changes; `exit` then
 * `onboardingexited` when the person leaves (save for later, or Done at the end).
 */
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { withClaimStep } from "../../../machines/components/account-onboarding/account-claim.machine.ts";
import {
  accountOnboardingMachine,
  type OnboardingEmitted,
} from "../../../machines/components/account-onboarding/account-onboarding.machine.ts";
import { isCompanyDetail } from "../../../machines/components/account-onboarding/company-steps.ts";
import {
  asksFullIdNumber,
  businessFormMachineOf,
  businessTypeFormMachine,
  detailsFormMachineOf,
  detailsPaths,
  detailsValues,
  documentFormMachine,
  documentPaths,
  termsFormMachine,
  termsPaths,
} from "../../../machines/components/account-onboarding/onboarding-forms.machine.ts";
import {
  collectedRequirements,
  type OnboardingCollection,
} from "../../../machines/components/account-onboarding/onboarding-steps.ts";
import {
  type RequirementField,
  requirementFieldOf,
} from "../../../machines/components/notification-banner/requirement-forms.ts";
import {
  type StepsEmitted,
  stepsMachine,
} from "../../../machines/components/steps/steps.machine.ts";
import { type Step, stepAt } from "../../../machines/components/steps/steps.ts";
import { sessionFeature } from "../../../protocol/catalogue/features.ts";
import { collectionOptions } from "../../../protocol/catalogue/inputs.schema.ts";
import { fileContentTypes, fileTypesFor, maxFileBytes } from "../../../protocol/files.ts";
import { provider } from "../../../protocol/provider.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostEvent, useHostProps, useSession } from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { kitMessages } from "../../i18n/messages.ts";
import {
  Banner,
  Button,
  FormErrorBanner,
  type FormView,
  Skeleton,
  StepsLayout,
  StepsSavedView,
} from "../../kit/index.ts";
import { PayoutAccountSection } from "../balances/payout-account.tsx";
import { RequirementFieldInput } from "../notification-banner/notification-banner.view.tsx";
import { ClaimStep, useClaim } from "./account-claim.view.tsx";
import { onboardingMessages as m } from "./account-onboarding.messages.ts";
import {
  BusinessTypeFields,
  CompleteView,
  DetailsFields,
  DocumentFields,
  ReviewList,
  type StepId,
  stepTitles,
  TermsField,
} from "./account-onboarding.view.tsx";
import { CompanyStep, PersonsStep } from "./company-steps.tsx";
import { nowSeconds, type StepFormProps, useDocumentUpload, useStepForm } from "./step-form.ts";

const isOn = (value: unknown) => value === true || value === "true" || value === "";

/** The host's inputs as the flow reads them (the SDK refused bad values already). */
interface FlowOptions {
  collection: OnboardingCollection;
  skipTerms: boolean;
  termsUrl: string | undefined;
  privacyUrl: string | undefined;
  saveForLater: boolean;
}

function optionsOf(host: ReturnType<typeof useHostProps>): FlowOptions {
  const collection = collectionOptions.safeParse(host?.setters?.collectionOptions);
  const attributes = host?.attributes ?? {};
  const url = (name: string) => {
    const value = attributes[name];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  return {
    collection: collection.success ? collection.data : { fields: "currently_due" },
    // The platform collects the terms itself: honoured for custom accounts only (SPEC.md
    // §2), which the data machine checks once the account is read.
    skipTerms: isOn(attributes["skip-terms-of-service-collection"]),
    termsUrl: url("full-terms-of-service-url"),
    privacyUrl: url("privacy-policy-url"),
    saveForLater: attributes["show-save-for-later"] !== "false",
  };
}

function BusinessTypeStep(props: StepFormProps) {
  const { form, onContinue } = useStepForm(
    businessTypeFormMachine,
    { business_type: props.account.business_type ?? "" },
    props,
    "onboarding-business-type",
  );
  return props.frame({ form, onContinue, children: <BusinessTypeFields form={form} /> });
}

function BusinessStep(props: StepFormProps & { fields: readonly [string, RequirementField][] }) {
  const intl = useIntl();
  const machine = useMemo(
    () =>
      businessFormMachineOf(
        props.fields.map(([, field]) => field),
        props.account.country,
      ),
    [props.fields, props.account.country],
  );
  const values = Object.fromEntries(props.fields.map(([, field]) => [field.path, ""]));
  const { form, onContinue } = useStepForm(machine, values, props, "onboarding-business");
  const labels: Record<string, string> = {
    "business_profile.url": intl.formatMessage(m.businessUrl),
    "business_profile.mcc": intl.formatMessage(m.businessMcc),
  };
  return props.frame({
    form,
    onContinue,
    children: props.fields.map(([requirement, field]) => (
      <RequirementFieldInput
        key={requirement}
        form={form}
        requirement={requirement}
        field={field}
        country={props.account.country}
        {...(labels[requirement] ? { label: labels[requirement] } : {})}
      />
    )),
  });
}

function DetailsStep(props: StepFormProps & { fullIdNumber: boolean }) {
  const { country } = props.account;
  const { fullIdNumber } = props;
  const machine = useMemo(
    () => detailsFormMachineOf(country, nowSeconds, fullIdNumber),
    [country, fullIdNumber],
  );
  const { form, onContinue } = useStepForm(
    machine,
    detailsValues(props.account, fullIdNumber),
    props,
    "onboarding-details",
  );
  return props.frame({
    form,
    onContinue,
    children: (
      <DetailsFields
        form={form}
        country={country}
        paths={detailsPaths}
        fullIdNumber={fullIdNumber}
      />
    ),
  });
}

const documentAccept = fileTypesFor("identity_document").map((t) => fileContentTypes[t]);

function DocumentStep(props: StepFormProps) {
  const onUpload = useDocumentUpload();
  const { form, onContinue } = useStepForm(
    documentFormMachine,
    { [documentPaths.front]: "", [documentPaths.back]: "" },
    props,
    "onboarding-document",
  );
  return props.frame({
    form,
    onContinue,
    children: (
      <DocumentFields
        form={form}
        paths={documentPaths}
        accept={documentAccept}
        maxBytes={maxFileBytes}
        onUpload={onUpload}
      />
    ),
  });
}

function TermsStep(props: StepFormProps & { termsUrl?: string; privacyUrl?: string }) {
  const { form, onContinue } = useStepForm(
    termsFormMachine,
    {
      [termsPaths.date]: "",
      [termsPaths.agreement]: props.account.tos_acceptance.service_agreement,
    },
    props,
    "onboarding-terms",
  );
  return props.frame({
    form,
    onContinue,
    children: (
      <TermsField
        form={form}
        path={termsPaths.date}
        acceptedAt={nowSeconds}
        {...(props.termsUrl ? { termsUrl: props.termsUrl } : {})}
        {...(props.privacyUrl ? { privacyUrl: props.privacyUrl } : {})}
      />
    ),
  });
}

function OnboardingFlow(props: ComponentViewProps & { options: FlowOptions }) {
  const intl = useIntl();
  const { options } = props;
  const emitEvent = useHostEvent();
  const session = useSession();
  const collectsBank =
    session !== null &&
    sessionFeature(session.components, "account-onboarding", "external_account_collection");
  const signInRequired =
    session === null ||
    !sessionFeature(
      session.components,
      "account-onboarding",
      provider.flags.disableUserAuthentication,
    );

  const leave = useCallback(() => {
    emitEvent("exit");
    emitEvent("onboardingexited");
  }, [emitEvent]);
  const stepEffects = useMemo(
    () => ({
      "step.changed": (event: Extract<StepsEmitted, { type: "step.changed" }>) => {
        if (event.step !== null) emitEvent("stepchange", { step: event.step });
      },
      "steps.saved": () => leave(),
    }),
    [emitEvent, leave],
  );
  const steps = useComponentMachine(stepsMachine, {
    input: { steps: [] },
    view: props,
    effects: stepEffects,
  });
  const sendSteps = steps.send;
  // The user claim's step goes first while the account is claimed in this flow; the steps
  // are handed on once the claim was checked, with it.
  const derived = useRef<readonly Step[]>([]);
  const claimStep = useRef<Step | null | undefined>(undefined);
  const showSteps = useCallback(() => {
    if (claimStep.current !== undefined)
      sendSteps({ type: "steps.update", steps: withClaimStep(derived.current, claimStep.current) });
  }, [sendSteps]);
  const onClaimed = useCallback(() => {
    moved.current = true;
    claimStep.current = { id: "claim", complete: true };
    sendSteps({ type: "next" });
  }, [sendSteps]);
  const claim = useClaim(props, signInRequired, onClaimed);
  const claimReady = !claim.checking && !claim.snapshot.matches("failed");
  const claimNow = claimReady ? claim.step : undefined;
  // Whether the claim was checked, and its step: the steps are handed on anew when it changes.
  const claimKey =
    claimNow === undefined ? "unchecked" : claimNow === null ? "none" : String(claimNow.complete);
  useEffect(() => {
    if (claimKey === "unchecked") return;
    claimStep.current = claimKey === "none" ? null : { id: "claim", complete: claimKey === "true" };
    showSteps();
  }, [claimKey, showSteps]);
  const dataEffects = useMemo(
    () => ({
      "steps.derived": (event: Extract<OnboardingEmitted, { type: "steps.derived" }>) => {
        derived.current = event.steps;
        showSteps();
      },
    }),
    [showSteps],
  );
  const data = useComponentMachine(accountOnboardingMachine, {
    input: { collection: options.collection, collectsBank, skipTerms: options.skipTerms },
    view: props,
    effects: dataEffects,
  });
  const sendData = data.send;
  const onSaved = useCallback(() => {
    sendSteps({ type: "next" });
    sendData({ type: "step.saved" });
  }, [sendSteps, sendData]);

  // A step reached by a move takes focus on its heading (not the flow's first step).
  const moved = useRef(false);
  const { context } = steps.snapshot;
  const account = data.snapshot.context.account;

  if (data.snapshot.matches("failed") && account === null)
    return (
      <Banner
        status="danger"
        title={intl.formatMessage(m.loadFailed)}
        actions={
          <Button onClick={() => sendData({ type: "retry" })}>
            {intl.formatMessage(kitMessages.retry)}
          </Button>
        }
      />
    );
  if (claim.snapshot.matches("failed"))
    return (
      <Banner
        status="danger"
        title={intl.formatMessage(m.loadFailed)}
        actions={
          <Button onClick={() => claim.send({ type: "retry" })}>
            {intl.formatMessage(kitMessages.retry)}
          </Button>
        }
      />
    );
  if (account === null || data.snapshot.matches("loading") || !claimReady) return <Skeleton />;
  if (steps.snapshot.matches("saved"))
    return (
      <StepsSavedView
        onResume={() => {
          moved.current = true;
          sendSteps({ type: "resume" });
        }}
      />
    );
  if (steps.snapshot.matches("complete"))
    return context.steps.length === 0 ? (
      <Banner status="success" title={intl.formatMessage(m.nothingDue)} />
    ) : (
      <CompleteView onDone={leave} />
    );

  const id = stepAt(context.steps, context.current) as StepId | null;
  if (id === null) return <Skeleton />;
  const index = context.current;
  const busyRefresh = data.snapshot.matches("refreshing");
  const frame = (frameProps: {
    form: FormView | null;
    onContinue(): void;
    children: ReactNode;
    continueLabel?: string;
  }) => (
    <StepsLayout
      title={intl.formatMessage(stepTitles[id])}
      current={index + 1}
      total={context.steps.length}
      onContinue={frameProps.onContinue}
      busy={busyRefresh || frameProps.form?.busy === true}
      focusHeading={moved.current}
      {...(frameProps.continueLabel ? { continueLabel: frameProps.continueLabel } : {})}
      {...(index > 0
        ? {
            onBack: () => {
              moved.current = true;
              sendSteps({ type: "back" });
            },
          }
        : {})}
      {...(options.saveForLater ? { onSaveForLater: () => sendSteps({ type: "save" }) } : {})}
    >
      {frameProps.form ? <FormErrorBanner form={frameProps.form} /> : null}
      {frameProps.children}
    </StepsLayout>
  );
  const stepProps: StepFormProps = {
    view: props,
    account,
    onSaved: () => {
      moved.current = true;
      onSaved();
    },
    frame,
  };
  const collected = collectedRequirements(account, options.collection);
  // The platform's own terms and privacy URLs apply to custom accounts only (SPEC.md §5).
  const custom = account.type === "custom";
  const termsUrl = custom ? options.termsUrl : undefined;
  const privacyUrl = custom ? options.privacyUrl : undefined;
  switch (id) {
    case "claim":
      return <ClaimStep view={props} claim={claim} frame={frame} onDone={stepProps.onSaved} />;
    case "business_type":
      return <BusinessTypeStep key={id} {...stepProps} />;
    case "business": {
      // The company's own fields are the company step's.
      const fields = collected.flatMap((r) => {
        const field = isCompanyDetail(r) ? undefined : requirementFieldOf(r);
        return field ? [[r, field] as [string, RequirementField]] : [];
      });
      // Nothing of the business left to ask (done earlier): Continue moves on.
      if (fields.length === 0)
        return frame({ form: null, onContinue: stepProps.onSaved, children: null });
      return (
        <BusinessStep
          key={`${id}-${fields.map(([r]) => r).join()}`}
          {...stepProps}
          fields={fields}
        />
      );
    }
    case "company":
      return <CompanyStep key={id} {...stepProps} />;
    case "persons":
      return (
        <PersonsStep
          key={id}
          {...stepProps}
          collected={collected}
          onChanged={() => sendData({ type: "step.saved" })}
        />
      );
    case "details": {
      const fullIdNumber = asksFullIdNumber(account.country, collected);
      return (
        <DetailsStep key={`${id}-${fullIdNumber}`} {...stepProps} fullIdNumber={fullIdNumber} />
      );
    }
    case "document":
      return <DocumentStep key={id} {...stepProps} />;
    case "bank":
      return (
        <BankStep
          {...stepProps}
          signInRequired={signInRequired}
          onAdded={() => sendData({ type: "step.saved" })}
        />
      );
    case "terms":
      return (
        <TermsStep
          key={id}
          {...stepProps}
          {...(termsUrl ? { termsUrl } : {})}
          {...(privacyUrl ? { privacyUrl } : {})}
        />
      );
    case "review":
      return frame({
        form: null,
        continueLabel: intl.formatMessage(m.submit),
        onContinue: () => {
          moved.current = true;
          sendData({ type: "submit" });
          sendSteps({ type: "next" });
        },
        children: <ReviewList steps={context.steps.filter((s) => s.id !== "review")} />,
      });
  }
}

/**
 * The payout bank account: the payout-account flow of the money-out views, then Continue
 * once the account has one (the provider no longer asks for `external_account`).
 */
function BankStep(props: StepFormProps & { signInRequired: boolean; onAdded(): void }) {
  const intl = useIntl();
  const { account } = props;
  const needed = account.requirements.currently_due.includes("external_account");
  const [tried, setTried] = useState(false);
  return props.frame({
    form: null,
    onContinue: () => (needed ? setTried(true) : props.onSaved()),
    children: (
      <>
        {tried && needed ? (
          <Banner status="danger" title={intl.formatMessage(m.bankNeeded)} />
        ) : null}
        <PayoutAccountSection
          currencies={[account.default_currency]}
          destinations={account.external_accounts.data}
          accountId={account.id}
          accountCountry={account.country}
          collects
          signInRequired={props.signInRequired}
          view={props.view}
          onSaved={props.onAdded}
        />
      </>
    ),
  });
}

export default function AccountOnboarding(props: ComponentViewProps) {
  const options = optionsOf(useHostProps());
  if (useSession() === null) return <Skeleton />;
  // New options start a fresh flow.
  return <OnboardingFlow key={JSON.stringify(options)} {...props} options={options} />;
}

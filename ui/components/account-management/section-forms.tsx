/**
 * account-management's section forms, which account-management-form shows one of: each the
 * kit's form machine over its protocol schema (`management-forms.ts`), run with the frame's
 * mutation — `POST /v1/account` for the business, the public details, the company and the
 * individual; `/v1/accounts/:id/persons[/:person]` for a business's person — in the kit's
 * `SectionForm`. The fields are the kit's; the individual's are account-onboarding's
 * `DetailsFields`, a business's person's its `PersonFields` (with their roles).
 * A provider refusal whose `param` names a field lands on it; any other is the form's banner,
 * except one for want of a signed-in provider user (403 `user_authentication_required`),
 * which goes back to the popup's sign-in (`onSignInRequired`).
 */

import type { CountryCode } from "libphonenumber-js";
import { type ReactNode, useEffect, useMemo } from "react";
import { useIntl } from "react-intl";
import {
  type EditTarget,
  hasPersons,
  needsSignIn,
} from "../../../machines/components/account-management/account-management.machine.ts";
import {
  businessFormMachine,
  businessPaths,
  businessValues,
  companyFormMachineOf,
  companyValues,
  individualPaths,
  individualValues,
  personFormMachineOf,
  personValues,
  supportFormMachine,
  supportPaths,
  supportValues,
} from "../../../machines/components/account-management/management-forms.ts";
import { detailsFormMachineOf } from "../../../machines/components/account-onboarding/onboarding-forms.machine.ts";
import type { FormLevelError } from "../../../machines/components/form/form.ts";
import { type Account, accountSchema } from "../../../protocol/objects/account.schema.ts";
import { type Person, personSchema } from "../../../protocol/objects/person.schema.ts";
import { provider } from "../../../protocol/provider.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { newIdempotencyKey, useMutation } from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { kitMessages } from "../../i18n/messages.ts";
import {
  Button,
  FormPhoneField,
  FormTextField,
  type FormView,
  formViewOf,
} from "../../kit/index.ts";
import { SignInRequired, type SignInRequiredStatus } from "../../popup/sign-in-required.view.tsx";
import { onboardingMessages as om } from "../account-onboarding/account-onboarding.messages.ts";
import { DetailsFields } from "../account-onboarding/account-onboarding.view.tsx";
import { CompanyFields, PersonFields } from "../account-onboarding/company.view.tsx";
import { SectionForm } from "../kit/editable-section.view.tsx";
import { notificationBannerMessages as bm } from "../notification-banner/notification-banner.messages.ts";
import { managementMessages as m } from "./account-management.messages.ts";

export interface SectionFormsProps {
  view: ComponentViewProps;
  account: Account;
  persons: readonly Person[];
  target: EditTarget;
  /** The section's heading (the form's accessible name). */
  title: string;
  /** The provider accepted the form. */
  onSaved(): void;
  /** The provider refused it for want of a signed-in provider user (the popup's sign-in). */
  onSignInRequired(): void;
  onCancel(): void;
}

/** Seconds on the viewer's clock. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A section form's machine with the frame's mutation to `url`, in the kit's SectionForm. */
function useSectionForm(
  machine: Parameters<typeof useComponentMachine>[0],
  values: Record<string, unknown>,
  url: string,
  props: SectionFormsProps,
  idPrefix: string,
) {
  const schema = url === "/v1/account" ? accountSchema : personSchema;
  const submit = useMutation({ url, schema });
  const { onSaved, onSignInRequired } = props;
  const { snapshot, send } = useComponentMachine(machine, {
    input: { values } as never,
    view: props.view,
    actors: useMemo(() => ({ submit }), [submit]),
    effects: useMemo(() => ({ "form.saved": () => onSaved() }), [onSaved]),
  });
  // Refused for want of a signed-in provider user (the user's key lapsed, say): to the sign-in.
  const refusal = (snapshot as unknown as { context: { formError: FormLevelError | null } }).context
    .formError;
  const wantsSignIn = refusal !== null && refusal.kind !== "invalid" && needsSignIn(refusal);
  useEffect(() => {
    if (wantsSignIn) onSignInRequired();
  }, [wantsSignIn, onSignInRequired]);
  const form = formViewOf(snapshot as never, send as never, idPrefix);
  const onSave = () =>
    (send as (e: unknown) => void)({ type: "submit", idempotencyKey: newIdempotencyKey() });
  return { form, onSave };
}

function Frame(props: SectionFormsProps & { form: FormView; onSave(): void; children: ReactNode }) {
  const intl = useIntl();
  return (
    <SectionForm
      label={props.title}
      form={props.form}
      saveLabel={intl.formatMessage(m.save)}
      cancelLabel={intl.formatMessage(kitMessages.cancel)}
      onSave={props.onSave}
      onCancel={props.onCancel}
    >
      {props.children}
    </SectionForm>
  );
}

function BusinessForm(props: SectionFormsProps) {
  const intl = useIntl();
  const { form, onSave } = useSectionForm(
    businessFormMachine,
    businessValues(props.account),
    "/v1/account",
    props,
    "manage-business",
  );
  return (
    <Frame {...props} form={form} onSave={onSave}>
      <FormTextField
        form={form}
        path={businessPaths.name}
        label={intl.formatMessage(bm.fieldBusinessName)}
        autoComplete="organization"
        required
      />
      <FormTextField
        form={form}
        path={businessPaths.url}
        label={intl.formatMessage(om.businessUrl)}
        type="url"
      />
      <FormTextField
        form={form}
        path={businessPaths.mcc}
        label={intl.formatMessage(om.businessMcc)}
      />
      <FormTextField
        form={form}
        path={businessPaths.productDescription}
        label={intl.formatMessage(bm.fieldProductDescription)}
      />
    </Frame>
  );
}

function SupportForm(props: SectionFormsProps) {
  const intl = useIntl();
  const { form, onSave } = useSectionForm(
    supportFormMachine,
    supportValues(props.account),
    "/v1/account",
    props,
    "manage-support",
  );
  return (
    <Frame {...props} form={form} onSave={onSave}>
      <FormTextField
        form={form}
        path={supportPaths.email}
        label={intl.formatMessage(m.supportEmail)}
        type="email"
        autoComplete="email"
      />
      <FormPhoneField
        form={form}
        path={supportPaths.phone}
        label={intl.formatMessage(bm.fieldSupportPhone)}
        defaultCountry={props.account.country as CountryCode}
      />
      <FormTextField
        form={form}
        path={supportPaths.url}
        label={intl.formatMessage(m.supportUrl)}
        type="url"
      />
    </Frame>
  );
}

function CompanyForm(props: SectionFormsProps) {
  const { country } = props.account;
  const machine = useMemo(() => companyFormMachineOf(country, { keepOnFile: true }), [country]);
  const { form, onSave } = useSectionForm(
    machine,
    companyValues(props.account),
    "/v1/account",
    props,
    "manage-company",
  );
  return (
    <Frame {...props} form={form} onSave={onSave}>
      <CompanyFields form={form} country={country} keepOnFile />
    </Frame>
  );
}

/** The individual's own details, as account-onboarding's details step sends them. */
function IndividualForm(props: SectionFormsProps) {
  const { country } = props.account;
  const machine = useMemo(() => detailsFormMachineOf(country, nowSeconds), [country]);
  const { form, onSave } = useSectionForm(
    machine,
    individualValues(country, props.account.individual ?? null),
    "/v1/account",
    props,
    "manage-individual",
  );
  return (
    <Frame {...props} form={form} onSave={onSave}>
      <DetailsFields form={form} country={country} paths={individualPaths} />
    </Frame>
  );
}

/**
 * One of a business's persons (`new`: a person added): account-onboarding's person form —
 * their details, roles, job title and ownership percent — without the identity document.
 */
function PersonForm(props: SectionFormsProps & { person: Person | null }) {
  const { country, id } = props.account;
  const machine = useMemo(() => personFormMachineOf(country, nowSeconds, false), [country]);
  const base = `/v1/accounts/${encodeURIComponent(id)}/persons`;
  const url = props.person ? `${base}/${encodeURIComponent(props.person.id)}` : base;
  const { form, onSave } = useSectionForm(
    machine,
    personValues(props.person, country),
    url,
    props,
    `manage-person-${props.person?.id ?? "new"}`,
  );
  return (
    <Frame {...props} form={form} onSave={onSave}>
      <PersonFields form={form} country={country} />
    </Frame>
  );
}

/** The form of what `target` names (the external account has its own flow, not here). */
export function SectionForms(props: SectionFormsProps) {
  const { section, person } = props.target;
  switch (section) {
    case "business":
      return <BusinessForm {...props} />;
    case "support":
      return <SupportForm {...props} />;
    case "company":
      return <CompanyForm {...props} />;
    case "person": {
      if (!hasPersons(props.account)) return <IndividualForm {...props} />;
      // A business's person named, or (none named) its representative, else a new one.
      const shown =
        person === null
          ? props.persons.find((p) => p.relationship.representative)
          : props.persons.find((p) => p.id === person);
      return <PersonForm key={shown?.id ?? "new"} {...props} person={shown ?? null} />;
    }
    case "external_account":
      return null;
  }
}

/**
 * What stands in place of the edited section's values: the sign-in the edit waits for (the
 * popup's prompt, with Cancel), or the section's form.
 */
export function OpenSection(
  props: Omit<SectionFormsProps, "target"> & {
    target: EditTarget | null;
    signIn: SignInRequiredStatus | null;
    onSignIn(): void;
  },
) {
  const intl = useIntl();
  if (props.target === null) return null;
  if (props.signIn !== null)
    return (
      <>
        <SignInRequired
          status={props.signIn}
          providerName={provider.name}
          onSignIn={props.onSignIn}
        />
        <div className="kit-form__actions">
          <Button variant="secondary" onClick={props.onCancel}>
            {intl.formatMessage(kitMessages.cancel)}
          </Button>
        </div>
      </>
    );
  return <SectionForms {...props} target={props.target} />;
}

/**
 * account-onboarding's pure views: each step's fields on the kit's field views (the
 * country-aware ones for the person: phone, date of birth, address, the SSN's last four),
 * the review's list of steps and the completed flow. Values and callbacks only.
 */
import type { CountryCode } from "libphonenumber-js";
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import type { OnboardingStepId } from "../../../machines/components/account-onboarding/onboarding-steps.ts";
import type { Step } from "../../../machines/components/steps/steps.ts";
import { businessTypes } from "../../../protocol/objects/account.schema.ts";
import { latestDateOfBirth } from "../../../protocol/objects/onboarding.schema.ts";
import {
  Badge,
  DescriptionList,
  FormAddressField,
  FormCheckboxField,
  FormDateField,
  FormFileField,
  FormPhoneField,
  FormSelectField,
  FormTaxIdField,
  FormTextField,
  type FormView,
  Link,
  personIdNumberKind,
  StepsEndView,
} from "../../kit/index.ts";
import { claimMessages } from "./account-claim.messages.ts";
import { onboardingMessages as m } from "./account-onboarding.messages.ts";
import { companyMessages as c } from "./company.messages.ts";

export type StepId = OnboardingStepId;

export const stepTitles = {
  claim: claimMessages.claimStep,
  business_type: m.stepBusinessType,
  business: m.stepBusiness,
  company: c.stepCompany,
  persons: c.stepPersons,
  details: m.stepDetails,
  document: m.stepDocument,
  bank: m.stepBank,
  terms: m.stepTerms,
  review: m.stepReview,
} as const satisfies Record<StepId, unknown>;

const businessTypeLabels = {
  individual: m.businessTypeIndividual,
  company: m.businessTypeCompany,
  non_profit: m.businessTypeNonProfit,
  government_entity: m.businessTypeGovernment,
} as const;

export function BusinessTypeFields({ form }: { form: FormView }) {
  const intl = useIntl();
  return (
    <FormSelectField
      form={form}
      path="business_type"
      label={intl.formatMessage(m.businessType)}
      required
      options={businessTypes.map((value) => ({
        value,
        label: intl.formatMessage(businessTypeLabels[value]),
      }))}
    />
  );
}

export interface DetailsFieldsProps {
  form: FormView;
  /** The account's country: the phone's default prefix, the address's format, the tax id. */
  country: string;
  paths: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    dob: string;
    address: string;
    ssnLast4: string;
    idNumber: string;
  };
  /** The whole id number is asked (in the US, the SSN's nine digits, not its last four). */
  fullIdNumber?: boolean;
}

/** Today as "YYYY-MM-DD" (UTC, as the provider counts it): no later date of birth. */
/** The latest date of birth of a person on an account today (`minimumAge` years ago). */
const latestDob = () => latestDateOfBirth(Date.now() / 1000);

export function DetailsFields({ form, country, paths, fullIdNumber }: DetailsFieldsProps) {
  // Outside the US, the id number of the country's kind (a GB NINO, a CA SIN, …) where it
  // has one.
  const idNumberKind = personIdNumberKind(country);
  const intl = useIntl();
  return (
    <>
      <FormTextField
        form={form}
        path={paths.firstName}
        label={intl.formatMessage(m.firstName)}
        autoComplete="given-name"
        required
      />
      <FormTextField
        form={form}
        path={paths.lastName}
        label={intl.formatMessage(m.lastName)}
        autoComplete="family-name"
        required
      />
      <FormTextField
        form={form}
        path={paths.email}
        label={intl.formatMessage(m.email)}
        type="email"
        autoComplete="email"
        required
      />
      <FormPhoneField
        form={form}
        path={paths.phone}
        label={intl.formatMessage(m.phone)}
        defaultCountry={country as CountryCode}
        required
      />
      <FormDateField
        form={form}
        path={paths.dob}
        label={intl.formatMessage(m.dob)}
        min="1900-01-01"
        max={latestDob()}
        required
      />
      <FormAddressField
        form={form}
        path={paths.address}
        label={intl.formatMessage(m.homeAddress)}
        countries={[country]}
      />
      {country === "US" && fullIdNumber ? (
        <FormTaxIdField
          form={form}
          path={paths.idNumber}
          kind="us_ssn"
          label={intl.formatMessage(m.ssn)}
          required
        />
      ) : country === "US" ? (
        <FormTaxIdField
          form={form}
          path={paths.ssnLast4}
          kind="us_ssn_last4"
          label={intl.formatMessage(m.ssnLast4)}
          required
        />
      ) : idNumberKind ? (
        <FormTaxIdField
          form={form}
          path={paths.idNumber}
          kind={idNumberKind}
          label={intl.formatMessage(m.idNumber)}
        />
      ) : (
        <FormTextField form={form} path={paths.idNumber} label={intl.formatMessage(m.idNumber)} />
      )}
    </>
  );
}

export interface DocumentFieldsProps {
  form: FormView;
  paths: { front: string; back: string };
  accept: readonly string[];
  maxBytes: number;
  /** Uploads to the files host; absent where the frame cannot upload. */
  onUpload:
    | ((file: File, progress: (fraction: number) => void, signal: AbortSignal) => Promise<string>)
    | undefined;
  /** Why the front last sent was refused (the kit's `standingError`), if it was. */
  frontRefused?: string | undefined;
}

/** An identity document's front and back, uploaded through the files host (onboarding, the banner's identity challenge). */
export function DocumentFields(props: DocumentFieldsProps) {
  const intl = useIntl();
  const { form, onUpload } = props;
  if (!onUpload) return null;
  const side = (path: string, label: string, required: boolean) => (
    <FormFileField
      form={form}
      path={path}
      label={label}
      accept={props.accept}
      maxBytes={props.maxBytes}
      onUpload={onUpload}
      {...(required ? { required, standingError: props.frontRefused } : {})}
    />
  );
  return (
    <>
      <p className="kit-body-md">{intl.formatMessage(m.documentIntro)}</p>
      {side(props.paths.front, intl.formatMessage(m.documentFront), true)}
      {side(props.paths.back, intl.formatMessage(m.documentBack), false)}
    </>
  );
}

export interface TermsFieldProps {
  form: FormView;
  path: string;
  /** The moment of acceptance (Unix seconds), taken when the box is ticked. */
  acceptedAt: () => number;
  termsUrl?: string;
  privacyUrl?: string;
}

export function TermsField(props: TermsFieldProps) {
  const intl = useIntl();
  const link = (href: string | undefined) => (chunks: ReactNode[]) =>
    href ? (
      <Link href={href} external>
        {chunks}
      </Link>
    ) : (
      chunks
    );
  return (
    <FormCheckboxField
      form={props.form}
      path={props.path}
      label={intl.formatMessage(m.termsAgreement)}
      required
      checkedValue={props.acceptedAt}
      text={intl.formatMessage(m.termsAccept, {
        terms: link(props.termsUrl),
        privacy: link(props.privacyUrl),
      })}
    />
  );
}

/** Each step before the review, complete or still needed. */
export function ReviewList({ steps }: { steps: readonly Step[] }) {
  const intl = useIntl();
  return (
    <>
      <p className="kit-body-md">{intl.formatMessage(m.reviewIntro)}</p>
      <DescriptionList
        items={steps.map((step) => ({
          id: `onboarding-review-${step.id}`,
          term: intl.formatMessage(stepTitles[step.id as StepId]),
          description: (
            <Badge status={step.complete ? "success" : "warning"}>
              {intl.formatMessage(step.complete ? m.statusComplete : m.statusNeeded)}
            </Badge>
          ),
        }))}
      />
    </>
  );
}

export function CompleteView({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  return (
    <StepsEndView
      id="onboarding-complete"
      title={intl.formatMessage(m.completeTitle)}
      description={intl.formatMessage(m.completeBody)}
      action={intl.formatMessage(m.done)}
      onAction={onDone}
    />
  );
}

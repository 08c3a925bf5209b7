/**
 * account-onboarding's pure views for a company: its details (name, registered address,
 * phone, tax id of the country's kind), a person's form (the individual's details views,
 * the relationship, the identity document), the attestations, and the list of persons on the
 * kit's record list. Values and callbacks only.
 */
import type { CountryCode } from "libphonenumber-js";
import { useIntl } from "react-intl";
import {
  attestationPath,
  companyPaths,
  type PersonRole,
  personPaths,
  personRoles,
} from "../../../machines/components/account-onboarding/company-forms.ts";
import {
  type Attestation,
  attestations,
} from "../../../machines/components/account-onboarding/company-steps.ts";
import type { Person } from "../../../protocol/objects/person.schema.ts";
import {
  Badge,
  Banner,
  companyTaxIdKind,
  FormAddressField,
  FormCheckboxField,
  FormCheckboxGroupField,
  FormNumberField,
  FormPhoneField,
  FormTaxIdField,
  FormTextField,
  type FormView,
} from "../../kit/index.ts";
import { RecordList } from "../kit/record-list.view.tsx";
import { onboardingMessages as m } from "./account-onboarding.messages.ts";
import {
  DetailsFields,
  DocumentFields,
  type DocumentFieldsProps,
} from "./account-onboarding.view.tsx";
import { companyMessages as c } from "./company.messages.ts";

export interface CompanyFieldsProps {
  form: FormView;
  country: string;
  /**
   * An edit of the company on file (account-management): only the name is required, what is
   * left empty is kept as on file.
   */
  keepOnFile?: boolean;
}

/** The company's legal name, registered address, phone and tax id (by the country's rule). */
export function CompanyFields({ form, country, keepOnFile = false }: CompanyFieldsProps) {
  const intl = useIntl();
  const required = !keepOnFile;
  const kind = companyTaxIdKind(country);
  const taxId = { form, path: companyPaths.taxId, label: intl.formatMessage(c.companyTaxId) };
  return (
    <>
      <FormTextField
        form={form}
        path={companyPaths.name}
        label={intl.formatMessage(c.companyName)}
        autoComplete="organization"
        required
      />
      <FormAddressField
        form={form}
        path={companyPaths.address}
        label={intl.formatMessage(c.companyAddress)}
        countries={[country]}
      />
      <FormPhoneField
        form={form}
        path={companyPaths.phone}
        label={intl.formatMessage(c.companyPhone)}
        defaultCountry={country as CountryCode}
        required={required}
      />
      {kind ? (
        <FormTaxIdField {...taxId} kind={kind} required={required} />
      ) : (
        <FormTextField {...taxId} required={required} />
      )}
    </>
  );
}

const roleLabels = {
  representative: c.roleRepresentative,
  owner: c.roleOwner,
  director: c.roleDirector,
  executive: c.roleExecutive,
} as const satisfies Record<PersonRole, unknown>;

export interface PersonFieldsProps {
  form: FormView;
  country: string;
  /** Why the person's identity document was refused, in words; absent when it was not. */
  rejected?: string;
  /** The identity document's upload; absent, the form asks for none (account management). */
  document?: Omit<DocumentFieldsProps, "form" | "paths">;
}

/**
 * A person's form: their details, their relationship to the company (the roles, the job
 * title, the ownership percent), their document when one is asked for.
 */
export function PersonFields({ form, country, rejected, document }: PersonFieldsProps) {
  const intl = useIntl();
  const p = personPaths;
  return (
    <>
      {rejected ? (
        <Banner status="danger" title={intl.formatMessage(c.documentRejected)}>
          {rejected}
        </Banner>
      ) : null}
      <DetailsFields form={form} country={country} paths={p} />
      <FormCheckboxGroupField
        form={form}
        label={intl.formatMessage(c.relationship)}
        options={personRoles.map((role) => ({
          path: p.role(role),
          text: intl.formatMessage(roleLabels[role]),
        }))}
      />
      <FormTextField form={form} path={p.title} label={intl.formatMessage(c.jobTitle)} />
      <FormNumberField
        form={form}
        path={p.percentOwnership}
        label={intl.formatMessage(c.percentOwnership)}
        min={0}
        max={100}
      />
      {document ? (
        <DocumentFields
          form={form}
          paths={{ front: p.documentFront, back: p.documentBack }}
          {...document}
        />
      ) : null}
    </>
  );
}

const attestationLabels = {
  "company.owners_provided": c.attestOwners,
  "company.directors_provided": c.attestDirectors,
  "company.executives_provided": c.attestExecutives,
} as const satisfies Record<Attestation, unknown>;

/** A box for each attestation the account still owes. */
export function AttestationFields({ form, due }: { form: FormView; due: readonly Attestation[] }) {
  const intl = useIntl();
  return attestations
    .filter((a) => due.includes(a))
    .map((attestation) => (
      <FormCheckboxField
        key={attestation}
        form={form}
        path={attestationPath(attestation)}
        label={intl.formatMessage(c.confirm)}
        text={intl.formatMessage(attestationLabels[attestation])}
        checkedValue={() => true}
        required
      />
    ));
}

/** A person's name as the list shows it ("New person" before one is given). */
export function usePersonName() {
  const intl = useIntl();
  return (person: Pick<Person, "first_name" | "last_name">) =>
    [person.first_name, person.last_name].filter(Boolean).join(" ") ||
    intl.formatMessage(c.newPerson);
}

export interface PersonsListProps {
  persons: readonly Person[];
  /** Whether each person still owes something, by id. */
  needs: (person: Person) => boolean;
  /** Why a person's document was refused, in words, by id. */
  rejected: (person: Person) => string | undefined;
  busy: boolean;
  onAdd(): void;
  onEdit(id: string): void;
}

export function PersonsList(props: PersonsListProps) {
  const intl = useIntl();
  const nameOf = usePersonName();
  return (
    <>
      <p className="kit-body-md">{intl.formatMessage(c.personsIntro)}</p>
      <RecordList
        label={intl.formatMessage(c.personsLabel)}
        empty={intl.formatMessage(c.personsEmpty)}
        editText={intl.formatMessage(c.edit)}
        addLabel={intl.formatMessage(c.addPerson)}
        busy={props.busy}
        onAdd={props.onAdd}
        onEdit={props.onEdit}
        records={props.persons.map((person) => {
          const rejected = props.rejected(person);
          const needs = props.needs(person);
          return {
            id: person.id,
            title: nameOf(person),
            editLabel: intl.formatMessage(c.editPerson, { name: nameOf(person) }),
            badges: (
              <>
                {personRoles
                  .filter((role) => person.relationship[role])
                  .map((role) => (
                    <Badge key={role}>{intl.formatMessage(roleLabels[role])}</Badge>
                  ))}
                <Badge status={needs ? "warning" : "success"}>
                  {intl.formatMessage(needs ? m.statusNeeded : m.statusComplete)}
                </Badge>
              </>
            ),
            ...(rejected ? { notes: [rejected] } : {}),
          };
        })}
      />
    </>
  );
}

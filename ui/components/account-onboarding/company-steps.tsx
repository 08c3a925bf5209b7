/**
 * account-onboarding's steps for a company. The company step: its details on the kit's form
 * machine (`companyFormMachineOf`), sent to `POST /v1/account`. The persons step: the
 * company's persons (`personsMachine` reads them) on the kit's record list, each opened in
 * the person form (`personFormMachineOf`) sent to `POST /v1/accounts/:id/persons[/:person]`
 * with their identity document from the files host; a document the provider rejected shows
 * its reason (the requirement's error, in words) on the person's row and form; then the
 * attestations the account owes (`POST /v1/account`) on Continue.
 */
import { useCallback, useMemo, useState } from "react";
import { type IntlShape, useIntl } from "react-intl";
import {
  attestationFormMachineOf,
  attestationPath,
  companyFormMachineOf,
  companyValues,
  personFormMachineOf,
  personValues,
} from "../../../machines/components/account-onboarding/company-forms.ts";
import {
  type Attestation,
  attestations,
  isPersonsRequirement,
} from "../../../machines/components/account-onboarding/company-steps.ts";
import { personsMachine } from "../../../machines/components/account-onboarding/persons.machine.ts";
import { maxFileBytes } from "../../../protocol/files.ts";
import { type Person, personSchema } from "../../../protocol/objects/person.schema.ts";
import type { Requirements } from "../../../protocol/objects/requirements.schema.ts";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { kitMessages } from "../../i18n/messages.ts";
import { Banner, Button, Skeleton } from "../../kit/index.ts";
import { onboardingMessages as m } from "./account-onboarding.messages.ts";
import { companyMessages as c } from "./company.messages.ts";
import {
  AttestationFields,
  CompanyFields,
  PersonFields,
  PersonsList,
  usePersonName,
} from "./company.view.tsx";
import {
  identityDocumentAccept,
  nowSeconds,
  type StepFormProps,
  useDocumentUpload,
  useStepForm,
} from "./step-form.ts";

export function CompanyStep(props: StepFormProps) {
  const { country } = props.account;
  const machine = useMemo(() => companyFormMachineOf(country), [country]);
  const { form, onContinue } = useStepForm(
    machine,
    companyValues(props.account),
    props,
    "onboarding-company",
  );
  return props.frame({
    form,
    onContinue,
    children: <CompanyFields form={form} country={country} />,
  });
}

const reasons: Record<string, typeof c.reasonOther> = {
  verification_document_failed_other: c.reasonDocumentFailed,
  verification_failed_keyed_identity: c.reasonKeyedIdentity,
  verification_failed_id_number_match: c.reasonIdNumber,
};

/** Why the provider refused a person's identity, in the viewer's words; undefined if it did not. */
function rejectionOf(requirements: Requirements, person: Person, intl: IntlShape) {
  const error = requirements.errors.find(
    (e) => e.requirement === `${person.id}.verification.document`,
  );
  return error ? intl.formatMessage(reasons[error.code] ?? c.reasonOther) : undefined;
}

/** The persons step; `onChanged`: a person was saved (the flow reads the account again). */
export function PersonsStep(
  props: StepFormProps & { collected: readonly string[]; onChanged(): void },
) {
  const intl = useIntl();
  const { onChanged } = props;
  const effects = useMemo(() => ({ "person.saved": () => onChanged() }), [onChanged]);
  const { snapshot, send } = useComponentMachine(personsMachine, {
    input: { accountId: props.account.id },
    view: props.view,
    effects,
  });
  const { persons, editing } = snapshot.context;
  if (snapshot.matches("failed"))
    return props.frame({
      form: null,
      onContinue: () => send({ type: "retry" }),
      children: (
        <Banner
          status="danger"
          title={intl.formatMessage(m.loadFailed)}
          actions={
            <Button onClick={() => send({ type: "retry" })}>
              {intl.formatMessage(kitMessages.retry)}
            </Button>
          }
        />
      ),
    });
  if (snapshot.matches("editing") && editing)
    return (
      <PersonForm
        key={editing.person?.id ?? `new-${editing.role}`}
        {...props}
        person={editing.person}
        role={editing.role}
        onPersonSaved={() => send({ type: "saved" })}
        onCancel={() => send({ type: "cancel" })}
      />
    );
  if (snapshot.matches("loading") && persons.length === 0) return <Skeleton />;
  return (
    <PersonsOverview
      {...props}
      persons={persons}
      busy={snapshot.matches("loading")}
      onAdd={() => send({ type: "add" })}
      onEdit={(id) => send({ type: "edit", id })}
    />
  );
}

function PersonsOverview(
  props: StepFormProps & {
    collected: readonly string[];
    persons: readonly Person[];
    busy: boolean;
    onAdd(): void;
    onEdit(id: string): void;
  },
) {
  const intl = useIntl();
  const { account, collected } = props;
  const dueKey = attestations.filter((a) => collected.includes(a)).join();
  const due = useMemo(() => attestations.filter((a) => dueKey.split(",").includes(a)), [dueKey]);
  const machine = useMemo(() => attestationFormMachineOf(due), [due]);
  const { form, onContinue } = useStepForm(
    machine,
    Object.fromEntries(due.map((a: Attestation) => [attestationPath(a), null])),
    props,
    "onboarding-attestations",
  );
  const [tried, setTried] = useState(false);
  // Something of a person (or a representative not yet added) is still owed.
  const personsOwe = collected.some(
    (r) => isPersonsRequirement(r) && !(attestations as readonly string[]).includes(r),
  );
  return props.frame({
    form: due.length > 0 ? form : null,
    onContinue: () => {
      if (personsOwe) setTried(true);
      else if (due.length > 0) onContinue();
      else props.onSaved();
    },
    children: (
      <>
        {tried && personsOwe ? (
          <Banner status="danger" title={intl.formatMessage(c.personsIncomplete)} />
        ) : null}
        <PersonsList
          persons={props.persons}
          busy={props.busy}
          needs={(person) => collected.some((r) => r.startsWith(`${person.id}.`))}
          rejected={(person) => rejectionOf(account.requirements, person, intl)}
          onAdd={props.onAdd}
          onEdit={props.onEdit}
        />
        <AttestationFields form={form} due={due} />
      </>
    ),
  });
}

function PersonForm(
  props: StepFormProps & {
    person: Person | null;
    role: Parameters<typeof personValues>[2];
    onPersonSaved(): void;
    onCancel(): void;
  },
) {
  const intl = useIntl();
  const onUpload = useDocumentUpload();
  const nameOf = usePersonName();
  const { account, person, onPersonSaved } = props;
  const rejected = person ? rejectionOf(account.requirements, person, intl) : undefined;
  const needsDocument =
    person === null || !person.verification.document.provided || rejected !== undefined;
  const machine = useMemo(
    () => personFormMachineOf(account.country, nowSeconds, needsDocument),
    [account.country, needsDocument],
  );
  const base = `/v1/accounts/${encodeURIComponent(account.id)}/persons`;
  const saved = useCallback(() => onPersonSaved(), [onPersonSaved]);
  const { form, onContinue } = useStepForm(
    machine,
    personValues(person, account.country, props.role),
    props,
    "onboarding-person",
    {
      url: person ? `${base}/${encodeURIComponent(person.id)}` : base,
      schema: personSchema,
      onSaved: saved,
    },
  );
  return props.frame({
    form,
    onContinue,
    continueLabel: intl.formatMessage(c.savePerson),
    children: (
      <section
        aria-label={person ? nameOf(person) : intl.formatMessage(c.newPerson)}
        className="kit-form__fields"
      >
        <h3 className="kit-heading-sm">
          {person ? nameOf(person) : intl.formatMessage(c.newPerson)}
        </h3>
        <PersonFields
          form={form}
          country={account.country}
          {...(rejected ? { rejected } : {})}
          document={{ accept: identityDocumentAccept, maxBytes: maxFileBytes, onUpload }}
        />
        <div>
          <Button onClick={props.onCancel} disabled={form.busy}>
            {intl.formatMessage(kitMessages.cancel)}
          </Button>
        </div>
      </section>
    ),
  });
}

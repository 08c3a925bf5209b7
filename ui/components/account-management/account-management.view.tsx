/**
 * account-management's sections as a person reads them (pure: values and callbacks): the
 * business's details, the company, the individual's own details or the business's people,
 * the public (support) details, the payout bank account and who signs in to make changes.
 * Each is the kit's `EditableSection`; the one being edited shows its form (or the sign-in
 * it waits for) in place of its values; a business's person has Edit and Remove (behind the
 * kit's confirm dialog, which shows the provider's refusal). A disabled section has no Edit
 * button; a hidden one is not there at all.
 */
import type { ReactNode } from "react";
import { type IntlShape, type MessageDescriptor, useIntl } from "react-intl";
import type {
  EditTarget,
  ManagementSection,
} from "../../../machines/components/account-management/account-management.machine.ts";
import type { Account } from "../../../protocol/objects/account.schema.ts";
import type { Person } from "../../../protocol/objects/person.schema.ts";
import { Badge, Banner, Button, ConfirmDialog, type DescriptionItem } from "../../kit/index.ts";
import { onboardingMessages as om } from "../account-onboarding/account-onboarding.messages.ts";
import { companyMessages as cm } from "../account-onboarding/company.messages.ts";
import { payoutAccountMessages as pm } from "../balances/payout-account.messages.ts";
import { EditableSection } from "../kit/editable-section.view.tsx";
import { notificationBannerMessages as bm } from "../notification-banner/notification-banner.messages.ts";
import { managementMessages as m } from "./account-management.messages.ts";

export interface ManagementSectionsProps {
  account: Account;
  persons: readonly Person[];
  /** Sections not shown at all (the host's hiddenSections). */
  hidden: ReadonlySet<string>;
  /** Sections shown read-only (the host's disabledSections). */
  disabled: ReadonlySet<string>;
  /** Sections the provider needs something in (as the host's collectionOptions select). */
  needed: ReadonlySet<ManagementSection>;
  /** Edit buttons are offered (nothing else is being edited). */
  editable: boolean;
  /** What is being edited, and its form (or the sign-in it waits for), named by its title. */
  editing: { target: EditTarget; form(title: string): ReactNode } | null;
  /** The section whose save was just shown. */
  saved: ManagementSection | null;
  /** The payout bank account's section (the money-out views' flow). */
  payout: ReactNode;
  /** Who signs in to make changes. */
  signIn: { signedIn: boolean; email: string | null; required: boolean; provider: string };
  /** A person's removal being confirmed (the kit's confirm dialog), or null. */
  removal: {
    person: string;
    busy: boolean;
    /** The provider's refusal of the last attempt (its code), or another failure. */
    refused: "representative" | "failed" | null;
  } | null;
  onEdit(target: EditTarget): void;
  /** Remove a business's person (asks for confirmation first). */
  onRemove(person: string): void;
  onConfirmRemoval(): void;
  onCancelRemoval(): void;
}

/** A section's heading for `account` (an individual's person is their personal details). */
export function sectionTitleOf(
  intl: IntlShape,
  section: ManagementSection,
  account: Pick<Account, "business_type">,
): string {
  const individual = account.business_type === "individual" || account.business_type === null;
  const titles: Record<ManagementSection, MessageDescriptor> = {
    business: m.sectionBusiness,
    company: m.sectionCompany,
    person: individual ? m.sectionIndividual : m.sectionPersons,
    support: m.sectionSupport,
    external_account: pm.title,
  };
  return intl.formatMessage(titles[section]);
}

const fullName = (p: Pick<Person, "first_name" | "last_name">) =>
  [p.first_name, p.last_name].filter(Boolean).join(" ");

/** An address on one line, as on file (its parts that are given). */
const addressLine = (a: NonNullable<Account["company"]>["address"]) =>
  a ? [a.line1, a.line2, a.city, a.state, a.postal_code].filter(Boolean).join(", ") : null;

export function ManagementSections(props: ManagementSectionsProps) {
  const intl = useIntl();
  const { account, editing } = props;
  const value = (text: string | null | undefined) =>
    text ? text : intl.formatMessage(m.notProvided);
  const shown = (section: string) => !props.hidden.has(section);
  const formOf = (section: ManagementSection, title: string, person?: string | null) =>
    editing &&
    editing.target.section === section &&
    (person === undefined || editing.target.person === person)
      ? editing.form(title)
      : undefined;
  const editOf = (section: ManagementSection, title: string, target?: EditTarget) =>
    props.editable && !props.disabled.has(section)
      ? {
          label: intl.formatMessage(m.edit, { section: title }),
          onEdit: () => props.onEdit(target ?? { section, person: null }),
        }
      : undefined;
  const common = (section: ManagementSection) => ({
    sectionKey: section,
    badge: props.needed.has(section) ? (
      <Badge status="warning">{intl.formatMessage(m.needed)}</Badge>
    ) : undefined,
    notice:
      props.saved === section ? (
        <Banner status="success" title={intl.formatMessage(m.saved)} />
      ) : undefined,
  });
  const item = (id: string, term: string, description: ReactNode): DescriptionItem => ({
    id,
    term,
    description,
  });
  const profile = account.business_profile;
  const individual = account.business_type === "individual" || account.business_type === null;
  const businessTitle = sectionTitleOf(intl, "business", account);
  const companyTitle = sectionTitleOf(intl, "company", account);
  const personTitle = sectionTitleOf(intl, "person", account);
  const supportTitle = sectionTitleOf(intl, "support", account);
  const person = account.individual;
  return (
    <div className="kit-detail-sections">
      {shown("business") ? (
        <EditableSection
          {...common("business")}
          title={businessTitle}
          items={[
            item("name", intl.formatMessage(bm.fieldBusinessName), value(profile.name)),
            item("url", intl.formatMessage(om.businessUrl), value(profile.url)),
            item("mcc", intl.formatMessage(om.businessMcc), value(profile.mcc)),
            item(
              "product",
              intl.formatMessage(bm.fieldProductDescription),
              value(profile.product_description),
            ),
          ]}
          edit={editOf("business", businessTitle)}
          form={formOf("business", businessTitle)}
        />
      ) : null}
      {shown("company") && account.company ? (
        <EditableSection
          {...common("company")}
          title={companyTitle}
          items={[
            item("name", intl.formatMessage(cm.companyName), value(account.company.name)),
            item(
              "address",
              intl.formatMessage(cm.companyAddress),
              value(addressLine(account.company.address)),
            ),
            item("phone", intl.formatMessage(cm.companyPhone), value(account.company.phone)),
            item(
              "tax-id",
              intl.formatMessage(cm.companyTaxId),
              intl.formatMessage(account.company.tax_id_provided ? m.provided : m.notProvided),
            ),
          ]}
          edit={editOf("company", companyTitle)}
          form={formOf("company", companyTitle)}
        />
      ) : null}
      {shown("person") && individual ? (
        <EditableSection
          {...common("person")}
          title={personTitle}
          items={[
            item(
              "name",
              intl.formatMessage(bm.personName),
              value(person ? fullName(person) : null),
            ),
            item("email", intl.formatMessage(om.email), value(person?.email)),
            item("phone", intl.formatMessage(om.phone), value(person?.phone)),
          ]}
          edit={editOf("person", personTitle)}
          form={formOf("person", personTitle, null)}
        />
      ) : null}
      {shown("person") && !individual ? (
        <EditableSection
          {...common("person")}
          title={personTitle}
          items={props.persons.map((p) => {
            const name = fullName(p) || intl.formatMessage(m.unnamedPerson);
            const edit = editOf("person", name, { section: "person", person: p.id });
            return item(
              p.id,
              name,
              formOf("person", name, p.id) ?? (
                <>
                  {value(p.email)}
                  {edit ? (
                    <>
                      <Button variant="secondary" onClick={edit.onEdit}>
                        {intl.formatMessage(m.editPerson, { name })}
                      </Button>
                      <Button variant="secondary" onClick={() => props.onRemove(p.id)}>
                        {intl.formatMessage(m.removePerson, { name })}
                      </Button>
                    </>
                  ) : null}
                </>
              ),
            );
          })}
          form={formOf("person", intl.formatMessage(m.newPerson), "new")}
          edit={
            props.editable && !props.disabled.has("person")
              ? {
                  label: intl.formatMessage(m.addPerson),
                  onEdit: () => props.onEdit({ section: "person", person: "new" }),
                }
              : undefined
          }
        >
          {props.persons.length === 0 ? <p>{intl.formatMessage(m.noPersons)}</p> : null}
          <RemovalDialog {...props} />
        </EditableSection>
      ) : null}
      {shown("support") ? (
        <EditableSection
          {...common("support")}
          title={supportTitle}
          items={[
            item("email", intl.formatMessage(m.supportEmail), value(profile.support_email)),
            item("phone", intl.formatMessage(bm.fieldSupportPhone), value(profile.support_phone)),
            item("url", intl.formatMessage(m.supportUrl), value(profile.support_url)),
          ]}
          edit={editOf("support", supportTitle)}
          form={formOf("support", supportTitle)}
        />
      ) : null}
      {shown("external_account") ? (
        <div data-section="external_account">
          {props.needed.has("external_account") ? (
            <Badge status="warning">{intl.formatMessage(m.needed)}</Badge>
          ) : null}
          {props.saved === "external_account" ? (
            <Banner status="success" title={intl.formatMessage(m.saved)} />
          ) : null}
          {props.payout}
        </div>
      ) : null}
      {shown("sign_in") ? (
        <EditableSection
          sectionKey="sign_in"
          title={intl.formatMessage(m.sectionSignIn)}
          items={[]}
        >
          <p className="kit-body-md">
            {props.signIn.email
              ? intl.formatMessage(m.signedInAs, { email: props.signIn.email })
              : props.signIn.signedIn
                ? intl.formatMessage(m.signedIn)
                : props.signIn.required
                  ? intl.formatMessage(m.signInOnEdit, { provider: props.signIn.provider })
                  : intl.formatMessage(m.signInNotNeeded)}
          </p>
        </EditableSection>
      ) : null}
    </div>
  );
}

/** The confirmation of a person's removal, with the provider's refusal when it refused. */
function RemovalDialog(props: ManagementSectionsProps) {
  const intl = useIntl();
  const { removal } = props;
  const person = props.persons.find((p) => p.id === removal?.person);
  const name = (person && fullName(person)) || intl.formatMessage(m.unnamedPerson);
  const refused = removal?.refused ?? null;
  return (
    <ConfirmDialog
      open={removal !== null}
      onOpenChange={(open) => {
        if (!open) props.onCancelRemoval();
      }}
      title={intl.formatMessage(m.removeTitle, { name })}
      consequences={intl.formatMessage(m.removeConsequences, { name })}
      confirmLabel={intl.formatMessage(m.removeConfirm)}
      onConfirm={props.onConfirmRemoval}
      busy={removal?.busy ?? false}
      error={
        refused === null
          ? undefined
          : intl.formatMessage(
              refused === "representative" ? m.removeRepresentative : m.removeFailed,
            )
      }
    />
  );
}

/**
 * account-management-form as the frame registers it (issue 12 item 4, internal): one section
 * of account management — the host's `setSectionView` ({ section, subview }: company, person,
 * support or external_account; a person's subview `add` adds a new one, a person's id opens
 * that person's form; the external account's `bank_account` opens the flow that adds or
 * replaces the payout bank account at once; no other section has subviews) — opened for editing
 * at once, behind the same sign-in and with the same forms as account-management
 * (`../account-management/`). Saving or cancelling closes it: `accountmanagementformclose`.
 * `setDisableBankConnections(true)`: the payout flow offers no "Connect your bank", only the
 * typed bank details.
 */
import { useIntl } from "react-intl";
import type { EditTarget } from "../../../machines/components/account-management/account-management.machine.ts";
import { sectionView } from "../../../protocol/catalogue/inputs.schema.ts";
import { manifestEntry } from "../../../protocol/catalogue/manifest.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useAuthState, useHostProps, useSession } from "../../frame/frame-context.tsx";
import { Button, Skeleton } from "../../kit/index.ts";
import { managementMessages as m } from "../account-management/account-management.messages.ts";
import { sectionTitleOf } from "../account-management/account-management.view.tsx";
import { OpenSection } from "../account-management/section-forms.tsx";
import {
  collectsBankFor,
  signInRequiredFor,
  signInStatusOf,
  useAccountManagement,
} from "../account-management/use-account-management.ts";
import { PayoutAccountSection } from "../balances/payout-account.tsx";
import { EditableSection } from "../kit/editable-section.view.tsx";
import { LoadFailed } from "../kit/load-failed.view.tsx";
import { requestIdOf } from "../kit/resource-list.connect.ts";

export const closeEvent = "accountmanagementformclose";

export default function AccountManagementForm(props: ComponentViewProps) {
  const host = useHostProps();
  const auth = useAuthState();
  const session = useSession();
  if (host === undefined || auth === undefined || session === null) return <Skeleton />;
  const chosen = sectionView.safeParse(host.setters?.sectionView);
  // No section chosen yet: nothing to show until the host sets one.
  if (!chosen.success) return null;
  const focus: EditTarget = {
    section: chosen.data.section,
    person:
      chosen.data.section !== "person" || chosen.data.subview === undefined
        ? null
        : chosen.data.subview === "add"
          ? "new"
          : chosen.data.subview,
  };
  // A new section view opens afresh.
  return (
    <SectionView
      key={JSON.stringify(chosen.data)}
      view={props}
      focus={focus}
      bankAccountFlow={
        chosen.data.section === "external_account" && chosen.data.subview === "bank_account"
      }
      signedIn={auth.status === "user_authenticated"}
      disableBankConnections={host.setters?.disableBankConnections === true}
    />
  );
}

function SectionView(props: {
  view: ComponentViewProps;
  focus: EditTarget;
  /** The external account's `bank_account` subview: its flow opened at once. */
  bankAccountFlow: boolean;
  signedIn: boolean;
  /** The host's `setDisableBankConnections(true)`. */
  disableBankConnections: boolean;
}) {
  const intl = useIntl();
  const session = useSession();
  const signInRequired = signInRequiredFor(session);
  const { snapshot, send } = useAccountManagement(
    props.view,
    { signInRequired, signedIn: props.signedIn, focus: props.focus },
    closeEvent,
  );
  const { account, persons, failure } = snapshot.context;
  if (snapshot.matches("failed"))
    return (
      <LoadFailed
        errorText={manifestEntry(props.view.component)?.errorText ?? null}
        requestId={requestIdOf(failure)}
        onRetry={() => send({ type: "retry" })}
      />
    );
  if (snapshot.matches("closed") || snapshot.matches("unauthorized")) return null;
  if (account === null) return <Skeleton />;
  const { section } = props.focus;
  const title = sectionTitleOf(intl, section, account);
  const cancel = () => send({ type: "cancel" });
  if (section === "external_account")
    return (
      <>
        <PayoutAccountSection
          currencies={[account.default_currency]}
          destinations={account.external_accounts.data}
          accountId={account.id}
          accountCountry={account.country}
          collects={collectsBankFor(session)}
          signInRequired={signInRequired}
          view={props.view}
          onSaved={() => send({ type: "payout.saved" })}
          startOpen={props.bankAccountFlow}
          disableBankConnections={props.disableBankConnections}
        />
        <div className="kit-form__actions">
          <Button variant="secondary" onClick={cancel}>
            {intl.formatMessage(m.close)}
          </Button>
        </div>
      </>
    );
  return (
    <EditableSection
      sectionKey={section}
      title={title}
      items={[]}
      form={
        snapshot.matches("refreshing") ? (
          <Skeleton />
        ) : (
          <OpenSection
            view={props.view}
            account={account}
            persons={persons}
            target={snapshot.context.editing}
            title={title}
            signIn={signInStatusOf(snapshot)}
            onSignIn={() => send({ type: "signIn.start" })}
            onSaved={() => send({ type: "section.saved" })}
            onSignInRequired={() => send({ type: "section.signInRequired" })}
            onCancel={cancel}
          />
        )
      }
    />
  );
}

/**
 * account-management as the frame registers it (issue 12 item 3): the session's own account
 * by section (`account-management.machine.ts` reads it and its persons; the view is the kit's
 * editable sections), each edited in place through its form (`section-forms.tsx`: the kit's
 * form machine over the protocol's schema, the frame's mutation, the provider's answer shown
 * and its refusals on their fields); a business's person is removed behind the kit's confirm
 * dialog, which shows the provider's refusal (the representative cannot be removed). Edits wait behind the provider user's sign-in through the
 * popup unless the session sets `disable_{provider}_user_authentication`. The payout bank
 * account is replaced through the money-out views' payout-account flow (the external_account
 * key) where the session enables `external_account_collection`.
 *
 * The host's setters: `setDisabledSections` (company, person, support, external_account shown
 * read-only), `setHiddenSections` (not shown), `setCollectionOptions` (which requirements mark
 * a section as needing information), `setDisableBankConnections(true)` (the payout flow offers
 * no "Connect your bank", only the typed bank details).
 */

import type { CallFailure } from "../../../machines/auth/failure.ts";
import { sectionsNeeding } from "../../../machines/components/account-management/account-management.machine.ts";
import { collectedRequirements } from "../../../machines/components/account-onboarding/onboarding-steps.ts";
import { collectionOptions, disabledSections } from "../../../protocol/catalogue/inputs.schema.ts";
import { manifestEntry } from "../../../protocol/catalogue/manifest.ts";
import { provider } from "../../../protocol/provider.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import {
  newIdempotencyKey,
  useAuthState,
  useHostProps,
  useSession,
} from "../../frame/frame-context.tsx";
import { Skeleton } from "../../kit/index.ts";
import { PayoutAccountSection } from "../balances/payout-account.tsx";
import { LoadFailed } from "../kit/load-failed.view.tsx";
import { requestIdOf } from "../kit/resource-list.connect.ts";
import { ManagementSections } from "./account-management.view.tsx";
import { OpenSection } from "./section-forms.tsx";
import {
  collectsBankFor,
  signInRequiredFor,
  signInStatusOf,
  useAccountManagement,
} from "./use-account-management.ts";

interface Options {
  disabled: readonly string[];
  hidden: readonly string[];
  collection: ReturnType<typeof collectionOptions.parse>;
  disableBankConnections: boolean;
}

function optionsOf(host: NonNullable<ReturnType<typeof useHostProps>>): Options {
  const setters = host.setters ?? {};
  const disabled = disabledSections.safeParse(setters.disabledSections);
  const hidden = setters.hiddenSections;
  const collection = collectionOptions.safeParse(setters.collectionOptions);
  return {
    disabled: disabled.success ? disabled.data : [],
    hidden: Array.isArray(hidden) ? hidden.filter((s): s is string => typeof s === "string") : [],
    collection: collection.success ? collection.data : { fields: "currently_due" },
    disableBankConnections: setters.disableBankConnections === true,
  };
}

/** How the provider refused a removal: the representative (or the individual), or otherwise. */
const refusalOf = (failure: CallFailure | null) =>
  failure === null
    ? null
    : failure.kind === "http" &&
        (failure.error.code === "person_is_representative" ||
          failure.error.code === "person_is_individual")
      ? ("representative" as const)
      : ("failed" as const);

export default function AccountManagement(props: ComponentViewProps) {
  const host = useHostProps();
  const auth = useAuthState();
  const session = useSession();
  if (host === undefined || auth === undefined || session === null) return <Skeleton />;
  const options = optionsOf(host);
  // New options start afresh.
  return (
    <Management
      key={JSON.stringify(options)}
      view={props}
      options={options}
      signedIn={auth.status === "user_authenticated"}
      email={auth.user?.email ?? null}
    />
  );
}

function Management(props: {
  view: ComponentViewProps;
  options: Options;
  signedIn: boolean;
  email: string | null;
}) {
  const session = useSession();
  const signInRequired = signInRequiredFor(session);
  const disabled = new Set(props.options.disabled);
  const collects = collectsBankFor(session) && !disabled.has("external_account");
  const { snapshot, send } = useAccountManagement(props.view, {
    signInRequired,
    signedIn: props.signedIn,
    focus: null,
  });
  const { account, persons, editing, failure, saved, removing, removalFailure } = snapshot.context;
  // A failed read: the load error and Retry, above the sections last read (after a save).
  const failed = snapshot.matches("failed") ? (
    <LoadFailed
      errorText={manifestEntry(props.view.component)?.errorText ?? null}
      requestId={requestIdOf(failure)}
      onRetry={() => send({ type: "retry" })}
    />
  ) : null;
  if (account === null) return failed ?? <Skeleton />;
  const cancel = () => send({ type: "cancel" });
  return (
    <>
      {failed}
      <ManagementSections
        account={account}
        persons={persons}
        hidden={new Set(props.options.hidden)}
        disabled={disabled}
        needed={sectionsNeeding(collectedRequirements(account, props.options.collection))}
        editable={snapshot.matches("shown")}
        editing={
          // A removal shows its dialog, not a form (only the sign-in it may wait for).
          editing && (!removing || snapshot.matches("signingIn"))
            ? {
                target: editing,
                form: (title: string) => (
                  <OpenSection
                    view={props.view}
                    account={account}
                    persons={persons}
                    target={editing}
                    title={title}
                    signIn={signInStatusOf(snapshot)}
                    onSignIn={() => send({ type: "signIn.start" })}
                    onSaved={() => send({ type: "section.saved" })}
                    onSignInRequired={() => send({ type: "section.signInRequired" })}
                    onCancel={cancel}
                  />
                ),
              }
            : null
        }
        saved={saved}
        payout={
          <PayoutAccountSection
            // A provider user signed in since (through a section's edit): the flow starts
            // afresh knowing it, rather than asking again.
            key={String(props.signedIn)}
            currencies={[account.default_currency]}
            destinations={account.external_accounts.data}
            accountId={account.id}
            accountCountry={account.country}
            collects={collects}
            signInRequired={signInRequired}
            view={props.view}
            onSaved={() => send({ type: "payout.saved" })}
            disableBankConnections={props.options.disableBankConnections}
          />
        }
        signIn={{
          signedIn: props.signedIn,
          email: props.email,
          required: signInRequired,
          provider: provider.name,
        }}
        removal={
          editing?.person &&
          (snapshot.matches("confirmingRemoval") || snapshot.matches("removingPerson"))
            ? {
                person: editing.person,
                busy: snapshot.matches("removingPerson"),
                refused: refusalOf(removalFailure),
              }
            : null
        }
        onEdit={(target) => send({ type: "edit", target })}
        onRemove={(person) => send({ type: "remove", person })}
        onConfirmRemoval={() =>
          send({ type: "remove.confirm", idempotencyKey: newIdempotencyKey() })
        }
        onCancelRemoval={cancel}
      />
    </>
  );
}

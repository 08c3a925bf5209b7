/**
 * The account-management machine as both components run it: the frame's `fetchResource` (the
 * kit's), the removal of a person (the frame's DELETE mutation) and the popup sign-in (opened inside the click that sends `signIn.start`), whether
 * the session asks the provider user to sign in (`disable_{provider}_user_authentication`
 * off), and the host's options, read once (the SDK refused bad values already).
 */
import { useMemo } from "react";
import { fromPromise, type SnapshotFrom } from "xstate";
import type { SignInOutcome } from "../../../machines/auth/sign-in.ts";
import {
  type AccountManagementEmitted,
  accountManagementMachine,
  type EditTarget,
  removePersonUrl,
} from "../../../machines/components/account-management/account-management.machine.ts";
import { sessionFeature } from "../../../protocol/catalogue/features.ts";
import { deletedPersonSchema } from "../../../protocol/objects/person.schema.ts";
import type { SanitizedSession } from "../../../protocol/objects/sanitized-session.schema.ts";
import { provider } from "../../../protocol/provider.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostEvent, useMutation, useSignIn } from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import type { SignInRequiredStatus } from "../../popup/sign-in-required.view.tsx";

/** Whether editing asks the provider user to sign in first: the session does not opt out. */
export const signInRequiredFor = (session: SanitizedSession | null) =>
  session === null ||
  !sessionFeature(
    session.components,
    "account-management",
    provider.flags.disableUserAuthentication,
  );

/** Whether the session lets account management replace the payout bank account. */
export const collectsBankFor = (session: SanitizedSession | null) =>
  session !== null &&
  sessionFeature(session.components, "account-management", "external_account_collection");

/** Where the edit's sign-in stands, or null when the edit does not wait for one. */
export function signInStatusOf(
  snapshot: SnapshotFrom<typeof accountManagementMachine>,
): SignInRequiredStatus | null {
  if (!snapshot.matches("signingIn")) return null;
  if (snapshot.matches({ signingIn: "waiting" })) return "waiting";
  return snapshot.matches({ signingIn: "blocked" }) ? "blocked" : "idle";
}

export function useAccountManagement(
  view: ComponentViewProps,
  input: { signInRequired: boolean; signedIn: boolean; focus: EditTarget | null },
  /** The host event a closed form fires (account-management-form's). */
  closeEvent?: string,
) {
  const signIn = useSignIn();
  const removePerson = useMutation({
    url: removePersonUrl,
    method: "DELETE",
    schema: deletedPersonSchema,
  });
  const emitEvent = useHostEvent();
  const popupSignIn = useMemo(
    () =>
      fromPromise<SignInOutcome>(() => (signIn ? signIn() : Promise.resolve("failed" as const))),
    [signIn],
  );
  const effects = useMemo(
    () => ({
      closed: (_: Extract<AccountManagementEmitted, { type: "closed" }>) => {
        if (closeEvent) emitEvent(closeEvent);
      },
    }),
    [emitEvent, closeEvent],
  );
  return useComponentMachine(accountManagementMachine, {
    input,
    view,
    actors: useMemo(() => ({ signIn: popupSignIn, removePerson }), [popupSignIn, removePerson]),
    effects,
  });
}

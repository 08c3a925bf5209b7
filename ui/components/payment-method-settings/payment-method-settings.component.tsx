/**
 * The payment-method-settings component as the frame registers it (issue 12 item 6): the
 * configuration the `payment-method-configuration` attribute names (else the account's
 * default) on the component's machine, behind the kit's sign-in gate (the component requires
 * an authenticated session: the provider user signs in through the popup), and each change
 * on the kit's reviewed form (the confirmation, then the frame's mutation with one
 * Idempotency-Key per intent).
 */
import { useCallback, useMemo } from "react";
import { useIntl } from "react-intl";
import { fromPromise } from "xstate";
import type { SignInOutcome } from "../../../machines/auth/sign-in.ts";
import {
  configurationUpdateUrl,
  paymentMethodChangeMachine,
  paymentMethodSettingsMachine,
  preferencePath,
} from "../../../machines/components/payment-method-settings/payment-method-settings.machine.ts";
import { manifestEntry } from "../../../protocol/catalogue/manifest.ts";
import {
  type PaymentMethodConfiguration,
  type PaymentMethodType,
  type Preference,
  paymentMethodConfigurationSchema,
} from "../../../protocol/objects/payment-method-configuration.schema.ts";
import { provider } from "../../../protocol/provider.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import {
  newIdempotencyKey,
  useAuthState,
  useHostProps,
  useMutation,
  useSignIn,
} from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { formErrorText, formViewOf } from "../../kit/index.ts";
import { requestIdOf } from "../kit/resource-list.connect.ts";
import {
  PaymentMethodSettingsView,
  type PaymentMethodSettingsViewProps,
  refusalMessages,
} from "./payment-method-settings.view.tsx";

export default function PaymentMethodSettingsComponent(props: ComponentViewProps) {
  const host = useHostProps();
  const auth = useAuthState();
  if (host === undefined || auth === undefined) return null;
  const id = host.attributes["payment-method-configuration"] ?? null;
  // A new configuration id starts afresh.
  return (
    <Settings
      key={id ?? ""}
      view={props}
      configuration={id}
      signedIn={auth.status === "user_authenticated"}
    />
  );
}

function Settings(props: {
  view: ComponentViewProps;
  configuration: string | null;
  signedIn: boolean;
}) {
  const intl = useIntl();
  const signIn = useSignIn();
  // The popup opens inside the click that sends `signIn.start`.
  const popupSignIn = useMemo(
    () =>
      fromPromise<SignInOutcome>(() => (signIn ? signIn() : Promise.resolve("failed" as const))),
    [signIn],
  );
  const settings = useComponentMachine(paymentMethodSettingsMachine, {
    input: { configuration: props.configuration, signedIn: props.signedIn },
    view: props.view,
    actors: useMemo(() => ({ signIn: popupSignIn }), [popupSignIn]),
  });
  const { configuration, failure } = settings.snapshot.context;
  const sendSettings = settings.send;
  const submit = useMutation({
    url: configuration ? configurationUpdateUrl(configuration) : "",
    schema: paymentMethodConfigurationSchema,
  });
  const effects = useMemo(
    () => ({
      "form.saved": (e: { result: PaymentMethodConfiguration }) =>
        sendSettings({ type: "configuration.saved", configuration: e.result }),
    }),
    [sendSettings],
  );
  const change = useComponentMachine(paymentMethodChangeMachine, {
    input: { values: {} },
    view: props.view,
    actors: useMemo(() => ({ submit }), [submit]),
    effects,
  });
  const sendChange = change.send;
  const onToggle = useCallback(
    (method: PaymentMethodType, preference: Preference) => {
      sendChange({ type: "open", values: { [preferencePath(method)]: preference } });
      sendChange({ type: "review" });
    },
    [sendChange],
  );

  let viewProps: PaymentMethodSettingsViewProps;
  const s = settings.snapshot;
  if (s.matches("signingIn")) {
    viewProps = {
      status: "signIn",
      signIn: s.matches({ signingIn: "waiting" })
        ? "waiting"
        : s.matches({ signingIn: "blocked" })
          ? "blocked"
          : "idle",
      providerName: provider.name,
      onSignIn: () => sendSettings({ type: "signIn.start" }),
    };
  } else if (s.matches("failed")) {
    viewProps = {
      status: "failed",
      errorText: manifestEntry(props.view.component)?.errorText ?? null,
      requestId: requestIdOf(failure),
      onRetry: () => sendSettings({ type: "retry" }),
    };
  } else if (configuration === null || s.matches("loading") || s.matches("start")) {
    viewProps = { status: "loading" };
  } else {
    const form = formViewOf(change.snapshot, change.send, "pms");
    const pending = Object.entries(change.snapshot.context.values)[0];
    const open =
      change.snapshot.matches("reviewing") ||
      change.snapshot.matches("submitting") ||
      change.snapshot.matches("failed");
    const apiMessages = Object.fromEntries(
      Object.entries(refusalMessages).map(([code, message]) => [code, intl.formatMessage(message)]),
    );
    const fieldError = pending ? form.errors[pending[0]] : undefined;
    const error = form.formError
      ? formErrorText(form.formError, intl, apiMessages)
      : fieldError
        ? (apiMessages[fieldError.code] ?? fieldError.message)
        : null;
    viewProps = {
      status: "shown",
      configuration,
      change:
        open && pending
          ? {
              method: pending[0].replace(/\[.*$/, "") as PaymentMethodType,
              preference: pending[1] as Preference,
              busy: form.busy,
              error,
            }
          : null,
      onToggle,
      onConfirm: () => {
        if (change.snapshot.matches("failed")) sendChange({ type: "review" });
        sendChange({ type: "submit", idempotencyKey: newIdempotencyKey() });
      },
      onCancel: () => sendChange({ type: "close" }),
    };
  }
  return <PaymentMethodSettingsView {...viewProps} />;
}

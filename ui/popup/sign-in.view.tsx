import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import type { SignInFailure } from "../../machines/popup/sign-in.machine.ts";
import { kitMessages } from "../i18n/messages.ts";
import { Banner } from "../kit/banner.view.tsx";
import { Button } from "../kit/button.view.tsx";
import { Field } from "../kit/field.view.tsx";
import { type FieldError, TextField } from "../kit/text-field.view.tsx";
import { popupMessages } from "./popup.messages.ts";

export type SignInStatus = "orphaned" | "editing" | "signingIn" | "done";

export interface SignInViewProps {
  status: SignInStatus;
  failure: SignInFailure | null;
  /** The provider's display name (from the provider configuration). */
  providerName: string;
  onSubmit(credentials: { email: string; password: string }): void;
  onCancel(): void;
}

const failureMessage = {
  credentials: popupMessages.credentials,
  rate_limited: popupMessages.rateLimited,
  unavailable: popupMessages.unavailable,
} as const;

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value.trim());

/**
 * The sign-in popup's page: email and password, checked before they are sent; the server's
 * answer arrives as a typed failure. Pure: values in, callbacks out.
 */
export function SignInView({ status, failure, providerName, onSubmit, onCancel }: SignInViewProps) {
  const intl = useIntl();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [checked, setChecked] = useState(false);
  const title = intl.formatMessage(popupMessages.signInTitle, { name: providerName });

  if (status === "orphaned") {
    return (
      <main className="popup">
        <h1 className="popup__title">{title}</h1>
        <Banner
          status="warning"
          title={intl.formatMessage(popupMessages.orphaned)}
          actions={<Button onClick={onCancel}>{intl.formatMessage(kitMessages.close)}</Button>}
        />
      </main>
    );
  }
  if (status === "done") {
    return (
      <main className="popup">
        <h1 className="popup__title">{title}</h1>
        <Banner status="success" title={intl.formatMessage(popupMessages.done)} />
      </main>
    );
  }

  const emailError: FieldError | undefined = !checked
    ? undefined
    : email.trim() === ""
      ? { code: "required" }
      : looksLikeEmail(email)
        ? undefined
        : { code: "invalid_email" };
  const passwordError: FieldError | undefined =
    checked && password === "" ? { code: "required" } : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!looksLikeEmail(email) || password === "") return;
    onSubmit({ email: email.trim(), password });
  };

  return (
    <main className="popup">
      <h1 className="popup__title">{title}</h1>
      <form className="popup__form" noValidate onSubmit={submit}>
        {failure ? (
          <Banner status="danger" title={intl.formatMessage(failureMessage[failure])} />
        ) : null}
        <TextField
          label={intl.formatMessage(popupMessages.email)}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={setEmail}
          {...(emailError ? { error: emailError } : {})}
        />
        <Field label={intl.formatMessage(popupMessages.password)} error={passwordError}>
          {(control) => (
            <input
              {...control}
              className="kit-input"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <div className="popup__actions">
          <Button type="submit" variant="primary" loading={status === "signingIn"}>
            {intl.formatMessage(popupMessages.submit)}
          </Button>
          <Button onClick={onCancel}>{intl.formatMessage(popupMessages.cancel)}</Button>
        </div>
      </form>
    </main>
  );
}

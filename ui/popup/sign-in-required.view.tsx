import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { Banner } from "../kit/banner.view.tsx";
import { Button } from "../kit/button.view.tsx";
import { popupMessages } from "./popup.messages.ts";

/** Where a component's sign-in stands: not started, popup open, or popup blocked. */
export type SignInRequiredStatus = "idle" | "waiting" | "blocked";

export interface SignInRequiredProps {
  status: SignInRequiredStatus;
  providerName: string;
  /** Must open the popup synchronously: it runs in the click handler (a user gesture). */
  onSignIn(): void;
}

/**
 * Shown by a component that needs the provider user to sign in. A blocked popup is a clear
 * error with a retry button, never a silent hang (USERS.md 4). Pure: values in, callbacks out.
 */
export function SignInRequired({ status, providerName, onSignIn }: SignInRequiredProps) {
  const intl = useIntl();
  if (status === "blocked") {
    return (
      <Banner
        status="danger"
        title={intl.formatMessage(popupMessages.blocked)}
        actions={
          <Button variant="primary" onClick={onSignIn}>
            {intl.formatMessage(kitMessages.retry)}
          </Button>
        }
      />
    );
  }
  return (
    <Banner
      status="info"
      title={intl.formatMessage(popupMessages.requiredTitle)}
      actions={
        <Button variant="primary" loading={status === "waiting"} onClick={onSignIn}>
          {intl.formatMessage(popupMessages.submit)}
        </Button>
      }
    >
      <p>
        {status === "waiting"
          ? intl.formatMessage(popupMessages.waiting)
          : intl.formatMessage(popupMessages.requiredBody, { name: providerName })}
      </p>
    </Banner>
  );
}

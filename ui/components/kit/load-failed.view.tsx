/**
 * A view's load failure: the component's error text (translated), a retry, and the request
 * reference to quote to support. What the volume charts and the hosted dashboard preview show
 * when their one load fails.
 */
import { useIntl } from "react-intl";
import { loadFailureMessage } from "../../frame/frame.messages.ts";
import { kitMessages } from "../../i18n/messages.ts";
import { Banner } from "../../kit/banner.view.tsx";
import { Button } from "../../kit/button.view.tsx";
import { RequestReference } from "./resource-list.view.tsx";

export interface LoadFailedProps {
  /** The component's catalogue error text (English), shown translated. */
  errorText: string | null;
  requestId: string | null;
  onRetry(): void;
}

export function LoadFailed(props: LoadFailedProps) {
  const intl = useIntl();
  return (
    <Banner
      status="warning"
      title={intl.formatMessage(loadFailureMessage(props.errorText))}
      actions={<Button onClick={props.onRetry}>{intl.formatMessage(kitMessages.retry)}</Button>}
    >
      <RequestReference requestId={props.requestId} />
    </Banner>
  );
}

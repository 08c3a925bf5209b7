/**
 * A download the person starts — a list's CSV export, an invoice's PDF: its button (busy
 * while the file comes) and, when it failed, the failure with Retry and Dismiss. Pure.
 */
import { useIntl } from "react-intl";
import { kitMessages } from "../../i18n/messages.ts";
import { Banner, Button } from "../../kit/index.ts";

export interface DownloadActionProps {
  label: string;
  failedTitle: string;
  busy: boolean;
  failed: boolean;
  onDownload(): void;
  onDismiss(): void;
}

export function DownloadAction(props: DownloadActionProps) {
  const intl = useIntl();
  return (
    <>
      <Button variant="secondary" onClick={props.onDownload} loading={props.busy}>
        {props.label}
      </Button>
      {props.failed ? (
        <Banner
          status="danger"
          title={props.failedTitle}
          actions={
            <>
              <Button onClick={props.onDownload}>{intl.formatMessage(kitMessages.retry)}</Button>
              <Button variant="secondary" onClick={props.onDismiss}>
                {intl.formatMessage(kitMessages.dismiss)}
              </Button>
            </>
          }
        />
      ) : null}
    </>
  );
}

import { useIntl } from "react-intl";
import { Banner } from "../kit/banner.view.tsx";
import { frameMessages } from "./frame.messages.ts";

/** Shown instead of the component once its session has expired (a 401). */
export function SessionExpired() {
  const intl = useIntl();
  return (
    <Banner status="warning" title={intl.formatMessage(frameMessages.sessionExpiredTitle)}>
      <p className="frame-shell__message">{intl.formatMessage(frameMessages.sessionExpiredBody)}</p>
    </Banner>
  );
}

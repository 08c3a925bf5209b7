import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { cx } from "./cx.ts";

export type BannerStatus = "info" | "success" | "warning" | "danger";

export interface BannerProps {
  status?: BannerStatus;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons or links under the text (e.g. Retry). */
  actions?: ReactNode;
  /** Shows a Dismiss button. */
  onDismiss?: () => void;
}

/**
 * A message across the content. Danger and warning banners are alerts (announced at once);
 * info and success are polite status messages.
 */
export function Banner({ status = "info", title, children, actions, onDismiss }: BannerProps) {
  const intl = useIntl();
  const urgent = status === "danger" || status === "warning";
  return (
    <div role={urgent ? "alert" : "status"} className={cx("kit-banner", `kit-banner--${status}`)}>
      <div className="kit-banner__body">
        <p className="kit-banner__title">{title}</p>
        {children ? <div>{children}</div> : null}
        {actions ? <div className="kit-banner__actions">{actions}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          className="kit-banner__dismiss"
          aria-label={intl.formatMessage(kitMessages.dismiss)}
          onClick={onDismiss}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}

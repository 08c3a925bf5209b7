import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { cx } from "./cx.ts";

export interface SpinnerProps {
  /** What is loading; defaults to "Loading…" in the user's language. */
  label?: string;
  size?: "md" | "lg";
}

/** A busy indicator that screen readers announce politely, by its label. */
export function Spinner({ label, size = "md" }: SpinnerProps) {
  const intl = useIntl();
  return (
    <span role="status" className="kit-spinner-wrap">
      <span aria-hidden="true" className={cx("kit-spinner", size === "lg" && "kit-spinner--lg")} />
      <span className="kit-visually-hidden">
        {label ?? intl.formatMessage(kitMessages.loading)}
      </span>
    </span>
  );
}

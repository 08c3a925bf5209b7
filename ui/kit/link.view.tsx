import type { MouseEvent, ReactNode } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { cx } from "./cx.ts";

export interface LinkProps {
  children: ReactNode;
  variant?: "primary" | "secondary";
  /** A navigation: renders an anchor. Without it the link is an action (a link-styled button). */
  href?: string;
  /** Opens in a new tab, safely, and says so to screen readers. */
  external?: boolean;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
}

/**
 * A link or a link-styled action. Navigation is an anchor; an in-place action is a <button>,
 * so keyboard and screen-reader users get the right role and Space/Enter behaviour.
 */
export function Link({
  children,
  variant = "primary",
  href,
  external = false,
  onClick,
}: LinkProps) {
  const intl = useIntl();
  const className = cx("kit-link", `kit-link--${variant}`);
  if (href === undefined) {
    return (
      <button type="button" className={className} onClick={onClick}>
        {children}
      </button>
    );
  }
  return (
    <a
      className={className}
      href={href}
      onClick={onClick}
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      {children}
      {external ? (
        <span className="kit-visually-hidden">
          {" "}
          {intl.formatMessage(kitMessages.opensInNewTab)}
        </span>
      ) : null}
    </a>
  );
}

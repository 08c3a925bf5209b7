import type { ReactNode } from "react";
import { cx } from "./cx.ts";

export type BadgeStatus = "neutral" | "success" | "warning" | "danger";

export interface BadgeProps {
  status?: BadgeStatus;
  children: ReactNode;
  /** A longer explanation, shown on hover and read by screen readers. */
  description?: string;
}

/** A short status label ("Paid", "Failed"). Colour is never the only signal: it has text. */
export function Badge({ status = "neutral", children, description }: BadgeProps) {
  return (
    <span className={cx("kit-badge", `kit-badge--${status}`)} title={description}>
      {children}
      {description ? <span className="kit-visually-hidden">: {description}</span> : null}
    </span>
  );
}

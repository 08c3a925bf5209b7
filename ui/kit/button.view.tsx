import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { cx } from "./cx.ts";

export type ButtonVariant = "primary" | "secondary" | "danger";

export interface ButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "style"> {
  variant?: ButtonVariant;
  /** Shows a spinner and ignores clicks, but keeps the button focusable and named. */
  loading?: boolean;
  /** The button element, e.g. for an Overlay's `initialFocus`. */
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}

/**
 * A button. While `loading`, it stays in the tab order (aria-disabled, not disabled) so focus
 * is not lost mid-action, and clicks are ignored.
 */
export function Button({
  variant = "secondary",
  loading = false,
  type = "button",
  onClick,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={cx("kit-button", `kit-button--${variant}`)}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {/* Decorative: aria-busy already says it; the name stays the label. */}
      {loading ? <span aria-hidden="true" className="kit-spinner" /> : null}
      <span>{children}</span>
    </button>
  );
}

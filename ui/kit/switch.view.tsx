import type { ReactNode } from "react";
import { cx } from "./cx.ts";

export interface SwitchProps {
  /** On or off, as the control shows it now. */
  checked: boolean;
  /** Its accessible name: what it turns on or off ("Cards"). */
  label: string;
  /** The id of what explains it (a description, why it cannot be turned on). */
  describedBy?: string;
  /** Cannot be flipped (not available, a requirement unmet, a change under way). */
  disabled?: boolean;
  onChange(next: boolean): void;
  /** Shown beside the track ("On" / "Off"): a state never told by colour alone. */
  children?: ReactNode;
}

/**
 * An on / off control (`role="switch"`): a button a keyboard flips with Space or Enter, its
 * state in `aria-checked` and in words beside the track. Pure: the parent decides what a flip
 * does (a setting's change is confirmed before it is sent).
 */
export function Switch({ checked, label, describedBy, disabled, onChange, children }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      className={cx("kit-switch", checked && "kit-switch--on")}
      onClick={() => onChange(!checked)}
    >
      <span className="kit-switch__track" aria-hidden="true">
        <span className="kit-switch__thumb" />
      </span>
      {children ? <span className="kit-switch__text">{children}</span> : null}
    </button>
  );
}

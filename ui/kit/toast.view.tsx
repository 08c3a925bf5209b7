import { type ReactNode, useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import type { BannerStatus } from "./banner.view.tsx";
import { cx } from "./cx.ts";

export interface ToastItem {
  id: string;
  message: ReactNode;
  status?: BannerStatus;
}

/** Runs `callback` after `ms`; returns the cancel. Injected so tests control time. */
export type ScheduleTimer = (callback: () => void, ms: number) => () => void;

export const browserTimer: ScheduleTimer = (callback, ms) => {
  const handle = setTimeout(callback, ms);
  return () => clearTimeout(handle);
};

export interface ToastRegionProps {
  toasts: readonly ToastItem[];
  onDismiss: (id: string) => void;
  /** Milliseconds before a toast dismisses itself; `null` keeps toasts until dismissed. */
  duration?: number | null;
  schedule?: ScheduleTimer;
}

/**
 * Short confirmations ("Refund created"). The region is a polite live region that is always
 * rendered, so a toast added later is announced. Each toast dismisses itself after
 * `duration`, except while the pointer or focus is on it, and has a Dismiss button.
 */
export function ToastRegion({
  toasts,
  onDismiss,
  duration = 6000,
  schedule = browserTimer,
}: ToastRegionProps) {
  return (
    <div role="status" aria-live="polite" className="kit-toasts">
      {toasts.map((toast) => (
        <Toast
          key={toast.id}
          toast={toast}
          onDismiss={onDismiss}
          duration={duration}
          schedule={schedule}
        />
      ))}
    </div>
  );
}

function Toast({
  toast,
  onDismiss,
  duration,
  schedule,
}: {
  toast: ToastItem;
  onDismiss: (id: string) => void;
  duration: number | null;
  schedule: ScheduleTimer;
}) {
  const intl = useIntl();
  const cancel = useRef<(() => void) | null>(null);
  const dismiss = useRef(() => onDismiss(toast.id));
  useEffect(() => {
    dismiss.current = () => onDismiss(toast.id);
  });

  const start = () => {
    cancel.current?.();
    cancel.current = duration === null ? null : schedule(() => dismiss.current(), duration);
  };
  const pause = () => {
    cancel.current?.();
    cancel.current = null;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer per toast, from mount
  useEffect(() => {
    start();
    return pause;
  }, []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover/focus only pause the timer
    <div
      className={cx("kit-toast", `kit-banner--${toast.status ?? "info"}`)}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
    >
      <div className="kit-toast__message">{toast.message}</div>
      <button
        type="button"
        className="kit-banner__dismiss"
        aria-label={intl.formatMessage(kitMessages.dismiss)}
        onClick={() => dismiss.current()}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";

export interface SkeletonProps {
  /** How many placeholder lines. */
  lines?: number;
  /** What is loading, for screen readers; defaults to "Loading…". */
  label?: string;
}

/** Placeholder lines while content loads: one status for assistive tech, bars hidden from it. */
export function Skeleton({ lines = 3, label }: SkeletonProps) {
  const intl = useIntl();
  return (
    <div
      className="kit-skeleton"
      role="status"
      aria-busy="true"
      aria-label={label ?? intl.formatMessage(kitMessages.loading)}
    >
      {Array.from({ length: Math.max(1, lines) }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical, stateless placeholders
        <div key={i} className="kit-skeleton__line" aria-hidden="true" />
      ))}
    </div>
  );
}

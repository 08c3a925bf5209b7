import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";

export interface EmptyStateProps {
  /** Defaults to "No results". */
  title?: string;
  description?: ReactNode;
  /** E.g. a button that clears filters. */
  action?: ReactNode;
  /** The heading level that fits the surrounding document outline. */
  headingLevel?: 2 | 3 | 4;
}

export function EmptyState({ title, description, action, headingLevel = 3 }: EmptyStateProps) {
  const intl = useIntl();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="kit-empty">
      <Heading className="kit-heading-sm">
        {title ?? intl.formatMessage(kitMessages.noResults)}
      </Heading>
      {description ? <p className="kit-empty__description">{description}</p> : null}
      {action ?? null}
    </div>
  );
}

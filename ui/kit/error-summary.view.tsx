import { type ReactNode, useEffect, useId, useRef } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { type FieldError, useFieldErrorText } from "./field.view.tsx";

export interface ErrorSummaryItem {
  /** The id of the field's control (the `id` given to TextField, Select, Combobox...). */
  fieldId: string;
  /** The field's label, so the link says which field is wrong. */
  label: ReactNode;
  error: FieldError;
}

export interface ErrorSummaryProps {
  errors: readonly ErrorSummaryItem[];
  /**
   * Counts the submits that failed: each new value moves focus to the summary, so a keyboard or
   * screen-reader user hears what to fix. 0 (no failed submit yet) never takes focus.
   */
  failedSubmits: number;
}

/**
 * The list of a form's field errors, shown above the form after a failed submit (nothing when
 * there are none). Each item links to its field: following it focuses the control without
 * changing the page's URL, which inside a frame belongs to the host.
 */
export function ErrorSummary({ errors, failedSubmits }: ErrorSummaryProps) {
  const intl = useIntl();
  const errorText = useFieldErrorText();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const hasErrors = errors.length > 0;

  useEffect(() => {
    if (failedSubmits > 0 && hasErrors) ref.current?.focus();
  }, [failedSubmits, hasErrors]);

  if (!hasErrors) return null;
  return (
    <section ref={ref} className="kit-error-summary" tabIndex={-1} aria-labelledby={titleId}>
      <h2 id={titleId} className="kit-heading-sm kit-error-summary__title">
        {intl.formatMessage(kitMessages.errorSummaryTitle)}
      </h2>
      <ul className="kit-error-summary__list">
        {errors.map((item) => (
          <li key={item.fieldId}>
            <a
              className="kit-error-summary__link"
              href={`#${item.fieldId}`}
              onClick={(event) => {
                const field = event.currentTarget.ownerDocument.getElementById(item.fieldId);
                if (!field) return;
                event.preventDefault();
                field.focus();
                field.scrollIntoView?.({ block: "center" });
              }}
            >
              {item.label}: {errorText(item.error)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface FormLayoutProps {
  /** The summary above the fields (an ErrorSummary). */
  summary?: ReactNode;
  children: ReactNode;
  /** Buttons under the fields (Cancel, Save). */
  actions?: ReactNode;
  onSubmit: () => void;
  /** Names the form for assistive technology. */
  label?: string;
}

/**
 * The form layout every kit form shares: the summary, the fields in one column with the kit's
 * spacing, the actions at the end; submit is handled without a page navigation, and the
 * browser's own validation bubbles stay off (the form's machine words the errors).
 */
export function FormLayout({ summary, children, actions, onSubmit, label }: FormLayoutProps) {
  return (
    <form
      className="kit-form"
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {summary}
      <div className="kit-form__fields">{children}</div>
      {actions ? <div className="kit-form__actions">{actions}</div> : null}
    </form>
  );
}

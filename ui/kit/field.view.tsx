import { type ReactNode, useId } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { cx } from "./cx.ts";

/** Why a field's value was refused; the form's machine decides, the kit only words it. */
export type FieldError =
  | { code: "required" }
  | { code: "invalid" }
  | { code: "invalid_email" }
  | { code: "too_short"; min: number }
  | { code: "too_long"; max: number }
  /** Already localised text, e.g. from an API error's message. */
  | { code: "custom"; message: string };

/** Words a field error in the user's language. */
export function useFieldErrorText(): (error: FieldError) => string {
  const intl = useIntl();
  return (error) => {
    switch (error.code) {
      case "required":
        return intl.formatMessage(kitMessages.fieldRequired);
      case "invalid":
        return intl.formatMessage(kitMessages.fieldInvalid);
      case "invalid_email":
        return intl.formatMessage(kitMessages.fieldInvalidEmail);
      case "too_short":
        return intl.formatMessage(kitMessages.fieldTooShort, { min: error.min });
      case "too_long":
        return intl.formatMessage(kitMessages.fieldTooLong, { max: error.max });
      case "custom":
        return error.message;
    }
  };
}

/** What a control inside a Field must carry to be labelled and described. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  /** The control's id, when a form must link to it (ErrorSummary); otherwise generated. */
  id?: string;
  label: ReactNode;
  description?: ReactNode;
  error?: FieldError;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The label / description / control / error layout of every field (TextField and the
 * controls it does not cover: select, date, tel with its own parsing): one markup.
 */
export function Field({ id: givenId, label, description, error, children }: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorText = useFieldErrorText();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("kit-field", error && "kit-field--invalid")}>
      <label id={`${id}-label`} className="kit-label-md kit-field__label" htmlFor={id}>
        {label}
      </label>
      {description ? (
        <div id={descriptionId} className="kit-body-sm kit-secondary-text">
          {description}
        </div>
      ) : null}
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {error ? (
        <div id={errorId} className="kit-body-sm kit-field__error">
          {errorText(error)}
        </div>
      ) : null}
    </div>
  );
}

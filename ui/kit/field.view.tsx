import { type ReactNode, useId } from "react";
import { cx } from "./cx.ts";
import { type FieldError, useFieldErrorText } from "./text-field.view.tsx";

/** What a control inside a Field must carry to be labelled and described. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  description?: ReactNode;
  error?: FieldError;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The label / description / control / error layout of TextField, for controls TextField does
 * not cover (select, date, tel with its own parsing): one markup for every field.
 */
export function Field({ label, description, error, children }: FieldProps) {
  const id = useId();
  const errorText = useFieldErrorText();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("kit-field", error && "kit-field--invalid")}>
      <label className="kit-label-md kit-field__label" htmlFor={id}>
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

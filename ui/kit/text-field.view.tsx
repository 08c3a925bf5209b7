import type { ReactNode } from "react";
import { Field, type FieldError } from "./field.view.tsx";

// The field error and its wording live with Field; re-exported for the kit's inputs.
export { type FieldError, useFieldErrorText } from "./field.view.tsx";

export interface TextFieldProps {
  /** The input's id, when a form links to it (ErrorSummary); otherwise generated. */
  id?: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Help under the label, linked to the input for screen readers. */
  description?: ReactNode;
  error?: FieldError;
  type?: "text" | "email" | "tel" | "url" | "search" | "password";
  name?: string;
  autoComplete?: string;
  inputMode?: "text" | "numeric" | "decimal" | "email" | "tel" | "url";
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  maxLength?: number;
  /** Visible lines: given, the field is a multi-line text area (a dispute's explanation). */
  rows?: number;
}

/**
 * A labelled text input (or, with `rows`, a text area) with its field-level error. The error is tied to the input
 * (aria-invalid, aria-describedby), so it is read when the input takes focus.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  description,
  error,
  type = "text",
  required = false,
  rows,
  ...rest
}: TextFieldProps) {
  return (
    <Field id={id} label={label} description={description} error={error}>
      {(control) => {
        const shared = {
          ...rest,
          ...control,
          value,
          required,
          onChange: (event: { target: { value: string } }) => onChange(event.target.value),
          onBlur,
        };
        return rows === undefined ? (
          <input {...shared} className="kit-input" type={type} />
        ) : (
          <textarea {...shared} className="kit-input kit-textarea" rows={rows} />
        );
      }}
    </Field>
  );
}

export interface CodeFieldProps {
  id?: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Why the code cannot be used, in the user's words. */
  error?: string;
}

/**
 * The field of a one-time code the person received (six digits, by email or text): the
 * numeric keyboard, the browser's one-time-code autofill, room for one space ("123 456").
 */
export function CodeField({ error, disabled = false, ...props }: CodeFieldProps) {
  return (
    <TextField
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      required
      disabled={disabled}
      {...(error !== undefined ? { error: { code: "custom" as const, message: error } } : {})}
    />
  );
}

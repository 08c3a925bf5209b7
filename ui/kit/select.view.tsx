import type { ReactNode } from "react";
import { Field } from "./field.view.tsx";
import type { FieldError } from "./text-field.view.tsx";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  /** The select's id, when a form links to it (ErrorSummary); otherwise generated. */
  id?: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** A first, empty option ("Choose a country"); selecting it gives "". */
  placeholder?: string;
  description?: ReactNode;
  error?: FieldError;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
}

/**
 * A native <select>, styled like the kit's inputs: the platform's own picker on phones and
 * its own keyboard and screen-reader behaviour everywhere. Errors work as in TextField.
 */
export function Select({
  id,
  label,
  value,
  onChange,
  options,
  placeholder,
  description,
  error,
  required = false,
  ...rest
}: SelectProps) {
  return (
    <Field id={id} label={label} description={description} error={error}>
      {(control) => (
        <select
          {...rest}
          {...control}
          className="kit-input kit-select"
          value={value}
          required={required}
          onChange={(event) => onChange(event.target.value)}
        >
          {placeholder !== undefined ? (
            <option value="" disabled={required}>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

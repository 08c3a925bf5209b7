import type { CountryCode } from "libphonenumber-js";
import type { ReactNode } from "react";
import type { FieldError } from "./text-field.view.tsx";

export interface PhoneInputProps {
  label: ReactNode;
  /** E.164 ("+4930123456"), or null. */
  value: string | null;
  /** The number without a +country prefix is read as in this country. */
  defaultCountry: CountryCode;
  onValueChange: (e164: string | null, error?: FieldError) => void;
  description?: ReactNode;
  error?: FieldError | undefined;
  /** The input's id, when a form links to it (ErrorSummary); otherwise generated. */
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
}

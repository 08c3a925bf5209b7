import { type ReactNode, useRef } from "react";
import { useIntl } from "react-intl";
import { numericTaxIdKinds, taxIdExamples } from "../../protocol/objects/tax-ids.ts";
import { kitMessages } from "../i18n/messages.ts";
import {
  type Checked,
  checkIban,
  checkTaxId,
  checkUsAccountNumber,
  checkUsRoutingNumber,
  type TaxIdKind,
} from "./bank-tax.ts";
import { type Parsed, useParsedText } from "./parsed-text.ts";
import { type FieldError, TextField } from "./text-field.view.tsx";

interface CheckedInputProps {
  label: ReactNode;
  /** The checked value (electronic form), or null. */
  value: string | null;
  onValueChange: (value: string | null, error?: FieldError) => void;
  description?: ReactNode;
  /** The form's own error; otherwise the input's own shows once the field was left. */
  error?: FieldError | undefined;
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
}

/** A text input whose text is checked on each change and shown in its usual form once left. */
function CheckedInput({
  value,
  onValueChange,
  check,
  invalid,
  error,
  required = false,
  inputMode = "text",
  autoComplete = "off",
  onBlur,
  ...rest
}: CheckedInputProps & {
  check: (text: string) => Checked;
  invalid: string;
  inputMode?: "text" | "numeric";
  autoComplete?: string;
}) {
  const display = (v: string) => {
    const checked = check(v);
    return checked.ok ? checked.display : v;
  };

  const read = (t: string): Parsed<string> => {
    if (t.trim() === "")
      return required ? { value: null, error: { code: "required" } } : { value: null };
    const checked = check(t);
    return checked.ok
      ? { value: checked.value }
      : { value: null, error: { code: "custom", message: invalid } };
  };
  const field = useParsedText({
    value,
    format: display,
    parse: read,
    onValueChange,
    error,
    reformatOnBlur: true,
    onBlur,
  });

  return (
    <TextField
      {...rest}
      {...field}
      inputMode={inputMode}
      autoComplete={autoComplete}
      required={required}
    />
  );
}

/** An IBAN, checked by country length and mod-97, handed out in electronic form. */
export function IbanInput(props: CheckedInputProps) {
  const intl = useIntl();
  return (
    <CheckedInput
      {...props}
      check={checkIban}
      invalid={intl.formatMessage(kitMessages.ibanInvalid)}
    />
  );
}

export interface UsBankAccount {
  routingNumber: string | null;
  accountNumber: string | null;
}

export interface UsBankAccountInputProps {
  /** Names the pair (the fieldset's legend). */
  label: ReactNode;
  value: UsBankAccount;
  onValueChange: (value: UsBankAccount, error?: FieldError) => void;
  required?: boolean;
  disabled?: boolean;
  /** Prefix of the two inputs' ids (`<id>` and `<id>-account`), so a summary links them. */
  id?: string;
  /** The form's errors for either number; each input's own shows otherwise. */
  errors?: { routing?: FieldError; account?: FieldError };
  /** A number's input was left. */
  onBlur?: (which: "routing" | "account") => void;
  /** A number's input refused what was typed (`own`: it shows its own error) or read it. */
  onRefusal?: (which: "routing" | "account", own: boolean) => void;
}

/** A US bank account: routing number (ABA checksum) and account number, in a fieldset. */
export function UsBankAccountInput({
  label,
  value,
  onValueChange,
  required,
  disabled,
  id,
  errors: given = {},
  onBlur,
  onRefusal,
}: UsBankAccountInputProps) {
  const intl = useIntl();
  const errors = useRef<{ routing?: FieldError; account?: FieldError }>({});
  return (
    <fieldset className="kit-fieldset kit-bank-account" disabled={disabled}>
      <legend className="kit-label-md">{label}</legend>
      <div className="kit-date-range__inputs">
        <CheckedInput
          {...(id === undefined ? {} : { id })}
          label={intl.formatMessage(kitMessages.routingNumber)}
          error={given.routing}
          onBlur={() => onBlur?.("routing")}
          value={value.routingNumber}
          inputMode="numeric"
          required={required}
          check={checkUsRoutingNumber}
          invalid={intl.formatMessage(kitMessages.routingNumberInvalid)}
          onValueChange={(routingNumber, error) => {
            errors.current.routing = error;
            onRefusal?.("routing", error !== undefined);
            onValueChange({ ...value, routingNumber }, error ?? errors.current.account);
          }}
        />
        <CheckedInput
          {...(id === undefined ? {} : { id: `${id}-account` })}
          label={intl.formatMessage(kitMessages.accountNumber)}
          error={given.account}
          onBlur={() => onBlur?.("account")}
          value={value.accountNumber}
          inputMode="numeric"
          required={required}
          check={checkUsAccountNumber}
          invalid={intl.formatMessage(kitMessages.accountNumberInvalid)}
          onValueChange={(accountNumber, error) => {
            errors.current.account = error;
            onRefusal?.("account", error !== undefined);
            onValueChange({ ...value, accountNumber }, errors.current.routing ?? error);
          }}
        />
      </div>
    </fieldset>
  );
}

/** How each tax id is usually written; the field's help shows it as the example to follow. */
export { taxIdExamples };

export interface TaxIdInputProps extends CheckedInputProps {
  kind: TaxIdKind;
}

/** A tax id of one country's kind, checked by its shape and check digit where it has one. */
export function TaxIdInput({ kind, description, ...props }: TaxIdInputProps) {
  const intl = useIntl();
  return (
    <CheckedInput
      {...props}
      description={description ?? taxIdExamples[kind]}
      inputMode={numericTaxIdKinds.has(kind) ? "numeric" : "text"}
      check={(text) => checkTaxId(kind, text)}
      invalid={intl.formatMessage(kitMessages.taxIdInvalid)}
    />
  );
}

import { type ReactNode, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { numericTaxIdKinds, taxIdExamples } from "../../protocol/objects/tax-ids.ts";
import { kitMessages } from "../i18n/messages.ts";
import {
  type Checked,
  checkIban,
  checkLocalAccount,
  checkLocalBankPart,
  checkTaxId,
  checkUsAccountNumber,
  checkUsRoutingNumber,
  joinLocalRouting,
  type LocalBankFormat,
  type LocalBankPart,
  splitLocalRouting,
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

/** The account number's input of a bank account's fieldset (`<id>-account`). */
function AccountNumberInput(
  props: Pick<UsBankAccountInputProps, "id" | "required" | "value" | "onBlur" | "onRefusal"> & {
    error: FieldError | undefined;
    check: (text: string) => Checked;
    onValueChange: (accountNumber: string | null, error?: FieldError) => void;
  },
) {
  const intl = useIntl();
  const { id, onBlur, onRefusal } = props;
  return (
    <CheckedInput
      {...(id === undefined ? {} : { id: `${id}-account` })}
      label={intl.formatMessage(kitMessages.accountNumber)}
      error={props.error}
      onBlur={() => onBlur?.("account")}
      value={props.value.accountNumber}
      inputMode="numeric"
      {...(props.required === undefined ? {} : { required: props.required })}
      check={props.check}
      invalid={intl.formatMessage(kitMessages.accountNumberInvalid)}
      onValueChange={(accountNumber, error) => {
        onRefusal?.("account", error !== undefined);
        props.onValueChange(accountNumber, error);
      }}
    />
  );
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
        <AccountNumberInput
          {...{ id, required, value, onBlur, onRefusal }}
          error={given.account}
          check={checkUsAccountNumber}
          onValueChange={(accountNumber, error) => {
            errors.current.account = error;
            onValueChange({ ...value, accountNumber }, errors.current.routing ?? error);
          }}
        />
      </div>
    </fieldset>
  );
}

/** Each part's label and the sample its error shows. */
const partMessages = {
  transit: { label: kitMessages.transitNumber, example: "12345" },
  institution: { label: kitMessages.institutionNumber, example: "123" },
  bsb: { label: kitMessages.bsb, example: "123-456" },
  bank: { label: kitMessages.bankCode, example: "1234" },
  branch: { label: kitMessages.branchCode, example: "123" },
} as const satisfies Record<LocalBankPart, unknown>;

/** The parts of each local format, in the order they are typed. */
const localParts: Record<LocalBankFormat, readonly LocalBankPart[]> = {
  ca: ["transit", "institution"],
  au: ["bsb"],
  jp: ["bank", "branch"],
};

export interface LocalBankAccountInputProps extends Omit<UsBankAccountInputProps, "value"> {
  /** CA (transit + institution), AU (BSB) or JP (bank + branch code), then the account. */
  format: LocalBankFormat;
  /** The routing number as the API takes it (CA "TTTTT-III"), and the account number. */
  value: UsBankAccount;
}

/**
 * A Canadian, Australian or Japanese bank account in a fieldset: the routing number's parts
 * (each checked by the protocol's rule, with its own error) and the account number. The
 * routing number is handed out once every part is valid (CA "TTTTT-III", AU the BSB's six
 * digits, JP bank + branch code's seven); a JP account number is zero-padded to seven digits.
 */
export function LocalBankAccountInput({
  format,
  label,
  value,
  onValueChange,
  required,
  disabled,
  id,
  errors: given = {},
  onBlur,
  onRefusal,
}: LocalBankAccountInputProps) {
  const intl = useIntl();
  const names = localParts[format];
  const [parts, setParts] = useState(() => splitLocalRouting(format, value.routingNumber));
  const partErrors = useRef<(FieldError | undefined)[]>([]);
  const accountError = useRef<FieldError | undefined>(undefined);
  // The form set another routing number (a reset, a value it was given): show its parts.
  useEffect(() => {
    setParts((now) =>
      joinLocalRouting(format, now) === value.routingNumber
        ? now
        : splitLocalRouting(format, value.routingNumber),
    );
  }, [format, value.routingNumber]);
  const routingError = () => partErrors.current.find((error) => error !== undefined);
  return (
    <fieldset className="kit-fieldset kit-bank-account" disabled={disabled}>
      <legend className="kit-label-md">{label}</legend>
      <div className="kit-date-range__inputs">
        {names.map((name, i) => (
          <CheckedInput
            key={name}
            {...(id === undefined ? {} : { id: i === 0 ? id : `${id}-${name}` })}
            label={intl.formatMessage(partMessages[name].label)}
            // The form's error on the routing number shows under its first part.
            error={i === 0 ? given.routing : undefined}
            onBlur={() => onBlur?.("routing")}
            value={parts[i] ?? null}
            inputMode="numeric"
            required={required}
            check={(text) => checkLocalBankPart(format, name, text)}
            invalid={intl.formatMessage(kitMessages.bankNumberInvalid, {
              example: partMessages[name].example,
            })}
            onValueChange={(part, error) => {
              partErrors.current[i] = error;
              const next = parts.map((now, at) => (at === i ? part : now));
              setParts(next);
              onRefusal?.("routing", routingError() !== undefined);
              onValueChange(
                { ...value, routingNumber: joinLocalRouting(format, next) },
                routingError() ?? accountError.current,
              );
            }}
          />
        ))}
        <AccountNumberInput
          {...{ id, required, value, onBlur, onRefusal }}
          error={given.account}
          check={(text) => checkLocalAccount(format, text)}
          onValueChange={(accountNumber, error) => {
            accountError.current = error;
            onValueChange({ ...value, accountNumber }, routingError() ?? error);
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

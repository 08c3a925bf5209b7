/**
 * Field views for the country-aware inputs of the kit (address, phone, IBAN, US bank
 * account, tax id, date), bound to the form machine like `form-fields.view.tsx`'s: each
 * reads its value and its error (once touched) from a `FormView` by the API's bracket path
 * and sets it by `onChange`. An input that cannot read what was typed (a malformed IBAN, a
 * phone number that does not exist) hands the form no value and shows its own error, in the
 * user's language: the form's schema then refuses to send, so nothing reaches the provider.
 */
import type { CountryCode } from "libphonenumber-js";
import { useState } from "react";
import { useIntl } from "react-intl";
import type { FieldPath, FieldValue } from "../../machines/components/form/form.ts";
import { type Address, type AddressField, isValidPostalCode } from "./address.ts";
import { AddressInput } from "./address.view.tsx";
import type { LocalBankFormat, TaxIdKind } from "./bank-tax.ts";
import {
  IbanInput,
  LocalBankAccountInput,
  TaxIdInput,
  UsBankAccountInput,
} from "./bank-tax.view.tsx";
import { DateInput, useDateError } from "./date-input.view.tsx";
import type { FieldError } from "./field.view.tsx";
import {
  type ApiMessages,
  type BoundFieldProps,
  defined,
  type FormView,
  fieldId,
  kitFieldError,
  useBound,
} from "./form-fields.view.tsx";
import { PhoneInput } from "./phone-input.view.tsx";

const textOf = (value: FieldValue | undefined) => (typeof value === "string" ? value : "");
const orNull = (value: FieldValue | undefined) =>
  typeof value === "string" && value !== "" ? value : null;

/**
 * The bound field of an input with its own check: the form's error, unless the input
 * refused what was typed (then its own, more precise error shows), and the setter that
 * records which.
 */
function useChecked(props: BoundFieldProps) {
  const bound = useBound(props);
  const [own, setOwn] = useState<FieldError | undefined>(undefined);
  const { error, ...control } = bound.control;
  return {
    control: { ...control, ...defined({ error: own ? undefined : error }) },
    value: orNull(bound.value),
    set: (value: string | null, refused?: FieldError) => {
      setOwn(refused);
      bound.set(value);
    },
  };
}

/** A phone number, in E.164; read as in `defaultCountry` when typed without a prefix. */
export function FormPhoneField(props: BoundFieldProps & { defaultCountry: CountryCode }) {
  const { control, value, set } = useChecked(props);
  return (
    <PhoneInput
      {...control}
      defaultCountry={props.defaultCountry}
      value={value}
      onValueChange={set}
    />
  );
}

/** An IBAN, in electronic form. */
export function FormIbanField(props: BoundFieldProps) {
  const { control, value, set } = useChecked(props);
  return <IbanInput {...control} value={value} onValueChange={set} />;
}

/** A tax id of `kind`, checked by its shape and check digit. */
export function FormTaxIdField(props: BoundFieldProps & { kind: TaxIdKind }) {
  const { control, value, set } = useChecked(props);
  return <TaxIdInput {...control} kind={props.kind} value={value} onValueChange={set} />;
}

/**
 * A calendar day ("YYYY-MM-DD") with bounds: a date of birth takes `max` (today), and a day
 * past it shows the bound in the user's locale; the form's schema refuses it as well.
 */
export function FormDateField(props: BoundFieldProps & { min?: string; max?: string }) {
  const bound = useBound(props);
  const dateError = useDateError();
  const { min, max } = props;
  const value = textOf(bound.value);
  const own = dateError(value, defined({ min, max }));
  const { error, ...control } = bound.control;
  return (
    <DateInput
      {...control}
      {...defined({ min, max, error: own ? undefined : error })}
      value={value}
      onValueChange={(next) => bound.set(next === "" ? null : next)}
    />
  );
}

export interface FormUsBankAccountFieldProps {
  form: FormView;
  label: BoundFieldProps["label"];
  /** The routing number's field (`external_account[routing_number]`). */
  routingPath: FieldPath;
  /** The account number's field (`external_account[account_number]`). */
  accountPath: FieldPath;
  required?: boolean;
  apiMessages?: ApiMessages;
}

/**
 * A US bank account: routing and account numbers, two fields of the form. A number its input
 * refused (a routing number failing its checksum) shows the input's own, more precise error
 * instead of the form's, as the other checked fields do.
 */
export function FormUsBankAccountField(props: FormUsBankAccountFieldProps) {
  return <FormBankAccountField {...props} />;
}

/**
 * A Canadian (transit + institution), Australian (BSB) or Japanese (bank + branch code) bank
 * account: its parts make the routing number's field, the account number its own, as the
 * US one; a part its input refused shows that input's own error.
 */
export function FormLocalBankAccountField(
  props: FormUsBankAccountFieldProps & { format: LocalBankFormat },
) {
  return <FormBankAccountField {...props} />;
}

/** The US or a local bank account's fields, bound to the form's two paths. */
function FormBankAccountField(props: FormUsBankAccountFieldProps & { format?: LocalBankFormat }) {
  const intl = useIntl();
  const { form, routingPath, accountPath } = props;
  const [refused, setRefused] = useState({ routing: false, account: false });
  const errorOf = (path: FieldPath, own: boolean) => {
    const raw = form.touched[path] && !own ? form.errors[path] : undefined;
    return raw ? kitFieldError(raw, intl, defined({ apiMessages: props.apiMessages })) : undefined;
  };
  const input = {
    ...defined({ required: props.required }),
    id: fieldId(form, routingPath),
    label: props.label,
    disabled: form.busy,
    errors: defined({
      routing: errorOf(routingPath, refused.routing),
      account: errorOf(accountPath, refused.account),
    }),
    value: {
      routingNumber: orNull(form.values[routingPath]),
      accountNumber: orNull(form.values[accountPath]),
    },
    onRefusal: (which: "routing" | "account", own: boolean) =>
      setRefused((now) => ({ ...now, [which]: own })),
    onValueChange: (next: { routingNumber: string | null; accountNumber: string | null }) => {
      if (next.routingNumber !== orNull(form.values[routingPath]))
        form.onChange(routingPath, next.routingNumber);
      if (next.accountNumber !== orNull(form.values[accountPath]))
        form.onChange(accountPath, next.accountNumber);
    },
    onBlur: (which: "routing" | "account") =>
      form.onBlur(which === "routing" ? routingPath : accountPath),
  };
  return props.format ? (
    <LocalBankAccountInput {...input} format={props.format} />
  ) : (
    <UsBankAccountInput {...input} />
  );
}

/** The API's name of each address field, below the address's path. */
const apiField: Record<AddressField | "country", string> = {
  line1: "line1",
  line2: "line2",
  city: "city",
  state: "state",
  postalCode: "postal_code",
  country: "country",
};

/** The form paths of an address at `path` (`individual[address]` → `…[postal_code]`, …). */
export const addressPaths = (path: FieldPath) =>
  Object.fromEntries(
    Object.entries(apiField).map(([field, name]) => [field, `${path}[${name}]`]),
  ) as Record<AddressField | "country", FieldPath>;

export interface FormAddressFieldProps {
  form: FormView;
  /** The address object's path (`individual[address]`): its fields are below it. */
  path: FieldPath;
  label: BoundFieldProps["label"];
  countries?: readonly string[];
  apiMessages?: ApiMessages;
}

/** A country-aware address whose fields are the form's, in the API's names. */
export function FormAddressField(props: FormAddressFieldProps) {
  const intl = useIntl();
  const { form } = props;
  const paths = addressPaths(props.path);
  const value = Object.fromEntries(
    Object.entries(paths).map(([field, path]) => [field, textOf(form.values[path])]),
  ) as unknown as Address;
  const errors: Partial<Record<AddressField | "country", FieldError>> = {};
  // A postal code of another country: the address's own message (with an example) says
  // more than the schema's refusal of the same value.
  const ownPostal = value.postalCode !== "" && !isValidPostalCode(value.country, value.postalCode);
  for (const [field, path] of Object.entries(paths) as [AddressField | "country", string][]) {
    const raw = form.touched[path] ? form.errors[path] : undefined;
    if (!raw || (field === "postalCode" && ownPostal && raw.source === "schema")) continue;
    errors[field] = kitFieldError(raw, intl, defined({ apiMessages: props.apiMessages }));
  }
  return (
    <AddressInput
      {...defined({ countries: props.countries })}
      id={fieldId(form, props.path)}
      fieldIds={
        Object.fromEntries(
          Object.entries(paths).map(([field, path]) => [field, fieldId(form, path)]),
        ) as Record<AddressField | "country", string>
      }
      label={props.label}
      value={value}
      disabled={form.busy}
      errors={errors}
      onValueChange={(next) => {
        for (const [field, path] of Object.entries(paths) as [keyof Address, string][])
          if (next[field] !== value[field])
            form.onChange(path, next[field] === "" ? null : next[field]);
      }}
      onBlur={(field) => form.onBlur(paths[field])}
    />
  );
}

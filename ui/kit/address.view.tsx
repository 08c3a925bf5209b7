import { type ReactNode, useId, useState } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import {
  type Address,
  type AddressField,
  addressFormat,
  checkedCountries,
  isValidPostalCode,
  normalisePostalCode,
} from "./address.ts";
import { Combobox } from "./combobox.view.tsx";
import type { FieldError } from "./field.view.tsx";
import { Select } from "./select.view.tsx";
import { TextField } from "./text-field.view.tsx";

export interface AddressInputProps {
  /** Names the group of fields (a fieldset legend). */
  label: ReactNode;
  value: Address;
  onValueChange: (address: Address) => void;
  /** ISO codes offered in the country select (default: those whose format the kit knows). */
  countries?: readonly string[];
  /** Errors the form's machine found (e.g. required fields after a submit), by field. */
  errors?: Partial<Record<AddressField | "country", FieldError>>;
  /** Prefix of the controls' ids (`<id>-line1`...), so an ErrorSummary can link to them. */
  id?: string;
  /**
   * A control's own id instead of `<id>-<field>`: a form whose error summary names the
   * fields by their API paths (`…-postal_code`) links to the very control.
   */
  fieldIds?: Partial<Record<AddressField | "country", string>>;
  disabled?: boolean;
  /** A field of the address was left (the form marks it touched). */
  onBlur?: (field: AddressField | "country") => void;
}

const autoComplete: Record<AddressField, string> = {
  line1: "address-line1",
  line2: "address-line2",
  city: "address-level2",
  state: "address-level1",
  postalCode: "postal-code",
};

/**
 * A country-aware address: the fields, their order and names follow the chosen country (ZIP
 * code and state in the US, province in Canada, postcode and optional county in the UK,
 * postal code before city in Germany and France, suburb in Australia, postal code first and
 * prefecture in Japan). Listed regions are a Combobox; the postal code is checked for its
 * country when the field is left, and written in the country's form.
 */
export function AddressInput({
  label,
  value,
  onValueChange,
  countries = checkedCountries,
  errors = {},
  id,
  fieldIds = {},
  disabled = false,
  onBlur,
}: AddressInputProps) {
  const intl = useIntl();
  const generated = useId();
  const prefix = id ?? generated;
  const [postalTouched, setPostalTouched] = useState(false);
  const format = addressFormat(value.country);
  const names = new Intl.DisplayNames([intl.locale], { type: "region" });
  const countryOptions = countries
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, intl.locale));
  const japanese = intl.locale.startsWith("ja");

  const set = (field: keyof Address, next: string) => onValueChange({ ...value, [field]: next });

  const postalError: FieldError | undefined =
    errors.postalCode ??
    (postalTouched &&
    value.postalCode.trim() !== "" &&
    !isValidPostalCode(value.country, value.postalCode)
      ? {
          code: "custom",
          message: intl.formatMessage(kitMessages.addressPostalCodeInvalid, {
            example: format.postalExample ?? "",
          }),
        }
      : undefined);

  const field = (name: AddressField) => {
    const fieldLabel = intl.formatMessage(kitMessages[format.labels[name]]);
    const common = {
      id: fieldIds[name] ?? `${prefix}-${name}`,
      label: fieldLabel,
      value: value[name],
      disabled,
      required: !format.optional.includes(name),
      error: name === "postalCode" ? postalError : errors[name],
    };
    if (name === "state" && format.regions) {
      return (
        <Combobox
          key={`${value.country}-state`}
          {...common}
          autoComplete={autoComplete.state}
          options={format.regions.map((r) => ({
            value: r.code,
            label: japanese && r.localName ? r.localName : r.name,
          }))}
          onChange={(code) => set("state", code)}
          onBlur={() => onBlur?.("state")}
        />
      );
    }
    return (
      <TextField
        key={name}
        {...common}
        autoComplete={autoComplete[name]}
        onChange={(text) => set(name, text)}
        onBlur={() => {
          if (name === "postalCode") {
            setPostalTouched(true);
            const normal = normalisePostalCode(value.country, value.postalCode);
            if (normal !== value.postalCode) set("postalCode", normal);
          }
          onBlur?.(name);
        }}
      />
    );
  };

  return (
    <fieldset className="kit-fieldset kit-address" disabled={disabled}>
      <legend className="kit-label-md">{label}</legend>
      <div className="kit-address__fields">
        <Select
          id={fieldIds.country ?? `${prefix}-country`}
          label={intl.formatMessage(kitMessages.addressCountry)}
          value={value.country}
          options={countryOptions}
          error={errors.country}
          onChange={(country) => {
            setPostalTouched(false);
            // Regions and postal codes belong to a country: a new country starts them afresh.
            onValueChange({ ...value, country, state: "", postalCode: "" });
          }}
        />
        {format.fields.map(field)}
      </div>
    </fieldset>
  );
}

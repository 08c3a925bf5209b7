import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { type Parsed, useParsedText } from "./parsed-text.ts";
import type { PhoneInputProps } from "./phone-input.types.ts";
import { TextField } from "./text-field.view.tsx";

export type PhoneParse = { ok: true; e164: string | null } | { ok: false };

/** Text as typed ("030 1234567", "+1 415 555 0100") → E.164, or refused when not a real number. */
export function parsePhoneInput(text: string, defaultCountry: CountryCode): PhoneParse {
  if (text.trim() === "") return { ok: true, e164: null };
  const phone = parsePhoneNumberFromString(text, defaultCountry);
  return phone?.isValid() ? { ok: true, e164: phone.number } : { ok: false };
}

/**
 * The phone field once libphonenumber is in (`phone-input.view.tsx` loads this chunk when a
 * form first shows one): the number as typed, validated, handed out in E.164, shown in
 * international format once valid and left.
 */
export default function PhoneInputField({
  value,
  defaultCountry,
  onValueChange,
  error,
  required = false,
  onBlur,
  ...rest
}: PhoneInputProps) {
  const intl = useIntl();
  const display = (e164: string) => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
  const check = (t: string): Parsed<string> => {
    const parsed = parsePhoneInput(t, defaultCountry);
    if (!parsed.ok)
      return {
        value: null,
        error: { code: "custom", message: intl.formatMessage(kitMessages.phoneInvalid) },
      };
    if (parsed.e164 === null && required) return { value: null, error: { code: "required" } };
    return { value: parsed.e164 };
  };
  const field = useParsedText({
    value,
    format: display,
    parse: check,
    onValueChange,
    error,
    reformatOnBlur: true,
    onBlur,
  });

  return (
    <TextField
      {...rest}
      {...field}
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      required={required}
    />
  );
}

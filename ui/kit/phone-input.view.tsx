import { lazy, Suspense } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import type { PhoneInputProps } from "./phone-input.types.ts";
import { TextField } from "./text-field.view.tsx";

export type { PhoneInputProps } from "./phone-input.types.ts";

/**
 * The field itself, with libphonenumber and its metadata (about 30 KB min+gzip): a chunk of
 * its own, loaded when a form first shows a phone field, so no frame carries it at first
 * paint (issue 13). A chunk that cannot load leaves the field disabled with an error (the
 * number cannot be checked without it) rather than taking the frame down.
 */
const PhoneInputField = /* @__PURE__ */ lazy(() =>
  import("./phone-input-field.view.tsx").catch((error: unknown) => {
    console.error(error);
    return { default: PhoneInputUnavailable };
  }),
);

/** What shows while the field's chunk loads, or when it could not: the same input, disabled. */
export function PhoneInputPending({
  unavailable,
  ...props
}: PhoneInputProps & { unavailable?: true }) {
  const intl = useIntl();
  return (
    <TextField
      id={props.id}
      name={props.name}
      label={props.label}
      description={props.description}
      value={props.value ?? ""}
      onChange={() => {}}
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      required={props.required}
      disabled
      {...(unavailable
        ? { error: { code: "custom", message: intl.formatMessage(kitMessages.somethingWentWrong) } }
        : props.error && { error: props.error })}
    />
  );
}

function PhoneInputUnavailable(props: PhoneInputProps) {
  return <PhoneInputPending {...props} unavailable />;
}

/**
 * A phone number typed as people write it, validated with libphonenumber and handed out in
 * E.164. Once valid and left, it is shown in international format.
 */
export function PhoneInput(props: PhoneInputProps) {
  return (
    <Suspense fallback={<PhoneInputPending {...props} />}>
      <PhoneInputField {...props} />
    </Suspense>
  );
}

/**
 * Field views for the form machine (`machines/components/form/`): each binds one kit
 * control (TextField — a text area with `rows` —, MoneyInput, Select, FileUpload, a
 * checkbox) to a field of the form by
 * its path — its value, its error once touched, read-only while submitting — and the form's
 * ErrorSummary and error banner. Pure views: they take a `FormView` (values and callbacks,
 * made from the machine's snapshot by `formViewOf`), never the machine itself.
 */
import type { ReactNode } from "react";
import { type IntlShape, useIntl } from "react-intl";
import { isRateLimitFailure } from "../../machines/auth/failure.ts";
import type { FormContext, FormEvent } from "../../machines/components/form/form.machine.ts";
import type {
  FieldPath,
  FieldsState,
  FieldValue,
  FieldError as FormFieldError,
  FormLevelError,
  FormValues,
} from "../../machines/components/form/form.ts";
import { formatMoney } from "../i18n/format.ts";
import { kitMessages } from "../i18n/messages.ts";
import { Banner } from "./banner.view.tsx";
import { ErrorSummary } from "./error-summary.view.tsx";
import { Field, type FieldError } from "./field.view.tsx";
import { FileUpload } from "./file-upload.view.tsx";
import { MoneyInput, NumberInput } from "./number-input.view.tsx";
import { Select, type SelectOption } from "./select.view.tsx";
import { TextField } from "./text-field.view.tsx";

/** What the field views read of a form. */
export interface FormView {
  values: FormValues;
  errors: Readonly<Record<FieldPath, FormFieldError>>;
  touched: Readonly<Record<FieldPath, true>>;
  formError: FormLevelError | null;
  /** Submitting: every field is read-only until the answer. */
  busy: boolean;
  /** Prefix of the controls' ids (unique per form on the page), so the summary links them. */
  idPrefix: string;
  onChange: (path: FieldPath, value: FieldValue) => void;
  onBlur: (path: FieldPath) => void;
}

/** The form machine's snapshot and `send` as a FormView. */
export function formViewOf(
  snapshot: { value: unknown; context: FormContext },
  send: (event: FormEvent) => void,
  idPrefix: string,
): FormView {
  return fieldsViewOf(snapshot.context, send, { busy: snapshot.value === "submitting", idPrefix });
}

/**
 * A flow's fields (a machine that holds a form's `FieldsState` among other steps: a dispute's
 * response, the payout account) as a FormView; `busy` while one of its calls runs.
 */
export function fieldsViewOf(
  fields: FieldsState,
  send: (
    event:
      | { type: "field.change"; path: FieldPath; value: FieldValue }
      | { type: "field.blur"; path: FieldPath },
  ) => void,
  options: { busy: boolean; idPrefix: string },
): FormView {
  const { values, errors, touched, formError } = fields;
  return {
    values,
    errors,
    touched,
    formError,
    ...options,
    onChange: (path, value) => send({ type: "field.change", path, value }),
    onBlur: (path) => send({ type: "field.blur", path }),
  };
}

/** The id of a field's control: `refund-evidence-customer_name` for `evidence[customer_name]`. */
export const fieldId = (form: Pick<FormView, "idPrefix">, path: FieldPath) =>
  `${form.idPrefix}-${path.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/-+$/, "")}`;

/**
 * Translations of the provider's error codes a form knows (`amount_too_large` → "More than
 * remains to refund."), already worded in the user's language by the component.
 */
export type ApiMessages = Readonly<Partial<Record<string, string>>>;

/** A form field's error, as the kit words it. */
export function kitFieldError(
  error: FormFieldError,
  intl: IntlShape,
  options: { apiMessages?: ApiMessages; formatBound?: (n: number) => string } = {},
): FieldError {
  const bound = options.formatBound ?? ((n: number) => intl.formatNumber(n));
  if (error.source === "api") {
    const message = options.apiMessages?.[error.code];
    return message === undefined ? { code: "invalid" } : { code: "custom", message };
  }
  // A check the protocol shares with the provider (`passwordProblem`) raises the provider's
  // code as its issue's message: worded as the provider's refusal would be.
  const shared = error.code === "custom" ? options.apiMessages?.[error.message] : undefined;
  if (shared !== undefined) return { code: "custom", message: shared };
  const text = error.origin === "string";
  switch (error.code) {
    case "required":
      return { code: "required" };
    case "too_small":
      if (error.minimum === undefined) return { code: "invalid" };
      return text
        ? { code: "too_short", min: error.minimum }
        : {
            code: "custom",
            message: intl.formatMessage(kitMessages.fieldTooSmall, { min: bound(error.minimum) }),
          };
    case "too_big":
      if (error.maximum === undefined) return { code: "invalid" };
      return text
        ? { code: "too_long", max: error.maximum }
        : {
            code: "custom",
            message: intl.formatMessage(kitMessages.fieldTooLarge, { max: bound(error.maximum) }),
          };
    case "invalid_format":
      return error.format === "email" ? { code: "invalid_email" } : { code: "invalid" };
    default:
      return { code: "invalid" };
  }
}

/** The form's own error in the user's language (the provider's code first, when known). */
export function formErrorText(
  error: FormLevelError,
  intl: IntlShape,
  apiMessages: ApiMessages = {},
): string {
  if (error.kind === "invalid") return intl.formatMessage(kitMessages.formInvalid);
  if (error.kind === "network") return intl.formatMessage(kitMessages.formNetworkError);
  const known = error.error.code === undefined ? undefined : apiMessages[error.error.code];
  if (known !== undefined) return known;
  if (error.status === 403 || error.error.type === "permission_error")
    return intl.formatMessage(kitMessages.formPermissionError);
  // The typed rate_limit: a 429 the data layer's own retries did not get past.
  if (isRateLimitFailure(error)) return intl.formatMessage(kitMessages.rateLimited);
  return intl.formatMessage(kitMessages.somethingWentWrong);
}

export interface BoundFieldProps {
  form: FormView;
  path: FieldPath;
  label: ReactNode;
  description?: ReactNode;
  required?: boolean;
  apiMessages?: ApiMessages;
}

/** `props` without its undefined entries (optional props stay absent, not undefined). */
export const defined = <T extends Record<string, unknown>>(props: T) =>
  Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };

/**
 * The bound field: the props every kit control takes (id, label, description, error once
 * touched, read-only while submitting, blur), its value, and how to set it.
 */
export function useBound(props: BoundFieldProps, formatBound?: (n: number) => string) {
  const intl = useIntl();
  const { form, path, label, description, required } = props;
  const raw = form.touched[path] ? form.errors[path] : undefined;
  const error = raw
    ? kitFieldError(raw, intl, defined({ apiMessages: props.apiMessages, formatBound }))
    : undefined;
  return {
    control: {
      id: fieldId(form, path),
      label,
      ...defined({ description, required, error }),
      disabled: form.busy,
      onBlur: () => form.onBlur(path),
    },
    value: form.values[path] ?? null,
    set: (value: FieldValue) => form.onChange(path, value),
  };
}

const asText = (value: FieldValue) =>
  value === null ? "" : Array.isArray(value) ? value.join(", ") : String(value);

export interface FormTextFieldProps extends BoundFieldProps {
  type?: "text" | "email" | "tel" | "url" | "password";
  autoComplete?: string;
  maxLength?: number;
  /** Visible lines: given, a multi-line text area. */
  rows?: number;
}

/** A text field (or, with `rows`, a text area) bound to the form. */
export function FormTextField(props: FormTextFieldProps) {
  const { control, value, set } = useBound(props);
  const { type, autoComplete, maxLength, rows } = props;
  return (
    <TextField
      {...control}
      {...defined({ type, autoComplete, maxLength, rows })}
      value={asText(value)}
      onChange={set}
    />
  );
}

export interface FormMoneyFieldProps extends BoundFieldProps {
  /** Lower-case ISO code; the value is in its minor units. */
  currency: string;
  min?: number;
  max?: number;
}

/** An amount in minor units; bounds in errors are worded as money in the user's locale. */
export function FormMoneyField(props: FormMoneyFieldProps) {
  const { locale } = useIntl();
  const { currency, min, max } = props;
  const { control, value, set } = useBound(props, (n) => formatMoney(n, currency, locale));
  return (
    <MoneyInput
      {...control}
      {...defined({ min, max })}
      currency={currency}
      value={typeof value === "number" ? value : null}
      onValueChange={(minor) => set(minor)}
    />
  );
}

export interface FormNumberFieldProps extends BoundFieldProps {
  min?: number;
  max?: number;
}

/** A whole number (days, a day of the month) bound to the form. */
export function FormNumberField(props: FormNumberFieldProps) {
  const { control, value, set } = useBound(props);
  const { min, max } = props;
  return (
    <NumberInput
      {...control}
      {...defined({ min, max })}
      value={typeof value === "number" ? value : null}
      onValueChange={(n) => set(n)}
    />
  );
}

export interface FormSelectFieldProps extends BoundFieldProps {
  options: readonly SelectOption[];
  placeholder?: string;
}

export function FormSelectField(props: FormSelectFieldProps) {
  const { control, value, set } = useBound(props);
  const { options, placeholder } = props;
  return (
    <Select
      {...control}
      {...defined({ placeholder })}
      options={options}
      value={asText(value)}
      onChange={set}
    />
  );
}

export interface FormFileFieldProps extends BoundFieldProps {
  accept: readonly string[];
  maxBytes: number;
  /**
   * Uploads the file (through the data layer, to the files host) and resolves with the
   * stored file's id, which becomes the field's value.
   */
  onUpload: (
    file: File,
    reportProgress: (fraction: number) => void,
    signal: AbortSignal,
  ) => Promise<string>;
  /**
   * Why the file last sent for this field was refused (already worded; e.g. a document the
   * provider's check could not verify): shown on the field until a new file is uploaded or
   * the form finds an error of its own.
   */
  standingError?: string | undefined;
}

/** A file field: the uploaded file's id is its value (the form sends the id, not the bytes). */
export function FormFileField(props: FormFileFieldProps) {
  const { control, value, set } = useBound(props);
  const { onBlur: _blur, ...rest } = control;
  const { accept, maxBytes, onUpload, standingError } = props;
  const standing =
    rest.error === undefined && standingError !== undefined && (value === null || value === "")
      ? { error: { code: "custom" as const, message: standingError } }
      : {};
  return (
    <FileUpload
      {...rest}
      {...standing}
      accept={accept}
      maxBytes={maxBytes}
      onUpload={async (file, reportProgress, signal) => {
        const stored = await onUpload(file, reportProgress, signal);
        if (!signal.aborted) set(stored);
      }}
    />
  );
}

export interface FormErrorSummaryProps {
  form: FormView;
  /** Each field's label, by path, in the order the summary lists them. */
  labels: Readonly<Record<FieldPath, ReactNode>>;
  /** Counts the person's refused or failed submits: each moves focus to the summary. */
  failedSubmits: number;
  apiMessages?: ApiMessages;
}

/** The form's field errors (touched ones) as the kit's ErrorSummary, each linked to its field. */
export function FormErrorSummary({
  form,
  labels,
  failedSubmits,
  apiMessages,
}: FormErrorSummaryProps) {
  const intl = useIntl();
  const errors = Object.entries(labels).flatMap(([path, label]) => {
    const error = form.touched[path] ? form.errors[path] : undefined;
    if (!error) return [];
    return [
      {
        fieldId: fieldId(form, path),
        label,
        error: kitFieldError(error, intl, apiMessages ? { apiMessages } : {}),
      },
    ];
  });
  return <ErrorSummary errors={errors} failedSubmits={failedSubmits} />;
}

/** The form's own error (network, permission, a refusal naming no field) as an alert. */
export function FormErrorBanner({
  form,
  apiMessages,
}: {
  form: Pick<FormView, "formError">;
  apiMessages?: ApiMessages;
}) {
  const intl = useIntl();
  if (!form.formError) return null;
  return <Banner status="danger" title={formErrorText(form.formError, intl, apiMessages)} />;
}

export interface FormCheckboxFieldProps extends BoundFieldProps {
  /** The field's value while the box is ticked (e.g. the moment it was ticked); null when not. */
  checkedValue: () => FieldValue;
  /** The words beside the box (links allowed); the Field's label names the question. */
  text: ReactNode;
}

/**
 * Whether a checkbox's value reads as ticked: an empty value (a form's blank start, "", as
 * much as null or false) is not, so the box never shows ticked over a value the schema refuses.
 */
const ticked = (value: FieldValue | undefined) =>
  value !== null && value !== undefined && value !== false && value !== "";

/**
 * A checkbox bound to the form: ticked, the field holds `checkedValue()`; unticked, nothing
 * (so a schema that needs it refuses to send, with the error under the box).
 */
export function FormCheckboxField(props: FormCheckboxFieldProps) {
  const { control, value, set } = useBound(props);
  const { label, description, error, id, disabled, onBlur } = control;
  return (
    <Field id={`${id}-group`} label={label} {...defined({ description, error })}>
      {(field) => (
        <label className="kit-body-md kit-check-label" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={ticked(value)}
            disabled={disabled}
            aria-invalid={field["aria-invalid"]}
            aria-describedby={field["aria-describedby"]}
            onChange={(event) => set(event.currentTarget.checked ? props.checkedValue() : null)}
            onBlur={onBlur}
          />
          <span>{props.text}</span>
        </label>
      )}
    </Field>
  );
}

export interface FormCheckboxGroupFieldProps {
  form: FormView;
  /** The group's question (its legend). */
  label: ReactNode;
  /** Each box: its own field path and the words beside it; ticked, the field holds `true`. */
  options: readonly { path: FieldPath; text: ReactNode }[];
}

/** Several yes/no fields under one question (a person's roles): a fieldset of checkboxes. */
export function FormCheckboxGroupField({ form, label, options }: FormCheckboxGroupFieldProps) {
  return (
    <fieldset className="kit-fieldset kit-field" disabled={form.busy}>
      <legend className="kit-label-md kit-field__label">{label}</legend>
      {options.map((option) => (
        <label
          key={option.path}
          className="kit-body-md kit-check-label"
          htmlFor={fieldId(form, option.path)}
        >
          <input
            id={fieldId(form, option.path)}
            type="checkbox"
            checked={ticked(form.values[option.path])}
            onChange={(event) =>
              form.onChange(option.path, event.currentTarget.checked ? true : null)
            }
            onBlur={() => form.onBlur(option.path)}
          />
          <span>{option.text}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The pure parts of the form machine: field paths in the API's bracket form, values nested
 * into a body, validation with a zod schema into errors by field path, and a failed
 * mutation mapped back onto the form's fields by the API error's `param`.
 */
import { type $ZodType, type output, safeParse } from "zod/v4/core";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";

/** A field's path in the API's bracket form: `amount`, `evidence[customer_name]`, `a[0]`. */
export type FieldPath = string;

/**
 * A field's value: text, a number (money in minor units), a choice, a checkbox, a list of
 * choices, or an uploaded file's id. Files are uploaded first; the form holds their ids.
 */
export type FieldValue = string | number | boolean | null | readonly string[];

export type FormValues = Readonly<Record<FieldPath, FieldValue>>;

/**
 * One field's error. `source` says who found it: `schema` (checked before sending; `code`
 * is zod's issue code, e.g. `too_small`, `invalid_type`) or `api` (the provider's
 * `code`, e.g. `amount_too_large`). Views translate by code and fall back to `message`.
 */
export interface FieldError {
  source: "schema" | "api";
  code: string;
  message: string;
  /** zod's bounds for too_small / too_big, so a view can say "at least 1". */
  minimum?: number;
  maximum?: number;
  /** What was measured (`string`, `number`, `array`), for too_small / too_big. */
  origin?: string;
  /** The expected format of an invalid_format issue (`email`, `url`, `regex`). */
  format?: string;
}

export type FieldErrors = Readonly<Record<FieldPath, FieldError>>;

/**
 * The form's own error: a failed mutation that names none of its fields (network, 5xx,
 * permission, a foreign `param`), or a validation issue about the body as a whole.
 */
export type FormLevelError = CallFailure | { kind: "invalid"; message: string };

/** `["evidence", "customer_name"]` → `evidence[customer_name]`. */
export function pathToParam(path: readonly PropertyKey[]): FieldPath {
  const [head, ...rest] = path.map((p) => String(p));
  return head === undefined ? "" : head + rest.map((p) => `[${p}]`).join("");
}

/** `evidence[customer_name]` → `["evidence", "customer_name"]` (indices stay strings). */
export function paramToPath(param: FieldPath): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(param);
  if (!match) return [param];
  const rest = [...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "");
  return [match[1] ?? param, ...rest];
}

const isEmpty = (value: FieldValue | undefined) => value === "" || value === null;

/**
 * The values nested by their paths: `{"evidence[customer_name]": "Ann", amount: 500}` →
 * `{evidence: {customer_name: "Ann"}, amount: 500}`. Empty strings and nulls are left out,
 * so an optional field left empty is absent (as the data layer's form encoding omits it);
 * the objects above a field are always there (an empty one is not sent either), so a
 * schema's issue names the field, not its parent. A form whose optional group must be
 * absent when empty gives `toBody`.
 */
export function valuesToBody(values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [param, value] of Object.entries(values)) {
    const path = paramToPath(param);
    // Parents exist even when every field below is empty, so an issue names the leaf.
    let node = body;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      if (typeof next !== "object" || next === null || Array.isArray(next)) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    if (isEmpty(value)) continue;
    node[path.at(-1) ?? param] = Array.isArray(value) ? [...value] : value;
  }
  return body;
}

export type Validation<Body> =
  | { ok: true; body: Body }
  | { ok: false; errors: FieldErrors; formIssue: string | null };

/** Parses the values' body with `schema`: the body, or every issue keyed by field path. */
export function validateValues<Schema extends $ZodType>(
  schema: Schema,
  values: FormValues,
  toBody: (values: FormValues) => unknown = valuesToBody,
): Validation<output<Schema>> {
  const parsed = safeParse(schema, toBody(values));
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<FieldPath, FieldError> = {};
  let formIssue: string | null = null;
  for (const issue of parsed.error.issues) {
    const param = fieldOf(pathToParam(issue.path), Object.keys(values));
    if (param === "") {
      formIssue ??= issue.message;
      continue;
    }
    if (errors[param]) continue;
    const bounds = issue as {
      minimum?: unknown;
      maximum?: unknown;
      origin?: unknown;
      format?: unknown;
    };
    const missing = issue.code === "invalid_type" && isEmpty(values[param] ?? null);
    errors[param] = {
      source: "schema",
      // An empty field the schema needs is `required`, not zod's invalid_type of undefined.
      code: missing ? "required" : issue.code,
      message: issue.message,
      ...(typeof bounds.minimum === "number" ? { minimum: bounds.minimum } : {}),
      ...(typeof bounds.maximum === "number" ? { maximum: bounds.maximum } : {}),
      ...(typeof bounds.origin === "string" ? { origin: bounds.origin } : {}),
      ...(typeof bounds.format === "string" ? { format: bounds.format } : {}),
    };
  }
  return { ok: false, errors, formIssue };
}

/** An issue's param as a field: itself, or the first field below it (`evidence` → a leaf). */
function fieldOf(param: FieldPath, fields: readonly FieldPath[]): FieldPath {
  if (param === "" || fields.includes(param)) return param;
  return fields.find((field) => field.startsWith(`${param}[`)) ?? param;
}

/** Same fields, same values (lists compared item by item). */
export function sameValues(a: FormValues, b: FormValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length || x.some((item, i) => item !== y[i])) return false;
    } else if (x !== y) return false;
  }
  return true;
}

/**
 * A failed mutation on the form: a 4xx whose `param` names one of `fields` (or a field
 * below it, e.g. `evidence[customer_name]` for a form field `evidence[customer_name]`) goes
 * on that field; anything else (network, 5xx, permission, a param the form does not have)
 * is the form's error.
 */
export function mapFailure(
  error: unknown,
  fields: readonly FieldPath[],
): { errors: FieldErrors; formError: CallFailure | null } {
  const failure = toCallFailure(error);
  if (failure.kind === "http" && failure.status >= 400 && failure.status < 500) {
    const param = failure.error.param;
    const field = param === undefined ? undefined : fieldFor(param, fields);
    if (field !== undefined)
      return {
        errors: {
          [field]: {
            source: "api",
            code: failure.error.code ?? failure.error.type ?? "invalid",
            message: failure.error.message ?? "",
          },
        },
        formError: null,
      };
  }
  return { errors: {}, formError: failure };
}

/** The form field an API `param` is about: itself, or the closest field above it. */
function fieldFor(param: FieldPath, fields: readonly FieldPath[]): FieldPath | undefined {
  const set = new Set(fields);
  const path = paramToPath(param);
  for (let length = path.length; length > 0; length--) {
    const candidate = pathToParam(path.slice(0, length));
    if (set.has(candidate)) return candidate;
  }
  return undefined;
}

/** What every form keeps about its fields (the kit's form machine, and flows holding a form). */
export interface FieldsState {
  values: FormValues;
  touched: Readonly<Record<FieldPath, true>>;
  errors: FieldErrors;
  formError: FormLevelError | null;
}

/** Checks a form's values (`validateValues` bound to its schema). */
export type ValuesCheck = (values: FormValues) => Validation<unknown>;

/** A field edited: its error is checked again (shown only once touched); the form's error goes. */
export function fieldChanged(
  state: FieldsState,
  check: ValuesCheck,
  path: FieldPath,
  value: FieldValue,
): Pick<FieldsState, "values" | "errors" | "formError"> {
  const values = { ...state.values, [path]: value };
  const { [path]: _old, ...errors } = state.errors;
  const now = check(values);
  const fresh = !now.ok && state.touched[path] ? now.errors[path] : undefined;
  return { values, errors: fresh ? { ...errors, [path]: fresh } : errors, formError: null };
}

/** A field left: touched, with its error if it has one. */
export function fieldLeft(
  state: FieldsState,
  check: ValuesCheck,
  path: FieldPath,
): Pick<FieldsState, "touched" | "errors"> {
  const touched = { ...state.touched, [path]: true as const };
  const now = check(state.values);
  const { [path]: _old, ...errors } = state.errors;
  const found = now.ok ? undefined : now.errors[path];
  return { touched, errors: found ? { ...errors, [path]: found } : errors };
}

/** A submit of invalid values: every invalid field touched with its error. */
export function invalidShown(state: FieldsState, check: ValuesCheck): Partial<FieldsState> {
  const now = check(state.values);
  if (now.ok) return {};
  const touched = { ...state.touched };
  for (const path of Object.keys(now.errors)) touched[path] = true;
  const formError: FormLevelError | null =
    now.formIssue === null ? null : { kind: "invalid", message: now.formIssue };
  return { touched, errors: now.errors, formError };
}

/** A failed call on the form (`mapFailure`), its fields touched so their errors show. */
export function failureShown(
  state: FieldsState,
  error: unknown,
): Pick<FieldsState, "touched" | "errors" | "formError"> {
  const { errors, formError } = mapFailure(error, Object.keys(state.values));
  const touched = { ...state.touched };
  for (const path of Object.keys(errors)) touched[path] = true;
  return { errors, formError, touched };
}

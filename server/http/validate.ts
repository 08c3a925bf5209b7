/** Turns the first zod issue into the 400 of READING.md, naming the parameter. */
import type { z } from "zod";
import { ApiError } from "./errors.ts";
import { bracketPath } from "./form.ts";

export function issueToError(issue: z.core.$ZodIssue, prefix: readonly (string | number)[] = []) {
  const path = [...prefix, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))];
  if (issue.code === "unrecognized_keys") {
    const param = bracketPath([...path, issue.keys[0] ?? ""]);
    return new ApiError(400, "invalid_request_error", `Received unknown parameter: ${param}`, {
      code: "parameter_unknown",
      param,
    });
  }
  const param = bracketPath(path);
  if (issue.code === "invalid_type" && issue.input === undefined) {
    return new ApiError(400, "invalid_request_error", `Missing required param: ${param}.`, {
      code: "parameter_missing",
      param,
    });
  }
  return new ApiError(400, "invalid_request_error", `Invalid ${param}: ${issue.message}`, {
    code: "parameter_invalid",
    param,
  });
}

/** Parses `value` with `schema` or throws the 400 for its first issue. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  throw issueToError(result.error.issues[0]!);
}

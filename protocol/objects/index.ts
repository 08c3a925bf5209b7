/** The API objects of SPEC.md §3, one schema file each. */
export * from "./analytics-event.schema.ts";
export * from "./api-error.schema.ts";
export * from "./auth-state.schema.ts";
export * from "./claimed-account-session.schema.ts";
export * from "./common.schema.ts";
export * from "./consent-record.schema.ts";
export * from "./metrics.schema.ts";
export * from "./observability-metadata.schema.ts";
export * from "./risk-experience-context.schema.ts";
export * from "./sanitized-session.schema.ts";
export * from "./stored-key.schema.ts";
export * from "./user.schema.ts";

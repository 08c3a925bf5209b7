/**
 * The consent record of the shared site infrastructure (SPEC.md §3, §9): version 2, when it
 * was given, and one allowed/denied flag per category. Also the enforcement-mode answer of
 * `GET /cookie-settings/enforcement-mode` (SPEC.md §4, §7).
 */
import { z } from "zod";
import { epochMillisSchema } from "./common.schema.ts";

export const CONSENT_FORMAT_VERSION = 2;

export const consentCategories = [
  "authentication",
  "essential",
  "functional",
  "advertising",
] as const;
export type ConsentCategory = (typeof consentCategories)[number];

export const consentRecordSchema = z.object({
  version: z.literal(CONSENT_FORMAT_VERSION),
  /** When the choice was made, epoch milliseconds. */
  timestamp: epochMillisSchema,
  authentication: z.boolean(),
  essential: z.boolean(),
  functional: z.boolean(),
  advertising: z.boolean(),
});
export type ConsentRecord = z.output<typeof consentRecordSchema>;

/** The body of `POST /cookie-settings/update`: each category → allowed. */
export const consentUpdateSchema = z.strictObject({
  authentication: z.boolean(),
  essential: z.boolean(),
  functional: z.boolean(),
  advertising: z.boolean(),
});

export const consentEnforcementModes = ["restricted", "open", "functional"] as const;
/** An unknown or missing mode reads as `restricted`, the default (SPEC.md §4). */
export const consentEnforcementModeSchema = z.enum(consentEnforcementModes).catch("restricted");
export const enforcementModeResponseSchema = z.object({ mode: consentEnforcementModeSchema });
export type ConsentEnforcementMode = (typeof consentEnforcementModes)[number];

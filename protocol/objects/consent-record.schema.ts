/**
 * The consent record of the shared site infrastructure (SPEC.md §3, §9): version 2, when it
 * was given, and one allowed/denied flag per category. Also the enforcement-mode answer of
 * `GET /cookie-settings/enforcement-mode` (SPEC.md §4, §7).
 */
import { z } from "zod";
import {
  CONSENT_FORMAT_VERSION,
  type ConsentCategory,
  type ConsentEnforcementMode,
  consentCategories,
  consentEnforcementModes,
} from "../site/consent.ts";
import { epochMillisSchema } from "./common.schema.ts";

export type { ConsentCategory, ConsentEnforcementMode };
export { CONSENT_FORMAT_VERSION, consentCategories, consentEnforcementModes };

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

/** An unknown or missing mode reads as `restricted`, the default (SPEC.md §4). */
export const consentEnforcementModeSchema = z.enum(consentEnforcementModes).catch("restricted");
export const enforcementModeResponseSchema = z.object({ mode: consentEnforcementModeSchema });

/**
 * The bodies account-management's section forms send to `POST /v1/account`, as the frames
 * check them before anything is sent; the provider applies the same rules
 * (`server/accounts/account-params.ts`, `tax-ids.ts`), so what one refuses the other refuses
 * too, on the same `param`. A field left empty is not sent (the value on file stays).
 * The company is onboarding's company body with what is on file kept
 * (`companyDetailsParamsSchema(country, { keepOnFile: true })`, `onboarding.schema.ts`);
 * persons are edited with the individual's details (`onboarding.schema.ts`).
 */
import * as z from "zod/mini";
import { e164, text } from "./onboarding.schema.ts";

const optionalText = (max: number) => z.optional(text(max));
const webUrl = z.url({ protocol: /^https?$/ }).check(z.maxLength(500));

/** The business's details: its name, website, category (MCC) and what it sells. */
export const businessDetailsParamsSchema = z.strictObject({
  business_profile: z.strictObject({
    name: text(500),
    url: z.optional(webUrl),
    mcc: z.optional(z.string().check(z.regex(/^[0-9]{4}$/))),
    product_description: optionalText(1000),
  }),
});

/** The public details customers see: the support email, phone and website. */
export const supportDetailsParamsSchema = z.strictObject({
  business_profile: z.strictObject({
    support_email: z.optional(z.email().check(z.maxLength(320))),
    support_phone: z.optional(e164()),
    support_url: z.optional(webUrl),
  }),
});

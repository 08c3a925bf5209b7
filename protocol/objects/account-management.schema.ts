/**
 * The bodies account-management's section forms send to `POST /v1/account`, as the frames
 * check them before anything is sent; the provider applies the same rules
 * (`server/accounts/account-params.ts`, `tax-ids.ts`), so what one refuses the other refuses
 * too, on the same `param`. A field left empty is not sent (the value on file stays).
 * Persons are edited with the individual's details (`onboarding.schema.ts`).
 */
import * as z from "zod/mini";
import { addressIn } from "./onboarding.schema.ts";
import { checkAccountId } from "./tax-ids.ts";

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const optionalText = (max: number) => z.optional(text(max));
const webUrl = z.url({ protocol: /^https?$/ }).check(z.maxLength(500));
/** E.164, as the kit's phone field gives it. */
const phone = z.string().check(z.regex(/^\+[0-9]{6,15}$/));

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
    support_phone: z.optional(phone),
    support_url: z.optional(webUrl),
  }),
});

/**
 * The company of an account in `country`: its legal name, its address in that country (as
 * account-onboarding's company step checks it; left out when none is given), phone and tax id
 * (its rule).
 */
export const companyDetailsParamsSchema = (country: string) =>
  z.strictObject({
    company: z.strictObject({
      name: text(500),
      address: z.optional(addressIn(country)),
      phone: z.optional(phone),
      tax_id: z.optional(
        z.string().check(z.refine((t) => checkAccountId("tax_id", country, t).ok)),
      ),
    }),
  });

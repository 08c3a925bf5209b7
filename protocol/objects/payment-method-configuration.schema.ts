/**
 * A payment method configuration: which payment methods a connected account offers its
 * customers, each on or off, with whether it is available for the account's country and
 * default currency and what the account must still do before it can be turned on. The
 * provider keeps one default configuration per account (made on first read) and its methods'
 * capabilities; `GET /v1/payment_method_configurations`, `…/:id`, and
 * `POST …/:id` with `<method>[display_preference][preference]=on|off`.
 */
import * as z from "zod/mini";
import { unixSecondsSchema } from "./api-fields.schema.ts";

/** The kinds the methods are grouped by, in the order a person reads them. */
export const paymentMethodKinds = [
  "card",
  "wallet",
  "bank_debit",
  "buy_now_pay_later",
  "bank_redirect",
] as const;
export type PaymentMethodKind = (typeof paymentMethodKinds)[number];

/**
 * What an account may have to do before a method can be turned on, each read from the
 * account's own state: its card_payments capability active, a website on its business
 * profile, a support email (bank debits' mandates name it).
 */
export const paymentMethodRequirements = [
  "capabilities.card_payments",
  "business_profile.url",
  "business_profile.support_email",
] as const;
export type PaymentMethodRequirement = (typeof paymentMethodRequirements)[number];

export interface PaymentMethodSpec {
  kind: PaymentMethodKind;
  /** The account countries it is offered in (null: every country). */
  countries: readonly string[] | null;
  /** The account default currencies it settles in (null: every currency). */
  currencies: readonly string[] | null;
  requires: readonly PaymentMethodRequirement[];
  /** On in a new configuration (when available and its requirements are met). */
  onByDefault: boolean;
  /** A brand's name, the same in every language (a generic method's name is translated). */
  brand?: string;
}

const sepa = ["AT", "BE", "DE", "ES", "FI", "FR", "IE", "IT", "LU", "NL", "PT"] as const;

/** The methods a configuration holds, in display order within their kinds. */
export const paymentMethodSpecs = {
  card: {
    kind: "card",
    countries: null,
    currencies: null,
    requires: ["capabilities.card_payments"],
    onByDefault: true,
  },
  apple_pay: {
    brand: "Apple Pay",
    kind: "wallet",
    countries: null,
    currencies: null,
    requires: ["capabilities.card_payments", "business_profile.url"],
    onByDefault: true,
  },
  google_pay: {
    brand: "Google Pay",
    kind: "wallet",
    countries: null,
    currencies: null,
    requires: ["capabilities.card_payments", "business_profile.url"],
    onByDefault: true,
  },
  link: {
    brand: "Link",
    kind: "wallet",
    countries: ["US", "GB", "CA", "AU", ...sepa],
    currencies: null,
    requires: ["capabilities.card_payments"],
    onByDefault: true,
  },
  us_bank_account: {
    kind: "bank_debit",
    countries: ["US"],
    currencies: ["usd"],
    requires: ["business_profile.support_email"],
    onByDefault: false,
  },
  sepa_debit: {
    kind: "bank_debit",
    countries: sepa,
    currencies: ["eur"],
    requires: ["business_profile.support_email"],
    onByDefault: false,
  },
  bacs_debit: {
    kind: "bank_debit",
    countries: ["GB"],
    currencies: ["gbp"],
    requires: ["business_profile.support_email"],
    onByDefault: false,
  },
  au_becs_debit: {
    kind: "bank_debit",
    countries: ["AU"],
    currencies: ["aud"],
    requires: ["business_profile.support_email"],
    onByDefault: false,
  },
  acss_debit: {
    kind: "bank_debit",
    countries: ["CA"],
    currencies: ["cad"],
    requires: ["business_profile.support_email"],
    onByDefault: false,
  },
  klarna: {
    brand: "Klarna",
    kind: "buy_now_pay_later",
    countries: ["US", "GB", ...sepa],
    currencies: ["usd", "gbp", "eur"],
    requires: ["capabilities.card_payments", "business_profile.url"],
    onByDefault: false,
  },
  afterpay_clearpay: {
    brand: "Afterpay / Clearpay",
    kind: "buy_now_pay_later",
    countries: ["US", "CA", "GB", "AU"],
    currencies: ["usd", "cad", "gbp", "aud"],
    requires: ["capabilities.card_payments", "business_profile.url"],
    onByDefault: false,
  },
  affirm: {
    brand: "Affirm",
    kind: "buy_now_pay_later",
    countries: ["US", "CA"],
    currencies: ["usd", "cad"],
    requires: ["capabilities.card_payments", "business_profile.url"],
    onByDefault: false,
  },
  ideal: {
    brand: "iDEAL",
    kind: "bank_redirect",
    countries: ["NL", ...sepa],
    currencies: ["eur"],
    requires: ["business_profile.url"],
    onByDefault: false,
  },
  bancontact: {
    brand: "Bancontact",
    kind: "bank_redirect",
    countries: ["BE", ...sepa],
    currencies: ["eur"],
    requires: ["business_profile.url"],
    onByDefault: false,
  },
  p24: {
    brand: "Przelewy24",
    kind: "bank_redirect",
    countries: ["PL", ...sepa],
    currencies: ["eur", "pln"],
    requires: ["business_profile.url"],
    onByDefault: false,
  },
  konbini: {
    brand: "Konbini",
    kind: "bank_redirect",
    countries: ["JP"],
    currencies: ["jpy"],
    requires: ["business_profile.url"],
    onByDefault: false,
  },
} as const satisfies Record<string, PaymentMethodSpec>;

export type PaymentMethodType = keyof typeof paymentMethodSpecs;
export const paymentMethodTypes = Object.keys(paymentMethodSpecs) as PaymentMethodType[];

export const preferenceValues = ["on", "off"] as const;
export type Preference = (typeof preferenceValues)[number];

/** One method of a configuration, as the provider computes it for the account. */
export const paymentMethodSettingSchema = z.strictObject({
  kind: z.enum(paymentMethodKinds),
  /** Offered for the account's country and default currency. */
  available: z.boolean(),
  /** Why not, when not available. */
  unavailable_reason: z.nullable(z.enum(["country", "currency"])),
  /** What the account has not done yet that the method needs (empty: nothing). */
  requirements: z.array(z.enum(paymentMethodRequirements)),
  /** The method's capability: active while it is on and can take payments; pending while it
   * is asked for but waits on a requirement; inactive otherwise. */
  capability: z.enum(["active", "inactive", "pending"]),
  display_preference: z.strictObject({
    /** What the account chose. */
    preference: z.enum(preferenceValues),
    /** What customers get: on only when chosen, available and nothing is required. */
    value: z.enum(preferenceValues),
  }),
});
export type PaymentMethodSetting = z.output<typeof paymentMethodSettingSchema>;

const methodShape = Object.fromEntries(
  paymentMethodTypes.map((type) => [type, paymentMethodSettingSchema]),
) as Record<PaymentMethodType, typeof paymentMethodSettingSchema>;

export const paymentMethodConfigurationSchema = z.strictObject({
  id: z.string(),
  object: z.literal("payment_method_configuration"),
  account: z.string(),
  name: z.string(),
  /** The account's default configuration (the component shows it without an id). */
  is_default: z.boolean(),
  active: z.boolean(),
  /** The account's country and default currency the availability was computed for. */
  country: z.string(),
  currency: z.string(),
  created: unixSecondsSchema,
  livemode: z.boolean(),
  ...methodShape,
});
export type PaymentMethodConfiguration = z.output<typeof paymentMethodConfigurationSchema>;

/** The update's parameters: `<method>[display_preference][preference]=on|off`, any of them. */
export const paymentMethodConfigurationUpdateParamsSchema = z.strictObject(
  Object.fromEntries(
    paymentMethodTypes.map((type) => [
      type,
      z.optional(
        z.strictObject({
          display_preference: z.strictObject({ preference: z.enum(preferenceValues) }),
        }),
      ),
    ]),
  ) as Record<
    PaymentMethodType,
    z.ZodMiniOptional<
      z.ZodMiniObject<{
        display_preference: z.ZodMiniObject<{
          preference: z.ZodMiniEnum<{ on: "on"; off: "off" }>;
        }>;
      }>
    >
  >,
);
export type PaymentMethodConfigurationUpdateParams = z.output<
  typeof paymentMethodConfigurationUpdateParamsSchema
>;

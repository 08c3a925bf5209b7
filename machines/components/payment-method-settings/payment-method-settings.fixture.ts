import {
  type PaymentMethodConfiguration,
  type PaymentMethodSetting,
  type PaymentMethodType,
  paymentMethodConfigurationSchema,
  paymentMethodSpecs,
  paymentMethodTypes,
} from "../../../protocol/objects/payment-method-configuration.schema.ts";

/**
 * A configuration as the provider answers it (parsed by the protocol's schema), for the
 * machine's and the view's tests: every method available, nothing required, each method on
 * or off by `preference`, then `overrides` per method.
 */
export function configurationFixture(
  id: string,
  preference: "on" | "off",
  overrides: Partial<Record<PaymentMethodType, Partial<PaymentMethodSetting>>> = {},
): PaymentMethodConfiguration {
  return paymentMethodConfigurationSchema.parse({
    id,
    object: "payment_method_configuration",
    account: "acct_1",
    name: "Default",
    is_default: id === "pmc_default",
    active: true,
    country: "US",
    currency: "usd",
    created: 1_700_000_000,
    livemode: false,
    ...Object.fromEntries(
      paymentMethodTypes.map((type) => [
        type,
        {
          kind: paymentMethodSpecs[type].kind,
          available: true,
          unavailable_reason: null,
          requirements: [],
          capability: preference === "on" ? "active" : "inactive",
          display_preference: { preference, value: preference },
          ...overrides[type],
        },
      ]),
    ),
  });
}

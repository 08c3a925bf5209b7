import { describe, expect, it } from "vitest";
import { claimedSessionFixture } from "../objects/claimed-account-session.fixture.ts";
import { claimedAccountSessionSchema } from "../objects/claimed-account-session.schema.ts";
import { sanitizeSession } from "../objects/sanitized-session.schema.ts";
import { componentsOffering, featureDefaultsOf, sessionFeature } from "./features.ts";
import { catalogueEntries } from "./index.ts";

describe("account-session features, named once in the catalogue", () => {
  it("each payments view names its features with their defaults", () => {
    expect(featureDefaultsOf("payments")).toEqual({
      refund_management: true,
      dispute_management: true,
      capture_payments: true,
      destination_on_behalf_of_charge_management: false,
      export: false,
      enable_embedded_email_filter_in_payments_list: false,
      enable_embedded_metadata_filter_in_payments_list: false,
    });
    expect(featureDefaultsOf("disputes_list")).toMatchObject({ export: false });
    expect(featureDefaultsOf("payouts_list")).toEqual({});
  });

  it("knows which components grant a feature (the provider's guards read this)", () => {
    expect(componentsOffering("refund_management").sort()).toEqual([
      "disputes_list",
      "payment_details",
      "payment_disputes",
      "payments",
    ]);
    expect(componentsOffering("capture_payments")).not.toContain("payment_disputes");
    expect(componentsOffering("export").sort()).toEqual(["disputes_list", "payments"]);
  });

  it("a feature is on only when its component is enabled, and falls back to the catalogue default", () => {
    const components = {
      payments: { enabled: true, features: { refund_management: false } },
      disputes_list: { enabled: false, features: { dispute_management: true } },
    };
    expect(sessionFeature(components, "payments", "refund_management")).toBe(false);
    expect(sessionFeature(components, "payments", "capture_payments")).toBe(true);
    expect(sessionFeature(components, "payments", "export")).toBe(false);
    expect(sessionFeature(components, "disputes-list", "dispute_management")).toBe(false);
    expect(sessionFeature(components, "payment-details", "refund_management")).toBe(false);
  });

  it("the sanitized session a frame gets carries the features", () => {
    const claimed = claimedAccountSessionSchema.parse({
      ...claimedSessionFixture,
      components: {
        payments: { enabled: true, features: { export: true, capture_payments: false } },
      },
    });
    const sanitized = sanitizeSession(claimed);
    expect(sessionFeature(sanitized.components, "payments", "export")).toBe(true);
    expect(sessionFeature(sanitized.components, "payments", "capture_payments")).toBe(false);
  });

  it("feature flags of SPEC.md §9 that are features say so, and every name is unique per entry", () => {
    const flags = catalogueEntries().flatMap(([, d]) =>
      d.features.filter((f) => f.flag).map((f) => f.name),
    );
    expect(new Set(flags)).toEqual(
      new Set([
        "enable_embedded_email_filter_in_payments_list",
        "enable_embedded_metadata_filter_in_payments_list",
        "enable_metadata_in_payment_details",
        "enable_topups",
        "instant_payouts_rtp_disabled",
        "instant_payouts_to_debit_cards_disabled",
      ]),
    );
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tagName } from "../provider.ts";
import { componentDefinitionSchema } from "./definition.schema.ts";
import {
  catalogue,
  catalogueEntries,
  componentNames,
  getDefinition,
  isComponentName,
  publicComponents,
  resolveAlias,
  supportsAccountType,
  tagOf,
  validateAttribute,
  validateSetter,
} from "./index.ts";
import { chooseIntervalType, resolveChartInterval } from "./inputs.schema.ts";

// The frames run jitless; the catalogue's schemas must work there.
z.config({ jitless: true });

type Visibility = "public" | "internal";
interface SpecEntry {
  release?: "ga" | "preview" | "internal" | "entry_point";
  attributes?: Record<string, Visibility>;
  /** Setter method names; SPEC.md's wording is in the comment beside each. */
  setters?: Record<string, Visibility>;
  events?: Record<string, Visibility>;
  aliasOf?: string;
}

const P = "public";
const I = "internal";

/**
 * SPEC.md §2 "Component catalogue", written out by hand (plus the tags §1 names that §2
 * leaves out: terminal-hardware-orders-list and recipients). An item is internal only where
 * the spec marks it so.
 */
const spec: Record<string, SpecEntry> = {
  "account-management": {
    attributes: { "enable-address-autocomplete": I, "show-express-settings": I },
    setters: {
      setDisabledSections: I, // disabled sections (internal)
      setHiddenSections: I, // hidden sections (internal)
      setCollectionOptions: P, // collectionOptions (public)
      setDisableBankConnections: I, // disable bank connections (internal)
      setIsDirectSettings: I, // isDirectSettings (internal)
      setIsOrrM5: I, // isOrrM5 (internal)
    },
  },
  "account-onboarding": {
    attributes: {
      "full-terms-of-service-url": P,
      "recipient-terms-of-service-url": P,
      "privacy-policy-url": P,
      "skip-terms-of-service-collection": P,
      align: I,
      collect: I,
      intent: I,
      "analytics-flow": I,
      "analytics-prefix": I,
      "show-icons": I,
      "emit-v2-account-link-webhook": I,
      "show-verbose-redirect": I,
      "show-save-for-later": I,
      "hide-footer-links": I,
      "enable-address-autocomplete": I,
      "preselected-legal-entity-token": I,
      debug: I,
      "use-platform-branding-settings": I,
      "edit-payout-schedule-enabled": I,
    },
    events: { exit: P, onboardingexited: P, stepchange: P },
    setters: {
      // "The three URL setters and the skip setter"
      setFullTermsOfService: P,
      setRecipientTermsOfService: P,
      setPrivacyPolicy: P,
      setSkipTermsOfServiceCollection: P,
      setOnExit: P, // onExit
      setOnStepChange: P, // onStepChange
      setCollectionOptions: P, // collectionOptions
      setPrefillOptions: I, // prefillOptions (internal)
      setStep: I, // step (internal)
      setPreselectedLegalEntityToken: I, // preselected legal entity token (internal)
    },
  },
  "app-install": {
    attributes: { app: P, test: P },
    events: { appinstallfetched: P, appinstallcompleted: P },
  },
  "app-onboarding": {
    aliasOf: "app-install",
    attributes: { app: P, test: P },
    events: { appinstallfetched: P, appinstallcompleted: P },
  },
  "app-settings": { attributes: { app: P, "user-id": P } },
  "app-viewport": { attributes: { app: P }, setters: { setAppData: P } },
  "capital-financing-application": {
    attributes: {
      "privacy-policy-url": P,
      "how-capital-works-url": P,
      "capital-scheme": I,
      debug: I,
    },
    events: { onapplicationsubmitted: P, onapplicationstepchange: P },
  },
  "capital-financing-promotion": {
    attributes: {
      layout: P,
      "privacy-policy-url": P,
      "eligibility-criteria-url": P,
      "how-capital-works-url": P,
      "disable-view-offer-button": I,
      "support-url": I,
      "application-presentation": I,
      "capital-scheme": I,
      debug: I,
    },
    events: {
      onapplicationsubmitted: P,
      oneligiblefinancingofferloaded: P,
      onapplicationstepchange: P,
    },
  },
  "capital-financing": {
    attributes: {
      "default-financing-offer": P,
      "show-financing-selector": P,
      "how-capital-works-url": P,
      "faq-url": P,
      "support-url": P,
      "capital-scheme": I,
      "direct-financing-object": I,
    },
    events: { onfinancingsloaded: P, onchangefinancing: I },
  },
  "capital-overview": {},
  "financial-account": { attributes: { "financial-account": P } },
  "financial-account-transactions": { attributes: { "financial-account": P } },
  recipients: { release: "preview", attributes: { "financial-account": P } },
  "issuing-card": {
    attributes: { "default-card": P, "card-switching": P, "show-spend-controls": P },
    setters: { setFetchEphemeralKey: P },
  },
  "issuing-cards-list": {
    attributes: { "show-spend-controls": P, "issuing-program": P },
    setters: { setFetchEphemeralKey: P },
  },
  "payment-details": {
    attributes: { "charge-id": P, visible: P, payment: P, inline: I },
    events: { close: P },
  },
  "payment-disputes": { attributes: { payment: P }, events: { ondisputesloaded: P } },
  "payment-method-settings": { attributes: { "payment-method-configuration": P } },
  "payout-details": { attributes: { payout: P, inline: P }, events: { close: P } },
  payouts: {
    attributes: {
      "show-manual-payout-schedule-contact-platform-message": I,
      "hide-manual-payout-schedule-status": I,
    },
  },
  balances: {
    attributes: {
      "show-manual-payout-schedule-contact-platform-message": I,
      "hide-manual-payout-schedule-status": I,
      "instant-payouts": P,
    },
  },
  "payouts-list": { attributes: { "recent-payouts": I } },
  payments: {
    attributes: { "recent-payments": I },
    setters: { setDefaultFilters: P }, // default filters: amount, date, status, payment method
  },
  "transactions-list": {
    release: "internal",
    attributes: { "recent-transactions": I },
    setters: { setDefaultFilters: P }, // default filters: type only
  },
  "disputes-list": {},
  "instant-payouts": { events: { instantpayoutcreated: P } },
  "instant-payouts-legacy": { aliasOf: "instant-payouts", events: { instantpayoutcreated: P } },
  "instant-payouts-promotion": {
    events: { oninstantpayoutspromotionloaded: P, instantpayoutcreated: P },
  },
  "notification-banner": {
    attributes: { "is-hosted-dashboard": I },
    events: { onnotificationschange: P },
    setters: {
      setDisabledSections: P, // disabled sections
      setMobileBannerOptions: P, // mobileBannerOptions
      setDisableBankConnections: P, // disable bank connections
      setCollectionOptions: P, // collectionOptions
    },
  },
  "product-tax-code-selector": {
    setters: {
      setOnTaxCodeSelect: P,
      setHideDescription: P,
      setDisabled: P,
      setInitialTaxCode: P,
    },
  },
  "tax-settings": {
    setters: { setDisplayHeadOfficeCountries: P, setHideProductTaxCodeSelector: P },
    events: { ontaxsettingsupdated: P },
  },
  "tax-registrations": {
    setters: { setDisplayCountries: P },
    events: { onaftertaxregistrationadded: P, onaftertaxregistrationexpired: P },
  },
  "tax-threshold-monitoring": { setters: { setDisplayCountries: P } },
  "export-tax-transactions": {},
  documents: {},
  "reporting-chart": {
    attributes: { "report-name": P, "interval-type": P },
    setters: { setIntervalStart: P, setIntervalEnd: P },
  },
  "terminal-hardware-shop": { release: "internal", events: { oncheckoutfinished: P } },
  "terminal-hardware-orders-list": { release: "internal" },
  "check-scanning": { release: "internal", setters: { setHandleCheckScanSubmitted: P } },
  "payout-reconciliation-report": {
    release: "internal",
    events: { onreportavailabilityloaded: P },
  },
  "account-management-form": {
    release: "internal",
    setters: { setSectionView: P, setDisableBankConnections: P },
    events: { accountmanagementformclose: P },
  },
  "earnings-chart": { release: "internal", attributes: { "chart-aspect-ratio": P } },
  "debug-hosted-dashboard-preview": {
    release: "internal",
    attributes: { icon: P, "display-name": P },
  },
  "debug-ui-config": {
    release: "internal",
    attributes: { simplified: P, "from-internal-site": P, "express-branding-settings": P },
  },
  "debug-utils": { release: "internal" },
  "debug-ui-library": { release: "internal" },
  "debug-ui-preview": { release: "internal" },
  "debug-components-list": { release: "internal" },
  "invoice-history": { release: "internal" },
  "balance-report": { release: "internal" },
  // SPEC.md §2 names no events for the entry points; their internal events are ours, so a
  // native app hears the task's outcome (entries/entry-points.ts, docs/mobile.md).
  "entry-point-edit-payout-destination": {
    release: "entry_point",
    events: { payoutdestinationchanged: I, exit: I },
  },
  "entry-point-edit-payout-schedule": {
    release: "entry_point",
    events: { payoutschedulechanged: I, exit: I },
  },
  "entry-point-create-payout": {
    release: "entry_point",
    attributes: { "payout-purpose": I },
    events: { payoutcreated: I, exit: I },
  },
  "entry-point-add-funds": {
    release: "entry_point",
    attributes: { "selected-currency": I },
    events: { fundsadded: I, exit: I },
  },
};

const visibilities = (items: readonly { name: string; internal: boolean }[]) =>
  Object.fromEntries(items.map((i) => [i.name, i.internal ? I : P]));

describe("SPEC.md §2 component catalogue", () => {
  it("has every tag of SPEC.md §2 and no other", () => {
    expect([...componentNames].sort()).toEqual(Object.keys(spec).sort());
  });

  it.each(Object.entries(spec))(
    "%s has the attributes, setters and events SPEC.md names, marked public/internal as it says",
    (name, expected) => {
      const definition = getDefinition(name);
      expect(definition).toBeDefined();
      if (!definition) return;
      expect(visibilities(definition.htmlAttributes)).toEqual(expected.attributes ?? {});
      expect(visibilities(definition.customHtmlElementMethods)).toEqual(expected.setters ?? {});
      expect(visibilities(definition.htmlEvents)).toEqual(expected.events ?? {});
      expect(definition.releaseState).toBe(expected.release ?? "ga");
      expect(definition.aliasOf).toBe(expected.aliasOf);
    },
  );

  it("each tag has the form {prefix}-<name>", () => {
    expect(tagOf("account-onboarding")).toBe(tagName("account-onboarding"));
    expect(tagOf("payouts")).toMatch(/^[a-z]+-payouts$/);
  });
});

describe("SPEC.md §3 component definition", () => {
  it.each(componentNames)("%s parses with the definition schema", (name) => {
    const parsed = componentDefinitionSchema.safeParse(catalogue[name]);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it("rejects a setter whose type does not match its target", () => {
    const bad = {
      ...catalogue.payouts,
      customHtmlElementMethods: [
        {
          name: "setOnThing",
          type: "EventListenerMethod",
          target: { kind: "object", name: "thing" },
          internal: false,
          description: "x",
          schema: z.string(),
        },
      ],
    };
    expect(componentDefinitionSchema.safeParse(bad).success).toBe(false);
  });

  it("rejects a setter that targets an attribute the entry lacks", () => {
    const bad = {
      ...catalogue.payouts,
      customHtmlElementMethods: [
        {
          name: "setPayout",
          type: "AttributeSettingMethod",
          target: { kind: "attribute", name: "payout" },
          internal: false,
          description: "x",
          schema: z.string(),
        },
      ],
    };
    expect(componentDefinitionSchema.safeParse(bad).success).toBe(false);
  });

  it("enabledKey is the snake_case key of the session's components map", () => {
    expect(catalogue["account-onboarding"].enabledKey).toBe("account_onboarding");
    for (const name of componentNames) {
      expect(catalogue[name].enabledKey).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    }
  });

  it("per-component enable flags follow the pattern enable_<component>_component (SPEC.md §9)", () => {
    for (const name of componentNames) {
      expect(catalogue[name].enabledOverrideFlag).toMatch(/^enable_[a-z0-9_]+_component$/);
    }
    expect(catalogue.payouts.enabledOverrideFlag).toBe("enable_payouts_component");
    expect(catalogue["check-scanning"].enabledOverrideFlag).toBe("enable_check_scanning_component");
    expect(catalogue["financial-account"].enabledOverrideFlag).toBe(
      "enable_treasury_financial_account_component",
    );
  });

  it("catalogueEntries lists every entry with its name", () => {
    expect(catalogueEntries().map(([n]) => n)).toEqual(componentNames);
    expect(catalogueEntries()[0]?.[1]).toBe(catalogue[componentNames[0]!]);
  });

  it("every error text is non-empty", () => {
    for (const name of componentNames) expect(catalogue[name].errorText.trim()).not.toBe("");
  });

  it("uses the load-failure texts of SPEC.md §8 verbatim", () => {
    const table: Record<string, string> = {
      "account-management":
        "Your money is secure, but your account information cannot be loaded here.",
      "account-onboarding":
        "Your money is secure, but your account information cannot be loaded here.",
      "payment-method-settings":
        "Your money is secure, but your payment method settings cannot be loaded here.",
      payouts: "Your money is secure, but your payouts information cannot be loaded here.",
      "transactions-list": "Your money is secure, but your transactions cannot be loaded here.",
      payments: "Your money is secure, but your payments information cannot be loaded here.",
      "instant-payouts":
        "Your money is secure, but your payments information cannot be loaded here.",
      "notification-banner":
        "Your money is secure, but your payments information cannot be loaded here.",
      "disputes-list": "Your money is secure, but your disputes information cannot be loaded here.",
      documents: "Your documents cannot be loaded.",
      "reporting-chart": "Your money is secure, but your information cannot be loaded here.",
      "balance-report": "Your balance report cannot be loaded.",
      "payout-reconciliation-report": "Your payout reconciliation report cannot be loaded.",
    };
    for (const [name, text] of Object.entries(table)) {
      expect(getDefinition(name)?.errorText, name).toBe(text);
    }
  });

  it("these components require an authenticated session: account management, account onboarding, notification banner, payment method settings (SPEC.md §6)", () => {
    const requiring = componentNames.filter((n) => catalogue[n].requiresAuthentication);
    expect(requiring.sort()).toEqual(
      [
        "account-management",
        "account-onboarding",
        "notification-banner",
        "payment-method-settings",
      ].sort(),
    );
  });

  it("marks capital-overview, app-settings, app-onboarding and instant-payouts deprecated (SPEC.md §1)", () => {
    const deprecated = componentNames.filter(
      (n) => getDefinition(n as string)?.deprecatedMessage !== undefined,
    );
    expect(deprecated.sort()).toEqual(
      [
        "app-onboarding",
        "app-settings",
        "capital-overview",
        "instant-payouts",
        "instant-payouts-legacy",
      ].sort(),
    );
    expect(catalogue["instant-payouts"].deprecatedMessage).toContain(tagName("balances"));
    expect(catalogue["app-settings"].deprecatedMessage).toContain(tagName("app-viewport"));
    expect(catalogue["app-onboarding"].deprecatedMessage).toContain(tagName("app-install"));
  });

  it("issuing-card has a maximum width; details components can render inline or as an overlay", () => {
    expect(catalogue["issuing-card"].maxWidth).toBeGreaterThan(0);
    expect(catalogue["payment-details"].optionalInlineOverlay).toBe(true);
    expect(catalogue["payout-details"].optionalInlineOverlay).toBe(true);
  });
});

describe("aliases and lookups", () => {
  it("app-onboarding reuses app-install; the legacy instant payouts tag reuses instant-payouts", () => {
    expect(resolveAlias("app-onboarding")).toBe("app-install");
    expect(resolveAlias("instant-payouts-legacy")).toBe("instant-payouts");
    expect(resolveAlias("payouts")).toBe("payouts");
    expect(catalogue["app-onboarding"].enabledKey).toBe(catalogue["app-install"].enabledKey);
  });

  it("every alias points at a component that is not itself an alias", () => {
    for (const name of componentNames) {
      const target = getDefinition(name as string)?.aliasOf;
      if (target === undefined) continue;
      expect(isComponentName(target)).toBe(true);
      expect(getDefinition(target)?.aliasOf).toBeUndefined();
    }
  });

  it("isComponentName knows catalogue names only", () => {
    expect(isComponentName("payouts")).toBe(true);
    expect(isComponentName("toString")).toBe(false);
    expect(isComponentName(tagName("payouts"))).toBe(false);
    expect(getDefinition("nope")).toBeUndefined();
  });

  it("publicComponents leaves out internal components and entry points", () => {
    const names = publicComponents();
    expect(names).toContain("payments");
    expect(names).toContain("recipients");
    expect(names).toContain("app-onboarding");
    expect(names).not.toContain("transactions-list");
    expect(names).not.toContain("debug-utils");
    expect(names).not.toContain("entry-point-add-funds");
  });
});

describe("SPEC.md §5 component inputs", () => {
  const rejected = (result: { ok: boolean; error?: { code: string; message: string } }) => {
    expect(result.ok).toBe(false);
    return result.error!;
  };

  it("payment-method-configuration on payment-method-settings must be a configuration id (pmc_)", () => {
    const error = rejected(
      validateAttribute("payment-method-settings", "payment-method-configuration", "card"),
    );
    expect(error.code).toBe("invalid_attribute");
    expect(error.message).toContain("payment-method-configuration");
    expect(
      validateAttribute("payment-method-settings", "payment-method-configuration", "pmc_123"),
    ).toEqual({ ok: true, value: "pmc_123" });
  });

  it("report-name on the reporting chart must be gross_volume or net_volume", () => {
    const error = rejected(validateAttribute("reporting-chart", "report-name", "foo"));
    expect(error.code).toBe("invalid_attribute");
    expect(error.message).toBe(
      'reporting-chart report-name: must be "gross_volume" or "net_volume" (got "foo")',
    );
    expect(validateAttribute("reporting-chart", "report-name", "net_volume")).toEqual({
      ok: true,
      value: "net_volume",
    });
  });

  it("interval-type must be day, week or month", () => {
    const error = rejected(validateAttribute("reporting-chart", "interval-type", "year"));
    expect(error.message).toContain('must be "day", "week" or "month"');
    expect(validateAttribute("reporting-chart", "interval-type", "week")).toEqual({
      ok: true,
      value: "week",
    });
  });

  it("intervalStart and intervalEnd are dates", () => {
    const error = rejected(validateSetter("reporting-chart", "setIntervalStart", "yesterday"));
    expect(error.code).toBe("invalid_setter_value");
    expect(error.message).toContain("must be a valid Date or an ISO 8601 date");
    const ok = validateSetter("reporting-chart", "setIntervalEnd", "2025-03-01");
    expect(ok.ok && ok.value.toISOString()).toBe("2025-03-01T00:00:00.000Z");
    expect(validateSetter("reporting-chart", "setIntervalStart", new Date(0)).ok).toBe(true);
    expect(validateSetter("reporting-chart", "setIntervalStart", new Date("x")).ok).toBe(false);
  });

  it("an interval end before its start is refused, naming the setter that made it so", () => {
    const setters = { intervalStart: new Date("2025-03-10T00:00:00Z") };
    const error = rejected(
      validateSetter("reporting-chart", "setIntervalEnd", "2025-03-01", { setters }),
    );
    expect(error).toMatchObject({ code: "invalid_setter_value", name: "setIntervalEnd" });
    expect(error.message).toBe(
      "reporting-chart setIntervalEnd: must not make intervalEnd earlier than intervalStart",
    );
    const later = { intervalEnd: new Date("2025-03-01T00:00:00Z") };
    expect(
      rejected(
        validateSetter("reporting-chart", "setIntervalStart", "2025-03-02", { setters: later }),
      ).message,
    ).toMatch(/^reporting-chart setIntervalStart: must not make intervalEnd earlier/);
    expect(validateSetter("reporting-chart", "setIntervalEnd", "2025-03-10", { setters }).ok).toBe(
      true,
    );
  });

  it("layout on the capital financing promotion is banner or full", () => {
    const error = rejected(validateAttribute("capital-financing-promotion", "layout", "sidebar"));
    expect(error.message).toBe(
      'capital-financing-promotion layout: must be "banner" or "full" (got "sidebar")',
    );
    expect(validateAttribute("capital-financing-promotion", "layout", "banner").ok).toBe(true);
  });

  it("only the company, person, support and external account sections may be disabled in account management", () => {
    const error = rejected(
      validateSetter("account-management", "setDisabledSections", ["company", "payouts"]),
    );
    expect(error.message).toBe(
      'account-management setDisabledSections: 1: must be one of "company", "person", "support", "external_account"',
    );
    expect(
      validateSetter("account-management", "setDisabledSections", ["person", "external_account"]),
    ).toEqual({ ok: true, value: ["person", "external_account"] });
  });

  it("the account management form targets only those sections, and only a person's subviews: add or a person id", () => {
    const error = rejected(
      validateSetter("account-management-form", "setSectionView", { section: "payouts" }),
    );
    expect(error.message).toContain("section: must be one of");
    const noSubviews = rejected(
      validateSetter("account-management-form", "setSectionView", {
        section: "support",
        subview: "contact_email",
      }),
    );
    expect(noSubviews.message).toContain("setSectionView");
    expect(noSubviews.message).toContain("subview: must be left out");
    const unknownPerson = rejected(
      validateSetter("account-management-form", "setSectionView", {
        section: "person",
        subview: "edit",
      }),
    );
    expect(unknownPerson.message).toContain("setSectionView");
    expect(unknownPerson.message).toContain('subview: must be "add" or a person\'s id');
    for (const subview of ["add", "person_0lz3k2a1b000Ab12Cd34Ef56", undefined])
      expect(
        validateSetter("account-management-form", "setSectionView", {
          section: "person",
          ...(subview ? { subview } : {}),
        }).ok,
      ).toBe(true);
    expect(
      validateSetter("account-management-form", "setSectionView", { section: "company" }).ok,
    ).toBe(true);
  });

  it("the external account's one subview is bank_account (the flow opened at once); any other names setSectionView", () => {
    for (const subview of ["add", "card", "person_0lz3k2a1b000Ab12Cd34Ef56"]) {
      const error = rejected(
        validateSetter("account-management-form", "setSectionView", {
          section: "external_account",
          subview,
        }),
      );
      expect(error).toMatchObject({ code: "invalid_setter_value", name: "setSectionView" });
      expect(error.message).toContain('subview: must be "bank_account"');
    }
    for (const subview of ["bank_account", undefined])
      expect(
        validateSetter("account-management-form", "setSectionView", {
          section: "external_account",
          ...(subview ? { subview } : {}),
        }),
      ).toEqual({
        ok: true,
        value: { section: "external_account", ...(subview ? { subview } : {}) },
      });
  });

  it("the transactions list accepts a default filter on type only", () => {
    const error = rejected(
      validateSetter("transactions-list", "setDefaultFilters", { status: ["succeeded"] }),
    );
    expect(error.message).toBe(
      'transactions-list setDefaultFilters: key "status" is not accepted here',
    );
    expect(
      validateSetter("transactions-list", "setDefaultFilters", { type: ["charge", "refund"] }).ok,
    ).toBe(true);
  });

  it("the payments list accepts default filters on amount, date, status and payment method", () => {
    const error = rejected(
      validateSetter("payments", "setDefaultFilters", { customer: "cus_123" }),
    );
    expect(error.message).toBe('payments setDefaultFilters: key "customer" is not accepted here');
    const all = {
      amount: { between: { lower_bound: 100, upper_bound: 5000 } },
      date: { after: "2025-01-01" },
      status: ["succeeded", "refunded"],
      paymentMethod: "card",
    };
    expect(validateSetter("payments", "setDefaultFilters", all)).toEqual({ ok: true, value: all });
    expect(validateSetter("payments", "setDefaultFilters", { amount: { equals: 1.5 } }).ok).toBe(
      false,
    );
    expect(validateSetter("payments", "setDefaultFilters", { status: ["paid"] }).ok).toBe(false);
  });

  it("collectionOptions has fields and future_requirements in the shape platforms know", () => {
    const ok = validateSetter("account-onboarding", "setCollectionOptions", {
      fields: "eventually_due",
      future_requirements: "include",
    });
    expect(ok.ok).toBe(true);
    const error = rejected(
      validateSetter("account-onboarding", "setCollectionOptions", { fields: "all" }),
    );
    expect(error.message).toContain('fields: must be "currently_due" or "eventually_due"');
    const only = { fields: "currently_due", requirements: { only: ["external_account"] } };
    expect(validateSetter("account-onboarding", "setCollectionOptions", only)).toEqual({
      ok: true,
      value: only,
    });
    const both = rejected(
      validateSetter("account-onboarding", "setCollectionOptions", {
        fields: "currently_due",
        requirements: { only: ["a"], exclude: ["b"] },
      }),
    );
    expect(both.message).toContain("requirements: must be { only");
  });

  it("boolean attributes accept true, false or presence", () => {
    expect(validateAttribute("payout-details", "inline", "")).toEqual({ ok: true, value: true });
    expect(validateAttribute("payout-details", "inline", "false")).toEqual({
      ok: true,
      value: false,
    });
    expect(validateAttribute("payout-details", "inline", "yes").ok).toBe(false);
  });

  it("URL attributes must be http or https URLs", () => {
    expect(
      validateAttribute("account-onboarding", "privacy-policy-url", "https://example.com/privacy")
        .ok,
    ).toBe(true);
    const error = rejected(
      validateAttribute("account-onboarding", "privacy-policy-url", "javascript:alert(1)"),
    );
    expect(error.message).toContain("must be an absolute http or https URL");
    expect(validateAttribute("account-onboarding", "privacy-policy-url", "/privacy").ok).toBe(
      false,
    );
  });

  it("ids carry their prefixes", () => {
    expect(validateAttribute("payout-details", "payout", "po_123").ok).toBe(true);
    expect(validateAttribute("payout-details", "payout", "py_123").ok).toBe(false);
    expect(validateAttribute("payment-details", "payment", "py_123").ok).toBe(true);
    expect(validateAttribute("payment-details", "payment", "ch_123").ok).toBe(true);
    expect(validateAttribute("payment-details", "payment", "po_123").ok).toBe(false);
    expect(validateAttribute("financial-account", "financial-account", "fa_1").ok).toBe(true);
    expect(
      rejected(validateAttribute("financial-account", "financial-account", "acct_1")).message,
    ).toContain('must be a financial account id starting with "fa_"');
  });

  it("setters that pass functions through accept only functions", () => {
    expect(validateSetter("issuing-card", "setFetchEphemeralKey", async () => ({})).ok).toBe(true);
    expect(
      rejected(validateSetter("product-tax-code-selector", "setOnTaxCodeSelect", "cb")).message,
    ).toBe("product-tax-code-selector setOnTaxCodeSelect: must be a function");
    expect(validateSetter("account-onboarding", "setOnExit", () => {}).ok).toBe(true);
  });

  it("the terms-of-service and privacy-policy URL setters and the skip-terms setter are supported only for custom accounts", () => {
    for (const input of [
      "setFullTermsOfService",
      "setRecipientTermsOfService",
      "setPrivacyPolicy",
      "setSkipTermsOfServiceCollection",
      "privacy-policy-url",
    ]) {
      expect(supportsAccountType("account-onboarding", input, "custom"), input).toBe(true);
      expect(supportsAccountType("account-onboarding", input, "express"), input).toBe(false);
    }
    expect(supportsAccountType("account-onboarding", "setOnExit", "express")).toBe(true);
    const error = rejected(
      validateSetter("account-onboarding", "setPrivacyPolicy", "https://example.com/p", {
        accountType: "standard",
      }),
    );
    expect(error.code).toBe("account_type_not_supported");
    expect(
      validateSetter("account-onboarding", "setPrivacyPolicy", "https://example.com/p", {
        accountType: "custom",
      }).ok,
    ).toBe(true);
  });

  it("internal attributes and setters can be refused where they are not honoured (SPEC.md §6)", () => {
    const error = rejected(
      validateAttribute("payments", "recent-payments", "true", { allowInternal: false }),
    );
    expect(error.code).toBe("internal_not_allowed");
    expect(validateAttribute("payments", "recent-payments", "true").ok).toBe(true);
  });

  it("unknown components, attributes and setters are named in the error", () => {
    expect(rejected(validateAttribute("nope", "x", "")).code).toBe("unknown_component");
    const attr = rejected(validateAttribute("payouts", "colour", "red"));
    expect(attr).toEqual({
      code: "unknown_attribute",
      component: "payouts",
      name: "colour",
      message: "payouts colour: is not an attribute of it",
    });
    expect(rejected(validateSetter("payouts", "setColour", "red")).code).toBe("unknown_setter");
  });
});

describe("interval type when interval-type is not given", () => {
  const day = 86_400_000;
  const from = new Date("2025-01-01T00:00:00Z");
  const daysLater = (days: number) => new Date(from.getTime() + days * day);

  it("chooses day for up to a quarter, week for up to a year, month beyond", () => {
    expect(chooseIntervalType(from, daysLater(7))).toBe("day");
    expect(chooseIntervalType(from, daysLater(92))).toBe("day");
    expect(chooseIntervalType(from, daysLater(93))).toBe("week");
    expect(chooseIntervalType(from, daysLater(365))).toBe("week");
    expect(chooseIntervalType(from, daysLater(372))).toBe("month");
    expect(chooseIntervalType(daysLater(400), from)).toBe("month");
  });

  it("intervalStart and intervalEnd default to the start and end of the available data", () => {
    const available = { start: from, end: daysLater(30) };
    expect(resolveChartInterval({}, available)).toEqual({
      start: from,
      end: daysLater(30),
      intervalType: "day",
    });
    expect(resolveChartInterval({ intervalStart: daysLater(-700) }, available).intervalType).toBe(
      "month",
    );
    expect(resolveChartInterval({ intervalType: "month" }, available).intervalType).toBe("month");
    expect(resolveChartInterval({ intervalStart: daysLater(40) }, available)).toEqual({
      start: daysLater(30),
      end: daysLater(40),
      intervalType: "day",
    });
  });
});

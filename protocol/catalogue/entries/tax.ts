/** Tax settings, registrations, threshold monitoring, exports and the tax code selector. */
import { z } from "zod";
import { defineComponent, enableFlag } from "../definition.schema.ts";
import { booleanValue, countryList, functionValue, taxCode } from "../inputs.schema.ts";
import { errorTexts } from "./error-texts.ts";

const setDisplayCountries = {
  name: "setDisplayCountries",
  type: "SupplementalObject",
  target: { kind: "object", name: "displayCountries" },
  internal: false,
  description: "The countries to show (ISO codes such as US).",
  schema: countryList,
} as const;

const registrationDetail = z.strictObject({ id: z.string().min(1) });

export const taxEntries = {
  "tax-settings": defineComponent({
    enabledKey: "tax_settings",
    enabledOverrideFlag: enableFlag("tax_settings"),
    releaseState: "ga",
    friendlyName: "Tax settings",
    description: "Edits the head-office tax address and the default product tax code.",
    docSitePath: "/components/tax-settings",
    errorText: errorTexts.tax,
    htmlEvents: [
      {
        name: "ontaxsettingsupdated",
        internal: false,
        description: "The tax settings were saved.",
      },
    ],
    customHtmlElementMethods: [
      {
        name: "setDisplayHeadOfficeCountries",
        type: "SupplementalObject",
        target: { kind: "object", name: "displayHeadOfficeCountries" },
        internal: false,
        description: "The countries offered for the head office.",
        schema: countryList,
      },
      {
        name: "setHideProductTaxCodeSelector",
        type: "SupplementalObject",
        target: { kind: "object", name: "hideProductTaxCodeSelector" },
        internal: false,
        description: "Hides the default product tax code selector.",
        schema: booleanValue,
      },
    ],
  }),

  "tax-registrations": defineComponent({
    enabledKey: "tax_registrations",
    enabledOverrideFlag: enableFlag("tax_registrations"),
    releaseState: "ga",
    friendlyName: "Tax registrations",
    description: "Adds and removes tax registrations.",
    docSitePath: "/components/tax-registrations",
    errorText: errorTexts.tax,
    htmlEvents: [
      {
        name: "onaftertaxregistrationadded",
        internal: false,
        description: "A tax registration was added; gives its id.",
        detail: registrationDetail,
      },
      {
        name: "onaftertaxregistrationexpired",
        internal: false,
        description: "A tax registration expired; gives its id.",
        detail: registrationDetail,
      },
    ],
    customHtmlElementMethods: [setDisplayCountries],
  }),

  "tax-threshold-monitoring": defineComponent({
    enabledKey: "tax_threshold_monitoring",
    enabledOverrideFlag: enableFlag("tax_threshold_monitoring"),
    releaseState: "ga",
    friendlyName: "Tax threshold monitoring",
    description: "Tracks sales by tax jurisdiction against registration thresholds.",
    docSitePath: "/components/tax-threshold-monitoring",
    errorText: errorTexts.tax,
    customHtmlElementMethods: [setDisplayCountries],
  }),

  "export-tax-transactions": defineComponent({
    enabledKey: "export_tax_transactions",
    enabledOverrideFlag: enableFlag("export_tax_transactions"),
    releaseState: "ga",
    friendlyName: "Export tax transactions",
    description: "Exports the account's tax transactions.",
    docSitePath: "/components/export-tax-transactions",
    errorText: errorTexts.tax,
  }),

  "product-tax-code-selector": defineComponent({
    enabledKey: "product_tax_code_selector",
    enabledOverrideFlag: enableFlag("product_tax_code_selector"),
    releaseState: "ga",
    friendlyName: "Product tax code selector",
    description: "Picks a product tax code.",
    docSitePath: "/components/product-tax-code-selector",
    errorText: errorTexts.taxCodes,
    disableMinWidth: true,
    customHtmlElementMethods: [
      {
        name: "setOnTaxCodeSelect",
        type: "SupplementalFunction",
        target: { kind: "object", name: "onTaxCodeSelect" },
        internal: false,
        description: "Called with the tax code the user selects.",
        schema: functionValue,
      },
      {
        name: "setHideDescription",
        type: "SupplementalObject",
        target: { kind: "object", name: "hideDescription" },
        internal: false,
        description: "Hides the description of the selected code.",
        schema: booleanValue,
      },
      {
        name: "setDisabled",
        type: "SupplementalObject",
        target: { kind: "object", name: "disabled" },
        internal: false,
        description: "Disables the selector.",
        schema: booleanValue,
      },
      {
        name: "setInitialTaxCode",
        type: "SupplementalObject",
        target: { kind: "object", name: "initialTaxCode" },
        internal: false,
        description: "The tax code selected at first.",
        schema: taxCode,
      },
    ],
  }),
} as const;

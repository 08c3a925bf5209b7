/** Internal components and the debug tools (SPEC.md §2 "Other internal tools"). */
import { z } from "zod";
import { defineComponent, enableFlag } from "../definition.schema.ts";
import { booleanAttribute, functionValue, nonEmptyText, urlAttribute } from "../inputs.schema.ts";
import { errorTexts } from "./error-texts.ts";

/** Debug tools show the raw kit, so they ignore the platform's theme. */
const debugTool = <const N extends string, const K extends string>(
  name: N,
  key: K,
  friendlyName: string,
  description: string,
) =>
  ({
    enabledKey: key,
    enabledOverrideFlag: enableFlag(key),
    releaseState: "internal",
    friendlyName,
    description,
    docSitePath: `/components/${name}`,
    errorText: errorTexts.debugTool,
    ignoreThemingValues: true,
  }) as const;

export const internalEntries = {
  "terminal-hardware-orders-list": defineComponent({
    enabledKey: "terminal_hardware_orders_list",
    enabledOverrideFlag: enableFlag("terminal_hardware_orders_list"),
    releaseState: "internal",
    friendlyName: "Terminal hardware orders list",
    description: "The account's terminal hardware orders.",
    docSitePath: "/components/terminal-hardware-orders-list",
    errorText: errorTexts.terminalHardware,
  }),

  "terminal-hardware-shop": defineComponent({
    enabledKey: "terminal_hardware_shop",
    enabledOverrideFlag: enableFlag("terminal_hardware_shop"),
    releaseState: "internal",
    friendlyName: "Terminal hardware shop",
    description: "Orders terminal hardware.",
    docSitePath: "/components/terminal-hardware-shop",
    errorText: errorTexts.terminalHardware,
    htmlEvents: [
      {
        name: "oncheckoutfinished",
        internal: false,
        description: "The checkout finished; gives the order id.",
        detail: z.strictObject({ orderId: z.string().min(1) }),
      },
    ],
  }),

  "check-scanning": defineComponent({
    enabledKey: "check_scanning",
    enabledOverrideFlag: enableFlag("check_scanning"),
    releaseState: "internal",
    friendlyName: "Check scanning",
    description: "Scans checks for deposit.",
    docSitePath: "/components/check-scanning",
    errorText: errorTexts.checkScanning,
    customHtmlElementMethods: [
      {
        name: "setHandleCheckScanSubmitted",
        type: "SupplementalFunction",
        target: { kind: "object", name: "handleCheckScanSubmitted" },
        internal: false,
        description: "Called when a scan is submitted and ready.",
        schema: functionValue,
      },
    ],
  }),

  "invoice-history": defineComponent({
    enabledKey: "invoice_history",
    enabledOverrideFlag: enableFlag("invoice_history"),
    releaseState: "internal",
    friendlyName: "Invoice history",
    description: "The invoice history of billing customers.",
    docSitePath: "/components/invoice-history",
    errorText: errorTexts.invoices,
  }),

  "debug-utils": defineComponent(
    debugTool("debug-utils", "debug_utils", "Debug utils", "Utilities for debugging the kit."),
  ),

  "debug-ui-config": defineComponent({
    ...debugTool("debug-ui-config", "debug_ui_config", "UI config", "Edits the theming values."),
    htmlAttributes: [
      {
        name: "simplified",
        internal: false,
        description: "Shows only the common theming values.",
        schema: booleanAttribute,
      },
      {
        name: "from-internal-site",
        internal: false,
        description: "Opened from a provider-internal site.",
        schema: booleanAttribute,
      },
      {
        name: "express-branding-settings",
        internal: false,
        description: "Edits the express dashboard's branding settings.",
        schema: booleanAttribute,
      },
    ],
  }),

  "debug-ui-library": defineComponent(
    debugTool("debug-ui-library", "debug_ui_library", "UI library", "The kit's UI parts."),
  ),

  "debug-ui-preview": defineComponent(
    debugTool("debug-ui-preview", "debug_ui_preview", "UI preview", "Previews a theme."),
  ),

  "debug-components-list": defineComponent(
    debugTool(
      "debug-components-list",
      "debug_components_list",
      "Component list",
      "Lists every component of the catalogue.",
    ),
  ),

  "debug-hosted-dashboard-preview": defineComponent({
    ...debugTool(
      "debug-hosted-dashboard-preview",
      "debug_hosted_dashboard_preview",
      "Hosted dashboard preview",
      "Previews the hosted dashboard.",
    ),
    htmlAttributes: [
      { name: "icon", internal: false, description: "The icon shown.", schema: urlAttribute },
      {
        name: "display-name",
        internal: false,
        description: "The name shown.",
        schema: nonEmptyText,
      },
    ],
  }),
} as const;

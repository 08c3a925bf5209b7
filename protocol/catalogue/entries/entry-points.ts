/**
 * Mobile entry points (SPEC.md §2 "Entry points"). The web view that hosts them is already
 * authenticated, so they do not ask for provider-user sign-in themselves (SPEC.md §6 names
 * the four components that do).
 */
import { defineComponent, enableFlag } from "../definition.schema.ts";
import { currencyCode, nonEmptyText } from "../inputs.schema.ts";
import { errorTexts } from "./error-texts.ts";

export const entryPointEntries = {
  "entry-point-edit-payout-destination": defineComponent({
    enabledKey: "entry_point_edit_payout_destination",
    enabledOverrideFlag: enableFlag("entry_point_edit_payout_destination"),
    releaseState: "entry_point",
    friendlyName: "Edit payout destination",
    description: "Edits the bank account or card payouts go to.",
    docSitePath: "/components/entry-point-edit-payout-destination",
    errorText: errorTexts.account,
  }),

  "entry-point-edit-payout-schedule": defineComponent({
    enabledKey: "entry_point_edit_payout_schedule",
    enabledOverrideFlag: enableFlag("entry_point_edit_payout_schedule"),
    releaseState: "entry_point",
    friendlyName: "Edit payout schedule",
    description: "Edits how often payouts are made.",
    docSitePath: "/components/entry-point-edit-payout-schedule",
    errorText: errorTexts.payouts,
  }),

  "entry-point-create-payout": defineComponent({
    enabledKey: "entry_point_create_payout",
    enabledOverrideFlag: enableFlag("entry_point_create_payout"),
    releaseState: "entry_point",
    friendlyName: "Create payout",
    description: "Makes a payout of the available balance.",
    docSitePath: "/components/entry-point-create-payout",
    errorText: errorTexts.payouts,
    htmlAttributes: [
      {
        name: "payout-purpose",
        internal: true,
        description: "Why the payout is made.",
        schema: nonEmptyText,
      },
    ],
  }),

  "entry-point-add-funds": defineComponent({
    enabledKey: "entry_point_add_funds",
    enabledOverrideFlag: enableFlag("entry_point_add_funds"),
    releaseState: "entry_point",
    friendlyName: "Add funds",
    description: "Adds funds to the balance.",
    docSitePath: "/components/entry-point-add-funds",
    errorText: errorTexts.balances,
    htmlAttributes: [
      {
        name: "selected-currency",
        internal: true,
        description: "The currency preselected.",
        schema: currencyCode,
      },
    ],
  }),
} as const;

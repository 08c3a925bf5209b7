/**
 * Mobile entry points (SPEC.md §2 "Entry points"): each is one money-out task, full-screen in
 * a native app's web view that loads the connect host's entry page (`docs/mobile.md`). The
 * web view is already authenticated, so they do not ask for provider-user sign-in themselves
 * (SPEC.md §6 names the four components that do).
 *
 * SPEC.md §2 names their attributes and no events; a native app must hear when the task is
 * done, so each has (internal, ours) an event with the object the task made and `exit` when
 * the person leaves (Done or Cancel). Each offers the one session feature of its task, on by
 * default: enabling the entry point is enabling its task (`enable_topups` stays off unless
 * the session turns it on, as for balances: SPEC.md §9).
 */
import { z } from "zod";
import { defineComponent, enableFlag } from "../definition.schema.ts";
import { currencyCode, payoutDescription } from "../inputs.schema.ts";
import { errorTexts } from "./error-texts.ts";
import {
  editPayoutSchedule,
  enableTopups,
  externalAccountCollection,
  standardPayouts,
} from "./features.ts";

const exit = {
  name: "exit",
  internal: true,
  description: "The person left the task: Done after it, or Cancel before it.",
  detail: z.strictObject({ completed: z.boolean() }),
} as const;

const objectId = z.string().min(1).max(255);

export const entryPointEntries = {
  "entry-point-edit-payout-destination": defineComponent({
    enabledKey: "entry_point_edit_payout_destination",
    enabledOverrideFlag: enableFlag("entry_point_edit_payout_destination"),
    releaseState: "entry_point",
    friendlyName: "Edit payout destination",
    description: "Edits the bank account or card payouts go to.",
    docSitePath: "/components/entry-point-edit-payout-destination",
    errorText: errorTexts.account,
    features: [externalAccountCollection],
    htmlEvents: [
      {
        name: "payoutdestinationchanged",
        internal: true,
        description: "A new default payout bank account was saved; gives its id and currency.",
        detail: z.strictObject({ externalAccountId: objectId, currency: currencyCode }),
      },
      exit,
    ],
  }),

  "entry-point-edit-payout-schedule": defineComponent({
    enabledKey: "entry_point_edit_payout_schedule",
    enabledOverrideFlag: enableFlag("entry_point_edit_payout_schedule"),
    releaseState: "entry_point",
    friendlyName: "Edit payout schedule",
    description: "Edits how often payouts are made.",
    docSitePath: "/components/entry-point-edit-payout-schedule",
    errorText: errorTexts.payouts,
    features: [editPayoutSchedule],
    htmlEvents: [
      {
        name: "payoutschedulechanged",
        internal: true,
        description: "The payout schedule was saved; gives its interval.",
        detail: z.strictObject({ interval: z.enum(["daily", "weekly", "monthly", "manual"]) }),
      },
      exit,
    ],
  }),

  "entry-point-create-payout": defineComponent({
    enabledKey: "entry_point_create_payout",
    enabledOverrideFlag: enableFlag("entry_point_create_payout"),
    releaseState: "entry_point",
    friendlyName: "Create payout",
    description: "Makes a payout of the available balance.",
    docSitePath: "/components/entry-point-create-payout",
    errorText: errorTexts.payouts,
    features: [standardPayouts],
    htmlAttributes: [
      {
        name: "payout-purpose",
        internal: true,
        description: "Why the payout is made: kept as the payout's description.",
        schema: payoutDescription,
      },
    ],
    htmlEvents: [
      {
        name: "payoutcreated",
        internal: true,
        description: "The payout was made; gives its id.",
        detail: z.strictObject({ payoutId: objectId }),
      },
      exit,
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
    features: [enableTopups],
    htmlAttributes: [
      {
        name: "selected-currency",
        internal: true,
        description: "The currency preselected.",
        schema: currencyCode,
      },
    ],
    htmlEvents: [
      {
        name: "fundsadded",
        internal: true,
        description: "Funds were added; gives the top-up's id.",
        detail: z.strictObject({ topupId: objectId }),
      },
      exit,
    ],
  }),
} as const;

/**
 * Each view this version can render, by catalogue name, as a lazy import: the table the
 * view registry (`registry.ts`) is. It imports nothing else, so a frame's entry can load it
 * at once and ask for its view's chunks beside the shell's first-paint chunks rather than
 * after them (issue 13 item 3): the registry itself reads the catalogue manifest, which
 * arrives with those chunks.
 */
import type { ComponentName } from "../../protocol/catalogue/index.ts";
import type { ViewLoader } from "../frame/component-view.ts";

export const viewImports: Partial<Record<ComponentName, ViewLoader>> = {
  payments: () => import("./payments/payments.component.tsx"),
  "disputes-list": () => import("./disputes-list/disputes-list.component.tsx"),
  "payment-details": () => import("./payment-details/payment-details.component.tsx"),
  "payment-disputes": () => import("./payment-disputes/payment-disputes.component.tsx"),
  "payouts-list": () => import("./payouts-list/payouts-list.component.tsx"),
  "payout-details": () => import("./payout-details/payout-details.component.tsx"),
  "balance-report": () => import("./balance-report/balance-report.component.tsx"),
  "payout-reconciliation-report": () =>
    import("./payout-reconciliation-report/payout-reconciliation-report.component.tsx"),
  "transactions-list": () => import("./transactions-list/transactions-list.component.tsx"),
  "reporting-chart": () => import("./reporting-chart/reporting-chart.component.tsx"),
  "earnings-chart": () => import("./earnings-chart/earnings-chart.component.tsx"),
  "notification-banner": () => import("./notification-banner/notification-banner.component.tsx"),
  "account-onboarding": () => import("./account-onboarding/account-onboarding.component.tsx"),
  "account-management": () => import("./account-management/account-management.component.tsx"),
  "account-management-form": () =>
    import("./account-management-form/account-management-form.component.tsx"),
  documents: () => import("./documents/documents.component.tsx"),
  "payment-method-settings": () =>
    import("./payment-method-settings/payment-method-settings.component.tsx"),
  "debug-components-list": () =>
    import("./debug-components-list/debug-components-list.component.tsx"),
  "debug-utils": () => import("./debug-utils/debug-utils.component.tsx"),
  "debug-ui-library": () => import("./debug-ui-library/debug-ui-library.component.tsx"),
  "debug-ui-config": () => import("./debug-ui-config/debug-ui-config.component.tsx"),
  "debug-ui-preview": () => import("./debug-ui-preview/debug-ui-preview.component.tsx"),
  "debug-hosted-dashboard-preview": () =>
    import("./debug-hosted-dashboard-preview/debug-hosted-dashboard-preview.component.tsx"),
  balances: () => import("./balances/balances.component.tsx"),
  payouts: () => import("./payouts/payouts.component.tsx"),
  "instant-payouts": () => import("./instant-payouts/instant-payouts.component.tsx"),
  "instant-payouts-promotion": () =>
    import("./instant-payouts-promotion/instant-payouts-promotion.component.tsx"),
  "entry-point-create-payout": () =>
    import("./entry-point-create-payout/entry-point-create-payout.component.tsx"),
  "entry-point-add-funds": () =>
    import("./entry-point-add-funds/entry-point-add-funds.component.tsx"),
  "entry-point-edit-payout-schedule": () =>
    import("./entry-point-edit-payout-schedule/entry-point-edit-payout-schedule.component.tsx"),
  "entry-point-edit-payout-destination": () =>
    import(
      "./entry-point-edit-payout-destination/entry-point-edit-payout-destination.component.tsx"
    ),
};

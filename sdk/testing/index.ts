/**
 * `<package>/testing`: what a platform's browser tests use to drive the embedded components
 * against the sandbox (`<provider id>-sandbox`), the same page models the project's own browser
 * tests use. Needs `playwright-core` (a peer dependency); see docs/integrating.md.
 *
 * - `componentFrame(page, "<prefix>-payouts-list")`: the component's UI frame, by its tag;
 * - `ResourceListModel` (any list: rows, paging, filters, detail, dialogs, forms) and the
 *   models of the built lists on it (`PayoutsListModel`, `PaymentsModel`,
 *   `TransactionsListModel`), each over a frame;
 * - `SandboxClient`: the sandbox's clock and events (a dispute, a failed payout, a
 *   verification outcome) and account sessions, with the platform's secret key.
 */
export { type ComponentFrameOptions, componentFrame, componentName } from "./frames.ts";
export { type PaymentRow, PaymentsModel } from "./payments.model.ts";
export { type PayoutRow, PayoutsListModel } from "./payouts-list.model.ts";
export { ResourceListModel, type ResourceListNames, type Within } from "./resource-list.model.ts";
export {
  type ClockAdvance,
  type PayoutFailure,
  SandboxApiError,
  SandboxClient,
  type SandboxKeys,
} from "./sandbox.ts";
export { type TransactionRow, TransactionsListModel } from "./transactions-list.model.ts";

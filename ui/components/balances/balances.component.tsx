/**
 * The balances component as the frame registers it: the balance per currency (available,
 * pending, instant-available), the next payout, manual and instant payouts, and the payout
 * schedule — the shared money-out pieces (`balance-parts.tsx`) that `payouts` uses too.
 */
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { BalancesPanel } from "./balance-parts.tsx";

export default function BalancesComponent(props: ComponentViewProps) {
  return <BalancesPanel component="balances" view={props} />;
}

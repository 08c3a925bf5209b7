/**
 * The payouts component: the balance summary, the payout actions and the schedule
 * (`BalancesPanel`, the same pieces as `balances`), then the payouts list (`payouts-list`'s
 * runner, the same list). A payout made here starts the list afresh, so it shows at the top.
 */
import { useState } from "react";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { BalancesPanel } from "../balances/balance-parts.tsx";
import { PayoutsListRunner } from "../payouts-list/payouts-list.component.tsx";

export default function PayoutsComponent(props: ComponentViewProps) {
  const [payouts, setPayouts] = useState(0);
  return (
    <div className="kit-detail-sections">
      <BalancesPanel component="payouts" view={props} onPayout={() => setPayouts((n) => n + 1)} />
      <PayoutsListRunner key={payouts} {...props} recent={false} defaults={undefined} />
    </div>
  );
}

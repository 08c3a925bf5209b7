/**
 * `entry-point-create-payout` (docs/mobile.md): a standard payout on its own screen — the
 * balance and schedule, then the payout form open on the whole available amount of the first
 * currency that has some (`standard_payouts`), its description the `payout-purpose`
 * attribute. Once made: `payoutcreated` with its id, the new figures, and Done.
 */
import { useIntl } from "react-intl";
import { sessionFeature } from "../../../protocol/catalogue/features.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostEvent } from "../../frame/frame-context.tsx";
import { Banner } from "../../kit/index.ts";
import { PayoutAction } from "../balances/balance-parts.tsx";
import { balancesMessages } from "../balances/balances.messages.ts";
import { MoneyOutTask } from "../balances/money-out-task.tsx";
import { taskScreenMessages as m } from "../kit/task-screen.messages.ts";
import { useTaskExit } from "../kit/task-screen.tsx";

const component = "entry-point-create-payout";

export default function EntryPointCreatePayout(props: ComponentViewProps) {
  const intl = useIntl();
  const emitEvent = useHostEvent();
  const exit = useTaskExit();
  return (
    <MoneyOutTask
      view={props}
      title={intl.formatMessage(balancesMessages.payOut)}
      task={({ data, components, attributes, view, finish }) => {
        if (!sessionFeature(components, component, "standard_payouts")) return null;
        const first = data.balance.available.find((a) => a.amount > 0);
        if (first === undefined)
          return <Banner status="info" title={intl.formatMessage(m.nothingToPayOut)} />;
        return (
          <PayoutAction
            key={`${first.currency}-${first.amount}`}
            method="standard"
            currency={first.currency}
            amount={first.amount}
            description={attributes["payout-purpose"]}
            view={view}
            startOpen
            onCancel={() => exit(false)}
            onDone={(payoutId) => {
              finish(intl.formatMessage(m.payoutMade));
              emitEvent("payoutcreated", { payoutId });
            }}
          />
        );
      }}
    />
  );
}

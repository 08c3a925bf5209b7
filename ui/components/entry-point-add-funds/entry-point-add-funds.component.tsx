/**
 * `entry-point-add-funds` (docs/mobile.md): adding funds from the payout bank account on its
 * own screen — the balance, then the top-up form open in the `selected-currency` (else the
 * first currency funds can be added in). Only where the session enables `enable_topups` and
 * the provider owns the account's loss liability (`topupCurrencies`); a currency without a
 * payout bank account says funds cannot be added. Once added: `fundsadded` with the top-up's
 * id, the pending amount grown by it, and Done.
 */
import { useIntl } from "react-intl";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostEvent } from "../../frame/frame-context.tsx";
import { Banner } from "../../kit/index.ts";
import { AddFundsAction, topupCurrencies } from "../balances/balance-parts.tsx";
import { balancesMessages } from "../balances/balances.messages.ts";
import { MoneyOutTask } from "../balances/money-out-task.tsx";
import { taskScreenMessages as m } from "../kit/task-screen.messages.ts";
import { useTaskExit } from "../kit/task-screen.tsx";

export default function EntryPointAddFunds(props: ComponentViewProps) {
  const intl = useIntl();
  const emitEvent = useHostEvent();
  const exit = useTaskExit();
  return (
    <MoneyOutTask
      view={props}
      title={intl.formatMessage(balancesMessages.addFunds)}
      task={({ data, session, attributes, view, finish }) => {
        const currencies = topupCurrencies(data.destinations, session, "entry-point-add-funds");
        const currency = attributes["selected-currency"] ?? currencies[0];
        if (currency === undefined || !currencies.includes(currency))
          return (
            <Banner status="warning" title={intl.formatMessage(balancesMessages.topupRefused)} />
          );
        return (
          <AddFundsAction
            currency={currency}
            view={view}
            startOpen
            onCancel={() => exit(false)}
            onDone={(topupId) => {
              finish(intl.formatMessage(m.fundsAdded));
              emitEvent("fundsadded", { topupId });
            }}
          />
        );
      }}
    />
  );
}

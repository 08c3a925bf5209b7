/**
 * `entry-point-edit-payout-destination` (docs/mobile.md): the payout account section of the
 * balances view on its own screen (`external_account_collection`): each currency's default
 * destination and the way to add or replace its bank account — the verification code, then
 * the new account as the default. The web view is already authenticated, so there is no
 * provider-user sign-in here. Once saved: `payoutdestinationchanged` with the new account's
 * id and currency, and Done.
 */
import { useIntl } from "react-intl";
import { sessionFeature } from "../../../protocol/catalogue/features.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostEvent } from "../../frame/frame-context.tsx";
import { MoneyOutTask } from "../balances/money-out-task.tsx";
import { payoutAccountMessages } from "../balances/payout-account.messages.ts";
import { PayoutAccountSection } from "../balances/payout-account.tsx";

const component = "entry-point-edit-payout-destination";

export default function EntryPointEditPayoutDestination(props: ComponentViewProps) {
  const intl = useIntl();
  const emitEvent = useHostEvent();
  return (
    <MoneyOutTask
      view={props}
      title={intl.formatMessage(payoutAccountMessages.title)}
      summary={() => null}
      task={({ data, accountId, components, view, finish }) => (
        <PayoutAccountSection
          currencies={[
            ...new Set([
              ...data.balance.available.map((x) => x.currency),
              ...data.destinations.map((d) => d.currency),
            ]),
          ]}
          destinations={data.destinations}
          accountId={accountId}
          collects={sessionFeature(components, component, "external_account_collection")}
          signInRequired={false}
          view={view}
          onSaved={(account) => {
            if (account === null) return;
            finish(
              intl.formatMessage(payoutAccountMessages.saved, {
                currency: account.currency.toUpperCase(),
                last4: account.last4,
              }),
            );
            emitEvent("payoutdestinationchanged", {
              externalAccountId: account.id,
              currency: account.currency,
            });
          }}
        />
      )}
    />
  );
}

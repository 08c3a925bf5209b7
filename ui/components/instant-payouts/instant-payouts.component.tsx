/**
 * instant-payouts (deprecated: balances includes instant payouts; its legacy alias tag loads
 * this view too): the amount available for an instant payout and the instant payout itself,
 * with its fee in the money confirmation — the shared money-out pieces. Each payout made is
 * `instantpayoutcreated` with its id.
 */
import { useIntl } from "react-intl";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useSession } from "../../frame/frame-context.tsx";
import { DescriptionList, Money } from "../../kit/index.ts";
import {
  BalancesPending,
  InstantOfferAction,
  instantOffers,
  useBalancesData,
  withSessionAccount,
} from "../balances/balance-parts.tsx";
import { balancesMessages as m } from "../balances/balances.messages.ts";

export default withSessionAccount(function InstantPayoutsComponent(
  props: ComponentViewProps & { accountId: string },
) {
  const intl = useIntl();
  const session = useSession();
  const { snapshot, send } = useBalancesData(props, props.accountId);
  const { data } = snapshot.context;
  if (data === null)
    return (
      <BalancesPending
        failed={snapshot.matches("failed")}
        onRetry={() => send({ type: "retry" })}
      />
    );
  const offers = instantOffers(data, session?.components ?? {}, "instant-payouts");
  return (
    <section
      className="kit-detail-section"
      aria-label={intl.formatMessage(m.instantPayOut)}
      aria-busy={snapshot.matches("refreshing")}
    >
      <h2 className="kit-heading-md">{intl.formatMessage(m.instantPayOut)}</h2>
      <DescriptionList
        items={data.balance.instant_available.map(({ amount, currency }) => ({
          id: currency,
          term: intl.formatMessage(m.instantAvailable),
          description: <Money amount={amount} currency={currency} />,
        }))}
      />
      <div className="kit-actions">
        {offers.map((offer) => (
          <InstantOfferAction
            key={`${offer.currency}-${offer.amount}`}
            offer={offer}
            view={props}
            onDone={() => send({ type: "refresh" })}
          />
        ))}
      </div>
    </section>
  );
});

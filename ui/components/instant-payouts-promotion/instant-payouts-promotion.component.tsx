/**
 * instant-payouts-promotion: a banner that offers an instant payout, shown only when the
 * account can make one (instant-available funds and a destination that can receive it under
 * the session's switches, `instantOffers`). Once the figures are loaded it tells the platform
 * whether it is shown (`oninstantpayoutspromotionloaded`); a payout made from it is
 * `instantpayoutcreated` with its id.
 */
import { useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostEvent, useSession } from "../../frame/frame-context.tsx";
import { formatMoney } from "../../i18n/format.ts";
import { Banner } from "../../kit/index.ts";
import {
  BalancesPending,
  InstantOfferAction,
  instantOffers,
  useBalancesData,
  withSessionAccount,
} from "../balances/balance-parts.tsx";
import { balancesMessages as m } from "../balances/balances.messages.ts";

export default withSessionAccount(function InstantPayoutsPromotionComponent(
  props: ComponentViewProps & { accountId: string },
) {
  const intl = useIntl();
  const session = useSession();
  const emitEvent = useHostEvent();
  const { snapshot, send } = useBalancesData(props, props.accountId);
  const { data } = snapshot.context;
  const offer =
    data === null
      ? undefined
      : instantOffers(data, session?.components ?? {}, "instant-payouts-promotion")[0];
  const loaded = data !== null;
  const shown = offer !== undefined;
  // Once, when the first figures arrive: whether the promotion is shown.
  const told = useRef(false);
  useEffect(() => {
    if (!loaded || told.current) return;
    told.current = true;
    emitEvent("oninstantpayoutspromotionloaded", { promotionShown: shown });
  }, [loaded, shown, emitEvent]);
  if (data === null)
    return snapshot.matches("failed") ? (
      <BalancesPending failed onRetry={() => send({ type: "retry" })} />
    ) : null;
  if (offer === undefined) return null;
  return (
    <Banner
      status="info"
      title={intl.formatMessage(m.promotionTitle)}
      actions={
        <InstantOfferAction
          key={`${offer.currency}-${offer.amount}`}
          offer={offer}
          view={props}
          onDone={() => send({ type: "refresh" })}
        />
      }
    >
      {intl.formatMessage(m.promotionText, {
        amount: formatMoney(offer.amount, offer.currency, intl.locale),
      })}
    </Banner>
  );
});

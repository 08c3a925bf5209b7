/**
 * The pieces of the money-out views, shared by `balances` and `payouts` (one copy): the
 * balance summary with the next payout, the payout actions (manual and instant, each the
 * kit's money action — `kit/money-action.tsx` — with its confirmation; the instant one shows
 * its fee first), adding funds (the same money action over top-ups, `enable_topups`) and
 * the schedule editor (the kit's form machine over the schedule's parameters).
 * `BalancesPanel` runs the balances machine (the kit's `getObjects`: the balance, the
 * schedule, the payout destinations) and assembles them; features the session does not
 * enable are absent (the provider refuses them anyway).
 */
import { type ComponentType, useMemo } from "react";
import { useIntl } from "react-intl";
import {
  type BalancesData,
  balancesMachine,
} from "../../../machines/components/balances/balances.machine.ts";
import {
  payoutFormMachine,
  scheduleFormMachine,
  topupFormMachine,
} from "../../../machines/components/balances/payout-forms.machine.ts";
import { type SessionComponents, sessionFeature } from "../../../protocol/catalogue/features.ts";
import type { Balance } from "../../../protocol/objects/balance.schema.ts";
import type { ExternalAccount } from "../../../protocol/objects/external-account.schema.ts";
import { type PayoutMethod, payoutSchema } from "../../../protocol/objects/payout.schema.ts";
import {
  type PayoutSchedule,
  payoutIntervals,
  payoutScheduleSchema,
  weekdays,
} from "../../../protocol/objects/payout-schedule.schema.ts";
import { topupSchema } from "../../../protocol/objects/topup.schema.ts";
import { instantPayoutFee, instantPayoutRefusal } from "../../../protocol/payouts.ts";
import { provider } from "../../../protocol/provider.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import {
  newIdempotencyKey,
  useHostEvent,
  useHostProps,
  useMutation,
  useSession,
} from "../../frame/frame-context.tsx";
import { isOn } from "../../frame/host-attributes.ts";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { formatMoney } from "../../i18n/format.ts";
import { kitMessages } from "../../i18n/messages.ts";
import {
  Banner,
  Button,
  ConfirmDialog,
  DateTime,
  DescriptionList,
  FormErrorBanner,
  FormNumberField,
  FormSelectField,
  formViewOf,
  Money,
  Skeleton,
} from "../../kit/index.ts";
import { MoneyAction, useStartOpen } from "../kit/money-action.tsx";
import { balancesMessages as m } from "./balances.messages.ts";
import { PayoutAccountSection } from "./payout-account.tsx";

type Amount = { amount: number; currency: string };
const amountIn = (list: readonly Amount[], currency: string) =>
  list.find((x) => x.currency === currency)?.amount ?? 0;

/** The largest amount whose instant payout, fee added, fits in `limit`. */
export function largestInstantAmount(limit: number): number {
  let amount = Math.floor(limit / 1.01);
  while (amount > 0 && amount + instantPayoutFee(amount) > limit) amount--;
  return Math.max(0, amount);
}

const intervalWords = {
  daily: m.intervalDaily,
  weekly: m.intervalWeekly,
  monthly: m.intervalMonthly,
  manual: m.intervalManual,
} as const;

/** A weekday's name in the user's locale (no words of ours to translate). */
const weekdayName = (day: (typeof weekdays)[number], locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(
    // 1 January 2024 was a Monday.
    Date.UTC(2024, 0, 1 + weekdays.indexOf(day)),
  );

export interface BalanceSummaryProps {
  balance: Balance;
  schedule: PayoutSchedule;
  /** `hide-manual-payout-schedule-status`: no "Next payout: Manual". */
  hideManualStatus: boolean;
  /** `show-manual-payout-schedule-contact-platform-message`: the platform's name, or null. */
  contactPlatform: string | null;
}

/** The balance per currency and the schedule with its next payout (pure). */
export function BalanceSummary(props: BalanceSummaryProps) {
  const intl = useIntl();
  const { balance, schedule } = props;
  const currencies = [
    ...new Set([...balance.available, ...balance.pending].map((x) => x.currency)),
  ];
  const manual = schedule.interval === "manual";
  const anchor =
    schedule.interval === "weekly" && schedule.weekly_anchor
      ? weekdayName(schedule.weekly_anchor, intl.locale)
      : schedule.interval === "monthly" && schedule.monthly_anchor !== null
        ? intl.formatNumber(schedule.monthly_anchor)
        : null;
  const scheduleItems = [
    {
      id: "interval",
      term: intl.formatMessage(m.schedule),
      description: [intl.formatMessage(intervalWords[schedule.interval]), anchor]
        .filter(Boolean)
        .join(" · "),
    },
    {
      id: "delay",
      term: intl.formatMessage(m.delayDays),
      description: intl.formatMessage(m.delayDaysValue, { days: schedule.delay_days }),
    },
    ...(manual && props.hideManualStatus
      ? []
      : [
          {
            id: "next",
            term: intl.formatMessage(m.nextPayout),
            description:
              schedule.next_payout_date === null ? (
                intl.formatMessage(m.nextPayoutManual)
              ) : (
                <DateTime seconds={schedule.next_payout_date} timeZone="UTC" />
              ),
          },
        ]),
  ];
  return (
    <div className="kit-detail-sections">
      <section className="kit-detail-section" aria-label={intl.formatMessage(m.title)}>
        <h2 className="kit-heading-md">{intl.formatMessage(m.title)}</h2>
        {currencies.length === 0 ? (
          <p className="kit-body-md">{intl.formatMessage(m.noBalance)}</p>
        ) : (
          currencies.map((currency) => (
            <DescriptionList
              key={currency}
              items={[
                {
                  id: `available-${currency}`,
                  term: intl.formatMessage(m.available),
                  description: (
                    <Money amount={amountIn(balance.available, currency)} currency={currency} />
                  ),
                },
                {
                  id: `pending-${currency}`,
                  term: intl.formatMessage(m.pending),
                  description: (
                    <Money amount={amountIn(balance.pending, currency)} currency={currency} />
                  ),
                },
                {
                  id: `instant-${currency}`,
                  term: intl.formatMessage(m.instantAvailable),
                  description: (
                    <Money
                      amount={amountIn(balance.instant_available, currency)}
                      currency={currency}
                    />
                  ),
                },
              ]}
            />
          ))
        )}
      </section>
      <section className="kit-detail-section" aria-label={intl.formatMessage(m.schedule)}>
        <h3 className="kit-heading-sm">{intl.formatMessage(m.schedule)}</h3>
        <DescriptionList items={scheduleItems} />
        {manual && props.contactPlatform !== null ? (
          <Banner
            status="info"
            title={intl.formatMessage(m.contactPlatform, { platform: props.contactPlatform })}
          />
        ) : null}
      </section>
    </div>
  );
}

export interface PayoutActionProps {
  method: PayoutMethod;
  currency: string;
  /** What the amount starts at (everything that can be paid out this way). */
  amount: number;
  view: ComponentViewProps;
  onDone(payoutId: string): void;
  /** The payout's description (the create-payout entry point's `payout-purpose`). */
  description?: string;
  startOpen?: boolean;
  onCancel?(): void;
}

/**
 * A payout (standard or instant): the kit's money action over `POST /v1/payouts` — for an
 * instant payout, its fee and the total that leaves the balance in the confirmation, before
 * the person confirms. Key it by what it starts from, so a new balance starts a fresh form.
 */
export function PayoutAction(props: PayoutActionProps) {
  const intl = useIntl();
  const { method, currency } = props;
  const instant = method === "instant";
  const refused = intl.formatMessage(m.instantRefused);
  return (
    <MoneyAction
      machine={payoutFormMachine}
      url="/v1/payouts"
      schema={payoutSchema}
      values={{
        amount: props.amount,
        currency,
        method,
        ...(props.description === undefined ? {} : { description: props.description }),
      }}
      idPrefix={`payout-${method}-${currency}`}
      label={intl.formatMessage(instant ? m.instantPayOut : m.payOut)}
      primary={!instant}
      amountLabel={intl.formatMessage(m.amount)}
      confirmTitle={intl.formatMessage(instant ? m.instantConfirmTitle : m.payoutConfirmTitle)}
      consequences={(amount) => {
        if (!instant) return intl.formatMessage(m.payoutConsequences);
        const fee = instantPayoutFee(amount);
        return intl.formatMessage(m.instantConsequences, {
          fee: formatMoney(fee, currency, intl.locale),
          total: formatMoney(amount + fee, currency, intl.locale),
        });
      }}
      apiMessages={{
        balance_insufficient: intl.formatMessage(m.balanceInsufficient),
        no_external_account: intl.formatMessage(m.noDestination),
        instant_payouts_to_debit_cards_disabled: refused,
        instant_payouts_rtp_disabled: refused,
        instant_payouts_unsupported: refused,
      }}
      view={props.view}
      onDone={props.onDone}
      startOpen={props.startOpen}
      onCancel={props.onCancel}
    />
  );
}

/**
 * Adding funds in one currency from its payout bank account (`enable_topups`): the kit's
 * money action over `POST /v1/topups`, starting empty; once added, `onDone` with the top-up's
 * id (the figures refresh: the pending amount has grown by it).
 */
export function AddFundsAction(props: {
  currency: string;
  view: ComponentViewProps;
  onDone(topupId: string): void;
  startOpen?: boolean;
  onCancel?(): void;
}) {
  const intl = useIntl();
  const { currency } = props;
  const refused = intl.formatMessage(m.topupRefused);
  return (
    <MoneyAction
      machine={topupFormMachine}
      url="/v1/topups"
      schema={topupSchema}
      values={{ amount: 0, currency }}
      idPrefix={`topup-${currency}`}
      label={intl.formatMessage(m.addFunds)}
      primary={false}
      amountLabel={intl.formatMessage(m.amount)}
      confirmTitle={intl.formatMessage(m.addFundsConfirmTitle)}
      consequences={() => intl.formatMessage(m.addFundsConsequences)}
      apiMessages={{
        no_external_account: intl.formatMessage(m.noDestination),
        topups_not_allowed: refused,
        topup_bank_account_required: refused,
        feature_not_enabled: refused,
      }}
      view={props.view}
      onDone={props.onDone}
      startOpen={props.startOpen}
      onCancel={props.onCancel}
    />
  );
}

/**
 * The currencies the account can add funds in: where the session enables `enable_topups`
 * for `component` and the provider owns the account's loss liability (the provider refuses
 * it otherwise), each currency whose default payout destination is a bank account.
 */
export function topupCurrencies(
  destinations: readonly ExternalAccount[],
  session: { components: SessionComponents; merchant_data?: Record<string, unknown> } | null,
  component: "balances" | "entry-point-add-funds",
): string[] {
  if (session === null) return [];
  if (!sessionFeature(session.components, component, "enable_topups")) return [];
  if (session.merchant_data?.[provider.flags.ownsLossLiability] !== true) return [];
  return destinations
    .filter((d) => d.default_for_currency && d.object === "bank_account")
    .map((d) => d.currency);
}

/** The schedule editor: a button, then the fields, then the confirmation. */
export function ScheduleEditor(props: {
  schedule: PayoutSchedule;
  view: ComponentViewProps;
  onSaved(saved: PayoutSchedule): void;
  startOpen?: boolean;
  onCancel?(): void;
}) {
  const intl = useIntl();
  const { schedule, onSaved } = props;
  const submit = useMutation({ url: "/v1/payout_schedule", schema: payoutScheduleSchema });
  const effects = useMemo(
    () => ({ "form.saved": (e: { result: PayoutSchedule }) => onSaved(e.result) }),
    [onSaved],
  );
  const { snapshot, send } = useComponentMachine(scheduleFormMachine, {
    input: {
      values: {
        interval: schedule.interval,
        delay_days: schedule.delay_days,
        weekly_anchor: schedule.weekly_anchor ?? "monday",
        monthly_anchor: schedule.monthly_anchor ?? 1,
      },
    },
    view: props.view,
    actors: useMemo(() => ({ submit }), [submit]),
    effects,
  });
  useStartOpen(props.startOpen === true, send);
  const form = formViewOf(snapshot, send, "payout-schedule");
  const label = intl.formatMessage(m.editSchedule);
  if (snapshot.matches("closed") || snapshot.matches("saved"))
    return (
      <Button variant="secondary" onClick={() => send({ type: "open" })}>
        {label}
      </Button>
    );
  const interval = snapshot.context.values.interval;
  return (
    <section className="kit-form" aria-label={label}>
      <FormErrorBanner form={form} />
      <div className="kit-form__fields">
        <FormSelectField
          form={form}
          path="interval"
          label={intl.formatMessage(m.interval)}
          options={payoutIntervals.map((value) => ({
            value,
            label: intl.formatMessage(intervalWords[value]),
          }))}
        />
        {interval === "weekly" ? (
          <FormSelectField
            form={form}
            path="weekly_anchor"
            label={intl.formatMessage(m.weeklyAnchor)}
            options={weekdays.map((value) => ({ value, label: weekdayName(value, intl.locale) }))}
          />
        ) : null}
        {interval === "monthly" ? (
          <FormNumberField
            form={form}
            path="monthly_anchor"
            label={intl.formatMessage(m.monthlyAnchor)}
            required
          />
        ) : null}
        <FormNumberField
          form={form}
          path="delay_days"
          label={intl.formatMessage(m.delayDays)}
          required
        />
      </div>
      <div className="kit-form__actions">
        <Button
          variant="secondary"
          onClick={() => {
            send({ type: "close" });
            props.onCancel?.();
          }}
        >
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button variant="primary" onClick={() => send({ type: "review" })}>
          {intl.formatMessage(m.saveSchedule)}
        </Button>
      </div>
      <ConfirmDialog
        open={snapshot.matches("reviewing") || snapshot.matches("submitting")}
        onOpenChange={(next) => {
          if (!next && snapshot.matches("reviewing")) send({ type: "review.cancel" });
        }}
        title={intl.formatMessage(m.scheduleConfirmTitle)}
        consequences={intl.formatMessage(m.scheduleConsequences)}
        confirmLabel={intl.formatMessage(m.saveSchedule)}
        onConfirm={() => send({ type: "submit", idempotencyKey: newIdempotencyKey() })}
        busy={form.busy}
        tone="primary"
      />
    </section>
  );
}

/** The default payout destination of `currency`, if any. */
const destinationOf = (destinations: readonly ExternalAccount[], currency: string) =>
  destinations.find((d) => d.currency === currency && d.default_for_currency);

/** The components whose session features decide the money-out pieces. */
export type MoneyOutFeatureComponent =
  | "balances"
  | "payouts"
  | "instant-payouts"
  | "instant-payouts-promotion";

/**
 * The instant payout the account can make in each currency, if any: the session enables
 * `instant_payouts`, instant-available funds cover at least the fee, and the default
 * destination can receive one under the session's switches (`protocol/payouts.ts`, the rule
 * the provider applies).
 */
export function instantOffers(
  data: BalancesData,
  components: SessionComponents,
  component: MoneyOutFeatureComponent,
): InstantOffer[] {
  if (!sessionFeature(components, component, "instant_payouts")) return [];
  const switches = {
    rtpDisabled: sessionFeature(components, component, "instant_payouts_rtp_disabled"),
    debitCardsDisabled: sessionFeature(
      components,
      component,
      "instant_payouts_to_debit_cards_disabled",
    ),
  };
  return data.balance.instant_available.flatMap(({ currency, amount: limit }) => {
    const amount = largestInstantAmount(limit);
    const destination = destinationOf(data.destinations, currency);
    if (amount <= 0 || destination === undefined) return [];
    return instantPayoutRefusal(destination, switches) === null ? [{ currency, amount }] : [];
  });
}

/** One instant payout the account can make (`instantOffers`). */
export interface InstantOffer {
  currency: string;
  amount: number;
}

/**
 * The instant payout of `offer` (its fee in the money confirmation) as instant-payouts and
 * its promotion make it (key it by the offer, so a new offer starts afresh): each one made is told to the platform as `instantpayoutcreated`
 * with its id, after `onDone` (which refreshes the figures).
 */
export function InstantOfferAction(props: {
  offer: InstantOffer;
  view: ComponentViewProps;
  onDone(): void;
}) {
  const emitEvent = useHostEvent();
  const { offer, view, onDone } = props;
  return (
    <PayoutAction
      method="instant"
      currency={offer.currency}
      amount={offer.amount}
      view={view}
      onDone={(payoutId) => {
        onDone();
        emitEvent("instantpayoutcreated", { payoutId });
      }}
    />
  );
}

/** Runs the balances machine for the session's account (the figures, schedule, destinations). */
export function useBalancesData(view: ComponentViewProps, accountId: string) {
  // The hook performs the machine's `unauthorized` and `load.failed` (the platform hears it).
  return useComponentMachine(balancesMachine, { input: { accountId }, view });
}

/**
 * A money-out view that loads the account's payout destinations by the account's id: it
 * waits for the claimed session (the skeleton meanwhile; the frame can render before the data
 * layer has told it the session) and is mounted with the session's account.
 */
export function withSessionAccount<P extends object>(
  View: ComponentType<P & { accountId: string }>,
): ComponentType<P> {
  return function SessionAccountView(props: P) {
    const session = useSession();
    if (session === null) return <Skeleton />;
    return <View {...props} accountId={session.account_id} />;
  };
}

/** What shows while the figures load, or after they failed (with Retry). */
export function BalancesPending(props: { failed: boolean; onRetry(): void }) {
  const intl = useIntl();
  if (!props.failed) return <Skeleton />;
  return (
    <Banner
      status="danger"
      title={intl.formatMessage(kitMessages.somethingWentWrong)}
      actions={
        <Button variant="secondary" onClick={props.onRetry}>
          {intl.formatMessage(kitMessages.retry)}
        </Button>
      }
    />
  );
}

/** Which component's features and attributes the panel follows. */
export type MoneyOutComponent = "balances" | "payouts";

export interface BalancesPanelProps {
  component: MoneyOutComponent;
  view: ComponentViewProps;
  /** Hears each payout made here (the payouts view refreshes its list). */
  onPayout?(payoutId: string, method: PayoutMethod): void;
}

/**
 * The balance, the payout actions and the schedule of the account, as `balances` shows them
 * and `payouts` above its list.
 */
export const BalancesPanel = withSessionAccount(function BalancesPanel(
  props: BalancesPanelProps & { accountId: string },
) {
  const session = useSession();
  const host = useHostProps();
  const { component, view, onPayout, accountId } = props;
  const { snapshot, send } = useBalancesData(view, accountId);
  const refresh = () => send({ type: "refresh" });
  const attributes = host?.attributes ?? {};
  const components = session?.components ?? {};
  const { data } = snapshot.context;
  if (data === null)
    return (
      <BalancesPending
        failed={snapshot.matches("failed")}
        onRetry={() => send({ type: "retry" })}
      />
    );
  const { balance, schedule } = data;
  // balances' `instant-payouts="false"` leaves instant payouts out of the view.
  const instant =
    component === "balances" && attributes["instant-payouts"] === "false"
      ? []
      : instantOffers(data, components, component);
  const paidOut = (method: PayoutMethod) => (payoutId: string) => {
    refresh();
    onPayout?.(payoutId, method);
  };
  const actions = balance.available.flatMap(({ currency, amount }) => {
    const offer = instant.find((o) => o.currency === currency);
    const key = `${currency}-${amount}-${offer?.amount ?? 0}`;
    return [
      sessionFeature(components, component, "standard_payouts") && amount > 0 ? (
        <PayoutAction
          key={`standard-${key}`}
          method="standard"
          currency={currency}
          amount={amount}
          view={view}
          onDone={paidOut("standard")}
        />
      ) : null,
      offer ? (
        <PayoutAction
          key={`instant-${key}`}
          method="instant"
          currency={currency}
          amount={offer.amount}
          view={view}
          onDone={paidOut("instant")}
        />
      ) : null,
    ];
  });
  // Adding funds (balances only): one action per currency with a payout bank account.
  const topups =
    component === "balances"
      ? topupCurrencies(data.destinations, session, component).map((currency) => (
          <AddFundsAction
            key={`topup-${currency}`}
            currency={currency}
            view={view}
            onDone={refresh}
          />
        ))
      : [];
  return (
    <div className="kit-detail-sections" aria-busy={snapshot.matches("refreshing")}>
      <BalanceSummary
        balance={balance}
        schedule={schedule}
        hideManualStatus={isOn(attributes["hide-manual-payout-schedule-status"])}
        contactPlatform={
          isOn(attributes["show-manual-payout-schedule-contact-platform-message"])
            ? (session?.platform_business_name ?? session?.platform_nickname ?? "")
            : null
        }
      />
      <div className="kit-actions">
        {actions}
        {topups}
      </div>
      {sessionFeature(components, component, "edit_payout_schedule") ? (
        <ScheduleEditor
          key={JSON.stringify(schedule)}
          schedule={schedule}
          view={view}
          onSaved={refresh}
        />
      ) : null}
      <PayoutAccountSection
        currencies={[
          ...new Set([
            ...balance.available.map((x) => x.currency),
            ...data.destinations.map((d) => d.currency),
          ]),
        ]}
        destinations={data.destinations}
        accountId={accountId}
        collects={sessionFeature(components, component, "external_account_collection")}
        signInRequired={
          !sessionFeature(components, component, provider.flags.disableUserAuthentication)
        }
        view={view}
        onSaved={refresh}
      />
    </div>
  );
});

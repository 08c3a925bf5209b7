/**
 * The payment-method-settings view, pure: the sign-in the component requires, the load and
 * its failure, then the configuration's methods grouped by kind (the kit's `SettingsGroups`),
 * each with its `Switch`, why it is not offered or what it needs, and the confirmation of a
 * change (the kit's `ConfirmDialog`).
 */
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import {
  type PaymentMethodConfiguration,
  type PaymentMethodKind,
  type PaymentMethodRequirement,
  type PaymentMethodSpec,
  type PaymentMethodType,
  type Preference,
  paymentMethodKinds,
  paymentMethodSpecs,
  paymentMethodTypes,
} from "../../../protocol/objects/payment-method-configuration.schema.ts";
import { kitMessages } from "../../i18n/messages.ts";
import { Badge, ConfirmDialog, Skeleton, Switch, useStylesheet } from "../../kit/index.ts";
import { SignInRequired, type SignInRequiredStatus } from "../../popup/sign-in-required.view.tsx";
import { LoadFailed, type LoadFailedProps } from "../kit/load-failed.view.tsx";
import { type SettingRow, SettingsGroups } from "../kit/settings-groups.view.tsx";
import { paymentMethodSettingsMessages as m } from "./payment-method-settings.messages.ts";

const genericNames = {
  card: m.methodCard,
  us_bank_account: m.methodUsBankAccount,
  sepa_debit: m.methodSepaDebit,
  bacs_debit: m.methodBacsDebit,
  au_becs_debit: m.methodAuBecsDebit,
  acss_debit: m.methodAcssDebit,
} as const;

type Plain = typeof m.kindCard;

const kindTitles: Record<PaymentMethodKind, Plain> = {
  card: m.kindCard,
  wallet: m.kindWallet,
  bank_debit: m.kindBankDebit,
  buy_now_pay_later: m.kindBuyNowPayLater,
  bank_redirect: m.kindBankRedirect,
};

const requirementTexts: Record<PaymentMethodRequirement, Plain> = {
  "capabilities.card_payments": m.needsCardPayments,
  "business_profile.url": m.needsWebsite,
  "business_profile.support_email": m.needsSupportEmail,
};

/** The provider's refusals of a change, by code. */
export const refusalMessages = {
  payment_method_unavailable: m.refusedUnavailable,
  payment_method_requirements_unmet: m.refusedRequirements,
} as const;

export interface PendingChange {
  method: PaymentMethodType;
  preference: Preference;
  busy: boolean;
  /** Why the last attempt failed, worded. */
  error: string | null;
}

export type PaymentMethodSettingsViewProps =
  | { status: "signIn"; signIn: SignInRequiredStatus; providerName: string; onSignIn(): void }
  | { status: "loading" }
  | ({ status: "failed" } & LoadFailedProps)
  | {
      status: "shown";
      configuration: PaymentMethodConfiguration;
      change: PendingChange | null;
      onToggle(method: PaymentMethodType, preference: Preference): void;
      onConfirm(): void;
      onCancel(): void;
    };

export function usePaymentMethodName() {
  const intl = useIntl();
  return (method: PaymentMethodType) => {
    const brand = (paymentMethodSpecs[method] as PaymentMethodSpec).brand;
    if (brand !== undefined) return brand;
    return intl.formatMessage(genericNames[method as keyof typeof genericNames]);
  };
}

/** The heading and the intro sit in the form's column, spaced by its gap alone. */
const settingsStylesheet = `
.payment-method-settings > h2, .payment-method-settings > p { margin: 0; }
`.trim();

export function PaymentMethodSettingsView(props: PaymentMethodSettingsViewProps) {
  const intl = useIntl();
  useStylesheet(settingsStylesheet);
  const nameOf = usePaymentMethodName();
  let body: ReactNode;
  if (props.status === "signIn") {
    body = (
      <SignInRequired
        status={props.signIn}
        providerName={props.providerName}
        onSignIn={props.onSignIn}
      />
    );
  } else if (props.status === "loading") {
    body = <Skeleton lines={8} label={intl.formatMessage(kitMessages.loading)} />;
  } else if (props.status === "failed") {
    body = <LoadFailed {...props} />;
  } else {
    body = <Methods {...props} nameOf={nameOf} />;
  }
  return (
    <div className="kit-form payment-method-settings">
      <h2 className="kit-heading-md">{intl.formatMessage(m.title)}</h2>
      {body}
    </div>
  );
}

function Methods(
  props: Extract<PaymentMethodSettingsViewProps, { status: "shown" }> & {
    nameOf(method: PaymentMethodType): string;
  },
) {
  const intl = useIntl();
  const { configuration: pmc, change, nameOf } = props;
  const countryName =
    new Intl.DisplayNames([intl.locale], { type: "region" }).of(pmc.country) ?? pmc.country;
  const currency = pmc.currency.toUpperCase();
  const rowOf = (method: PaymentMethodType): SettingRow => {
    const setting = pmc[method];
    const name = nameOf(method);
    const on = setting.display_preference.preference === "on";
    const notes: string[] = [];
    if (setting.unavailable_reason === "country")
      notes.push(intl.formatMessage(m.unavailableCountry, { country: countryName }));
    else if (setting.unavailable_reason === "currency")
      notes.push(intl.formatMessage(m.unavailableCurrency, { currency }));
    else for (const r of setting.requirements) notes.push(intl.formatMessage(requirementTexts[r]));
    if (on && setting.available && setting.display_preference.value === "off")
      notes.push(intl.formatMessage(m.waiting));
    // Turning on needs the method offered and nothing required; turning off is always allowed.
    const canTurnOn = setting.available && setting.requirements.length === 0;
    const notesId = `pms-notes-${method}`;
    return {
      key: method,
      label: name,
      badges: !setting.available ? (
        <Badge status="neutral">{intl.formatMessage(m.notAvailable)}</Badge>
      ) : setting.requirements.length > 0 ? (
        <Badge status="warning">{intl.formatMessage(m.actionNeeded)}</Badge>
      ) : null,
      notes,
      notesId,
      control: (
        <Switch
          checked={on}
          label={name}
          {...(notes.length > 0 ? { describedBy: notesId } : {})}
          disabled={change !== null || (!on && !canTurnOn)}
          onChange={(next) => props.onToggle(method, next ? "on" : "off")}
        >
          {intl.formatMessage(on ? m.on : m.off)}
        </Switch>
      ),
    };
  };
  const groups = paymentMethodKinds
    .map((kind) => ({
      key: kind,
      title: intl.formatMessage(kindTitles[kind]),
      rows: paymentMethodTypes.filter((t) => pmc[t].kind === kind).map(rowOf),
    }))
    .filter((g) => g.rows.length > 0);
  const method = change ? nameOf(change.method) : "";
  const turningOn = change?.preference === "on";
  return (
    <>
      <p className="kit-body-md kit-secondary-text">
        {intl.formatMessage(m.intro, { country: countryName, currency })}
      </p>
      <SettingsGroups label={intl.formatMessage(m.title)} groups={groups} />
      <ConfirmDialog
        open={change !== null}
        onOpenChange={(open) => {
          if (!open) props.onCancel();
        }}
        title={intl.formatMessage(turningOn ? m.turnOnTitle : m.turnOffTitle, { method })}
        consequences={intl.formatMessage(turningOn ? m.turnOnConsequences : m.turnOffConsequences, {
          method,
        })}
        confirmLabel={intl.formatMessage(turningOn ? m.turnOn : m.turnOff)}
        onConfirm={props.onConfirm}
        busy={change?.busy ?? false}
        error={change?.error ?? undefined}
        tone={turningOn ? "primary" : "danger"}
      />
    </>
  );
}

/**
 * The payout account of the money-out views (`balances`, and `payouts` through the same
 * panel): the default bank account or debit card of each currency, and — where the session
 * enables `external_account_collection` — adding or replacing the bank account through the
 * payout-account machine (`machines/components/balances/payout-account.machine.ts`): the
 * popup sign-in unless the session sets `disable_{provider}_user_authentication`, the
 * country-aware fields of the kit — or, where bank connections are offered, a bank and one
 * of its accounts chosen from the provider's institutions ("Connect your bank") —, the
 * verification code, then the new account as the default for its currency. The machine's
 * calls are the frame's mutations (actors/). Bank connections are not offered where the host
 * called `setDisableBankConnections(true)` (account-management and its form) or the session
 * sets `disable_bank_connections`.
 */
import { lazy, Suspense, useEffect, useMemo, useRef } from "react";
import { useIntl } from "react-intl";
import { fromPromise } from "xstate";
import {
  bankConnectionPaths,
  type PayoutAccountContext,
  type PayoutAccountEvent,
  payoutAccountPaths as paths,
  payoutAccountMachine,
  payoutAccountValues,
  payoutBankCountriesFor,
  startingBankCountry,
} from "../../../machines/components/balances/payout-account.machine.ts";
import { sessionDisablesBankConnections } from "../../../protocol/catalogue/features.ts";
import { endpoints } from "../../../protocol/endpoints.ts";
import type { BankConnectionInstitution } from "../../../protocol/objects/bank-connection.schema.ts";
import {
  externalAccountChallengeRedactedSchema,
  externalAccountVerificationSchema,
} from "../../../protocol/objects/embedded.schema.ts";
import {
  type ExternalAccount,
  externalAccountSchema,
  type PayoutBankCountry,
} from "../../../protocol/objects/external-account.schema.ts";
import { provider } from "../../../protocol/provider.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import {
  newIdempotencyKey,
  type SignInOutcome,
  useAuthState,
  useMutation,
  useSession,
  useSignIn,
} from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { kitMessages } from "../../i18n/messages.ts";
import {
  Banner,
  Button,
  CodeField,
  DescriptionList,
  FormErrorBanner,
  FormSelectField,
  FormTextField,
  type FormView,
  fieldsViewOf,
  Skeleton,
  Tabs,
} from "../../kit/index.ts";
import { SignInRequired } from "../../popup/sign-in-required.view.tsx";
import { balancesMessages } from "./balances.messages.ts";
import { payoutAccountMessages as m } from "./payout-account.messages.ts";
import type { BankFieldsProps } from "./payout-account-bank-fields.tsx";

/**
 * The details step's bank fields: their own chunk, off first paint (issue 13). A chunk that
 * cannot load shows a danger banner in their place (the step cannot continue without them)
 * rather than taking the frame down.
 */
const loadBankFields = () => import("./payout-account-bank-fields.tsx");
const BankFields = lazy(() =>
  loadBankFields().catch((error: unknown) => {
    console.error(error);
    return { default: BankFieldsUnavailable };
  }),
);

function BankFieldsUnavailable(_: BankFieldsProps) {
  const intl = useIntl();
  return <Banner status="danger" title={intl.formatMessage(kitMessages.somethingWentWrong)} />;
}

/** A bank account's or a card's words (pure). */
function useDestinationText() {
  const intl = useIntl();
  return (d: ExternalAccount) =>
    intl.formatMessage(d.object === "card" ? m.cardEnding : m.bankEnding, { last4: d.last4 });
}

export interface PayoutAccountSectionProps {
  /** The currencies the account holds money in (one row each). */
  currencies: readonly string[];
  destinations: readonly ExternalAccount[];
  accountId: string;
  /** The connected account's country, when the view knows it: its banks come first. */
  accountCountry?: string | undefined;
  /** The session enables `external_account_collection` for this component. */
  collects: boolean;
  /** The session does not set `disable_{provider}_user_authentication`. */
  signInRequired: boolean;
  view: ComponentViewProps;
  /** A new default was saved (the account as the provider answered it): reload the figures. */
  onSaved(account: ExternalAccount | null): void;
  /**
   * The flow opens at once for the first currency, not behind its button
   * (account-management-form's `bank_account` subview).
   */
  startOpen?: boolean;
  /** The host called `setDisableBankConnections(true)`: typed details only. */
  disableBankConnections?: boolean;
}

/** The default payout destination of each currency, and the way to add or replace it. */
export function PayoutAccountSection(props: PayoutAccountSectionProps) {
  const intl = useIntl();
  const describe = useDestinationText();
  const rows = props.currencies.map((currency) => ({
    currency,
    destination: props.destinations.find((d) => d.currency === currency && d.default_for_currency),
  }));
  const addable = rows.filter((row) => payoutBankCountriesFor(row.currency).length > 0);
  const session = useSession();
  const bankConnections =
    props.disableBankConnections !== true &&
    session !== null &&
    !sessionDisablesBankConnections(session.components);
  return (
    <section className="kit-detail-section" aria-label={intl.formatMessage(m.title)}>
      <h3 className="kit-heading-sm">{intl.formatMessage(m.title)}</h3>
      <DescriptionList
        items={rows.map(({ currency, destination }) => ({
          id: `payout-account-${currency}`,
          term: currency.toUpperCase(),
          description: destination ? describe(destination) : intl.formatMessage(m.none),
        }))}
      />
      {props.collects ? (
        <PayoutAccountFlow
          // The host's setter changed whether connections are offered: the flow starts afresh.
          key={String(bankConnections)}
          rows={addable}
          accountId={props.accountId}
          accountCountry={props.accountCountry}
          signInRequired={props.signInRequired}
          view={props.view}
          onSaved={props.onSaved}
          startOpen={props.startOpen ?? false}
          bankConnections={bankConnections}
        />
      ) : null}
    </section>
  );
}

interface FlowProps {
  rows: readonly { currency: string; destination: ExternalAccount | undefined }[];
  accountId: string;
  accountCountry: string | undefined;
  signInRequired: boolean;
  view: ComponentViewProps;
  onSaved(account: ExternalAccount | null): void;
  startOpen: boolean;
  bankConnections: boolean;
}

/**
 * Opens the flow for `currency`, its bank in `country`; the bank fields' chunk loads meanwhile
 * (while the sign-in step shows).
 */
function openFlow(
  send: (event: PayoutAccountEvent) => void,
  currency: string,
  country: PayoutBankCountry,
) {
  loadBankFields().catch(() => {});
  send({ type: "open", currency, values: payoutAccountValues(country, currency) });
}

/** The payout-account machine with the frame's mutations, and its steps. */
function PayoutAccountFlow(props: FlowProps) {
  const intl = useIntl();
  const { onSaved } = props;
  const authState = useAuthState();
  const signIn = useSignIn();
  // The popup opens inside the click that sends `signIn.start`: the machine invokes this
  // synchronously within that event.
  const popupSignIn = useMemo(
    () =>
      fromPromise<SignInOutcome>(() => (signIn ? signIn() : Promise.resolve("failed" as const))),
    [signIn],
  );
  const startVerification = useMutation({
    url: endpoints.requiresExternalAccountVerification,
    schema: externalAccountVerificationSchema,
  });
  const answerChallenge = useMutation({
    url: endpoints.externalAccountChallenge,
    schema: externalAccountChallengeRedactedSchema,
  });
  const createExternalAccount = useMutation({
    url: `/v1/accounts/${encodeURIComponent(props.accountId)}/external_accounts`,
    schema: externalAccountSchema,
  });
  const effects = useMemo(
    () => ({
      "payoutAccount.saved": (e: { externalAccount: unknown }) => {
        const parsed = externalAccountSchema.safeParse(e.externalAccount);
        onSaved(parsed.success ? parsed.data : null);
      },
    }),
    [onSaved],
  );
  const { snapshot, send } = useComponentMachine(payoutAccountMachine, {
    input: {
      signInRequired: props.signInRequired,
      signedIn: authState?.status === "user_authenticated",
      bankConnections: props.bankConnections,
    },
    view: props.view,
    actors: useMemo(
      () => ({ signIn: popupSignIn, startVerification, answerChallenge, createExternalAccount }),
      [popupSignIn, startVerification, answerChallenge, createExternalAccount],
    ),
    effects,
  });
  const { context } = snapshot;
  const currency = context.currency;
  // A new bank account starts in the account's own country when its banks take the
  // currency, else the replaced bank's (`startingBankCountry`).
  const countryFor = (next: string) =>
    startingBankCountry(
      next,
      props.accountCountry,
      props.rows.find((row) => row.currency === next)?.destination,
    ) as PayoutBankCountry;
  const open = (next: string) => openFlow(send, next, countryFor(next));
  // Opened at once (the form's `bank_account` subview): once, for the first currency.
  const first = props.startOpen ? props.rows[0]?.currency : undefined;
  const firstCountry = first === undefined ? undefined : countryFor(first);
  const startedOpen = useRef(false);
  useEffect(() => {
    if (first === undefined || firstCountry === undefined || startedOpen.current) return;
    startedOpen.current = true;
    openFlow(send, first, firstCountry);
  }, [first, firstCountry, send]);

  if (snapshot.matches("closed") || snapshot.matches("saved") || currency === null) {
    const saved = snapshot.matches("saved") ? savedAccount(context) : null;
    return (
      <>
        {saved ? (
          <Banner
            status="success"
            title={intl.formatMessage(m.saved, {
              currency: saved.currency.toUpperCase(),
              last4: saved.last4,
            })}
          />
        ) : null}
        <div className="kit-actions">
          {props.rows.map((row) => (
            <Button key={row.currency} variant="secondary" onClick={() => open(row.currency)}>
              {intl.formatMessage(row.destination?.object === "bank_account" ? m.replace : m.add)}
              {props.rows.length > 1 ? ` (${row.currency.toUpperCase()})` : ""}
            </Button>
          ))}
        </div>
      </>
    );
  }

  // The steps are named as the button that started them.
  const replacing =
    props.rows.find((row) => row.currency === currency)?.destination?.object === "bank_account";
  const stepLabel = intl.formatMessage(replacing ? m.replace : m.add);
  const cancel = (
    <Button variant="secondary" onClick={() => send({ type: "cancel" })}>
      {intl.formatMessage(balancesMessages.cancel)}
    </Button>
  );

  if (snapshot.matches("signingIn")) {
    const status = snapshot.matches({ signingIn: "waiting" })
      ? "waiting"
      : snapshot.matches({ signingIn: "blocked" })
        ? "blocked"
        : "idle";
    return (
      <section className="kit-form" aria-label={stepLabel}>
        <SignInRequired
          status={status}
          providerName={provider.name}
          onSignIn={() => send({ type: "signIn.start" })}
        />
        <div className="kit-form__actions">{cancel}</div>
      </section>
    );
  }

  const form = detailsView(context, send, snapshot.matches("starting"));
  const linking = bankConnectionPaths.institution in context.values;
  if (
    snapshot.matches("details") ||
    snapshot.matches("connecting") ||
    snapshot.matches("starting")
  ) {
    const country = context.values[paths.country] as PayoutBankCountry;
    const fields = linking ? (
      <ConnectFields
        form={form}
        institutions={context.institutions}
        loading={snapshot.matches({ connecting: "loading" })}
        failed={snapshot.matches({ connecting: "failed" })}
        country={regionName(context.bankCountry ?? "", intl.locale)}
        onRetry={() => send({ type: "retry" })}
      />
    ) : (
      <>
        <FormTextField
          form={form}
          path={paths.holder}
          label={intl.formatMessage(m.holder)}
          required
        />
        <FormSelectField
          form={form}
          path={paths.country}
          label={intl.formatMessage(m.country)}
          options={payoutBankCountriesFor(currency).map((value) => ({
            value,
            label: regionName(value, intl.locale),
          }))}
        />
        <Suspense fallback={<Skeleton lines={2} />}>
          {/* A change of country starts its bank fields afresh. */}
          <BankFields key={country} form={form} country={country} />
        </Suspense>
      </>
    );
    const method = linking ? "connect" : "manual";
    return (
      <section className="kit-form" aria-label={stepLabel}>
        <FormErrorBanner form={form} />
        {context.bankConnections ? (
          <Tabs
            label={intl.formatMessage(m.method)}
            value={method}
            onValueChange={(id) =>
              send({ type: "method.choose", method: id === "connect" ? "connect" : "manual" })
            }
            items={(["connect", "manual"] as const).map((id) => ({
              id,
              label: intl.formatMessage(m[id]),
              disabled: snapshot.matches("starting"),
              content: id === method ? <div className="kit-form__fields">{fields}</div> : null,
            }))}
          />
        ) : (
          <div className="kit-form__fields">{fields}</div>
        )}
        <div className="kit-form__actions">
          {cancel}
          <Button
            variant="primary"
            loading={snapshot.matches("starting")}
            onClick={() => send({ type: "continue", idempotencyKey: newIdempotencyKey() })}
          >
            {intl.formatMessage(m.continue)}
          </Button>
        </div>
      </section>
    );
  }

  // The verification step (code, verifying, saving).
  const busy = !snapshot.matches("code");
  const problem = context.codeProblem;
  return (
    <section className="kit-form" aria-label={intl.formatMessage(m.verifyTitle)}>
      <h4 className="kit-heading-sm">{intl.formatMessage(m.verifyTitle)}</h4>
      <p className="kit-body-md">{intl.formatMessage(m.verifyBody)}</p>
      <FormErrorBanner form={form} />
      <CodeField
        id="payout-account-code"
        label={intl.formatMessage(m.code)}
        value={context.code}
        onChange={(value) => send({ type: "code.change", value })}
        disabled={busy}
        {...(problem
          ? {
              error: intl.formatMessage(
                problem === "format"
                  ? m.codeFormat
                  : problem === "wrong"
                    ? m.codeWrong
                    : m.codeExpired,
              ),
            }
          : {})}
      />
      <div className="kit-form__actions">
        <Button variant="secondary" disabled={busy} onClick={() => send({ type: "back" })}>
          {intl.formatMessage(m.back)}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => send({ type: "resend", idempotencyKey: newIdempotencyKey() })}
        >
          {intl.formatMessage(m.resend)}
        </Button>
        <Button
          variant="primary"
          loading={busy}
          onClick={() => send({ type: "verify", idempotencyKey: newIdempotencyKey() })}
        >
          {intl.formatMessage(m.confirm)}
        </Button>
      </div>
    </section>
  );
}

/**
 * "Connect your bank": the institutions of the bank country, then the chosen one's accounts
 * (the kit's selects over the link's form values).
 */
function ConnectFields(props: {
  form: FormView;
  institutions: readonly BankConnectionInstitution[];
  loading: boolean;
  failed: boolean;
  country: string;
  onRetry(): void;
}) {
  const intl = useIntl();
  const { form, institutions } = props;
  if (props.loading) return <Skeleton lines={2} />;
  if (props.failed) {
    return (
      <div className="kit-actions">
        <Button variant="secondary" onClick={props.onRetry}>
          {intl.formatMessage(kitMessages.retry)}
        </Button>
      </div>
    );
  }
  if (institutions.length === 0) {
    return (
      <Banner
        status="info"
        title={intl.formatMessage(m.noInstitutions, { country: props.country })}
      />
    );
  }
  const chosen = institutions.find((i) => i.id === form.values[bankConnectionPaths.institution]);
  return (
    <>
      <FormSelectField
        form={form}
        path={bankConnectionPaths.institution}
        label={intl.formatMessage(m.institution)}
        placeholder={intl.formatMessage(m.institution)}
        options={institutions.map((i) => ({ value: i.id, label: i.name }))}
        required
      />
      {chosen ? (
        <FormSelectField
          key={chosen.id}
          form={form}
          path={bankConnectionPaths.account}
          label={intl.formatMessage(m.bankAccount)}
          placeholder={intl.formatMessage(m.bankAccount)}
          options={chosen.accounts.map((a) => ({
            value: a.id,
            label: intl.formatMessage(a.kind === "checking" ? m.checkingEnding : m.savingsEnding, {
              last4: a.last4,
            }),
          }))}
          required
        />
      ) : null}
    </>
  );
}

/** The country's name in the user's locale (no words of ours to translate). */
const regionName = (country: string, locale: string) =>
  new Intl.DisplayNames([locale], { type: "region" }).of(country) ?? country;

/** The new account the machine saved (its answer), if it reads as one. */
function savedAccount(context: PayoutAccountContext): ExternalAccount | null {
  const parsed = externalAccountSchema.safeParse(context.result);
  return parsed.success ? parsed.data : null;
}

/**
 * The details as the kit's FormView: a change of country starts its bank fields afresh (a
 * US routing number means nothing next to an IBAN), a change of connected bank its account.
 */
function detailsView(
  context: PayoutAccountContext,
  send: (event: PayoutAccountEvent) => void,
  busy: boolean,
): FormView {
  return fieldsViewOf(
    context,
    (event) => {
      send(event);
      if (event.type === "field.change" && event.path === paths.country) {
        send({ type: "field.change", path: paths.routing, value: null });
        send({ type: "field.change", path: paths.account, value: null });
      }
      // A new bank: the account chosen at the previous one means nothing.
      if (event.type === "field.change" && event.path === bankConnectionPaths.institution) {
        send({ type: "field.change", path: bankConnectionPaths.account, value: null });
      }
    },
    { busy, idPrefix: "payout-account" },
  );
}

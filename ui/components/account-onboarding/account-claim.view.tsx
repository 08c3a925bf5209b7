/**
 * account-onboarding's user claim step (`account-claim.machine.ts`): while the account has no
 * provider user, the person chooses the email and password they will sign in with (the kit's
 * form machine, checked with the provider's rules before sending), then types the six-digit
 * code sent to that email; once verified they are the account's primary user and the flow
 * goes on. `useClaim` runs the step's machine for the flow (which places the step first while
 * it applies); `ClaimStep` is the step's view inside the flow's frame.
 */
import { type ReactNode, useMemo } from "react";
import { useIntl } from "react-intl";
import {
  accountClaimMachine,
  type ClaimEmitted,
  claimFormMachine,
  claimPaths,
} from "../../../machines/components/account-onboarding/account-claim.machine.ts";
import type { Step } from "../../../machines/components/steps/steps.ts";
import { endpoints } from "../../../protocol/endpoints.ts";
import { accountClaimSchema } from "../../../protocol/objects/account-claim.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { newIdempotencyKey, useMutation } from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import {
  type ApiMessages,
  Banner,
  Button,
  CodeField,
  FormErrorBanner,
  FormTextField,
  type FormView,
  formErrorText,
  formViewOf,
} from "../../kit/index.ts";
import { payoutAccountMessages } from "../balances/payout-account.messages.ts";
import { claimMessages as m } from "./account-claim.messages.ts";
import { onboardingMessages } from "./account-onboarding.messages.ts";

/** The claim step's id among the flow's steps. */
export const claimStepId = "claim";

/** Runs the claim step's machine; `onVerified` hears the person become the primary user. */
export function useClaim(view: ComponentViewProps, enabled: boolean, onVerified: () => void) {
  const verifyClaim = useMutation({
    url: endpoints.accountClaimVerify,
    schema: accountClaimSchema,
  });
  const claim = useComponentMachine(accountClaimMachine, {
    input: { enabled },
    view,
    actors: useMemo(() => ({ verifyClaim }), [verifyClaim]),
    effects: useMemo(
      () => ({
        "claim.verified": (_: Extract<ClaimEmitted, { type: "claim.verified" }>) => onVerified(),
      }),
      [onVerified],
    ),
  });
  const { snapshot } = claim;
  /** The step while the account is claimed in this flow: to do, or done once verified. */
  const step: Step | null = snapshot.matches("claimed")
    ? { id: claimStepId, complete: true }
    : snapshot.matches("details") || snapshot.matches("code") || snapshot.matches("verifying")
      ? { id: claimStepId, complete: false }
      : null;
  return { ...claim, step, checking: snapshot.matches("checking") };
}

export type ClaimRun = ReturnType<typeof useClaim>;

/** The flow's frame around a step's fields (StepsLayout with the flow's buttons). */
type StepFrame = (props: {
  form: FormView | null;
  onContinue(): void;
  children: ReactNode;
  continueLabel?: string;
}) => ReactNode;

export interface ClaimStepProps {
  view: ComponentViewProps;
  claim: ClaimRun;
  frame: StepFrame;
  /** The step is done (shown again after the claim): Continue moves on. */
  onDone(): void;
}

export function ClaimStep({ view, claim, frame, onDone }: ClaimStepProps) {
  const intl = useIntl();
  const { snapshot, send } = claim;
  const submit = useMutation({ url: endpoints.accountClaim, schema: accountClaimSchema });
  const formRun = useComponentMachine(claimFormMachine, {
    // A resumed claim's email is filled in; the password is never kept, so it is typed again.
    input: {
      values: { [claimPaths.email]: snapshot.context.email ?? "", [claimPaths.password]: "" },
    },
    view,
    actors: useMemo(() => ({ submit }), [submit]),
    effects: useMemo(
      () => ({
        "form.saved": (event: { result: unknown }) =>
          send({ type: "started", claim: accountClaimSchema.parse(event.result) }),
      }),
      [send],
    ),
  });
  const form = formViewOf(formRun.snapshot, formRun.send, "onboarding-claim");
  const apiMessages: ApiMessages = {
    password_too_short: intl.formatMessage(m.claimPasswordTooShort),
    password_too_long: intl.formatMessage(m.claimPasswordTooLong),
    password_too_weak: intl.formatMessage(m.claimPasswordTooWeak),
    password_contains_email: intl.formatMessage(m.claimPasswordContainsEmail),
    email_taken: intl.formatMessage(m.claimEmailTaken),
    account_already_claimed: intl.formatMessage(m.claimAlreadyClaimed),
  };
  const sendCode = () => {
    // In the code stage, a claim resumed from an earlier visit has no password here (it is
    // never kept): a new code starts again from the details, the email filled in.
    if (snapshot.matches("code") && !formRun.snapshot.matches("saved")) {
      send({ type: "back" });
      return;
    }
    // A new code is a new claim with the same email and password (the form saved already).
    if (formRun.snapshot.matches("saved")) formRun.send({ type: "reset", values: form.values });
    formRun.send({ type: "submit", idempotencyKey: newIdempotencyKey() });
  };
  // The frame's banner is left out: the claim's own, worded with its codes, shows instead.
  const framed = { ...form, formError: null };

  if (snapshot.matches("claimed"))
    return frame({
      form: null,
      onContinue: onDone,
      children: <Banner status="success" title={intl.formatMessage(m.claimDone)} />,
    });

  if (snapshot.matches("details"))
    return frame({
      form: framed,
      onContinue: sendCode,
      continueLabel: intl.formatMessage(m.claimSendCode),
      children: (
        <>
          <p className="kit-body-md">{intl.formatMessage(m.claimIntro)}</p>
          <FormErrorBanner form={form} apiMessages={apiMessages} />
          <FormTextField
            form={form}
            path={claimPaths.email}
            label={intl.formatMessage(onboardingMessages.email)}
            type="email"
            autoComplete="username"
            apiMessages={apiMessages}
            required
          />
          <FormTextField
            form={form}
            path={claimPaths.password}
            label={intl.formatMessage(m.claimPassword)}
            description={intl.formatMessage(m.claimPasswordHint)}
            type="password"
            autoComplete="new-password"
            apiMessages={apiMessages}
            required
          />
        </>
      ),
    });

  // The code stage (code, verifying).
  const { context } = snapshot;
  const busy = snapshot.matches("verifying") || form.busy;
  const problem = context.codeProblem;
  const problemText =
    problem === "format"
      ? payoutAccountMessages.codeFormat
      : problem === "wrong"
        ? m.claimCodeWrong
        : problem === "expired"
          ? payoutAccountMessages.codeExpired
          : null;
  const failure = context.failure ?? form.formError;
  return frame({
    form: { ...framed, busy },
    onContinue: () => send({ type: "verify", idempotencyKey: newIdempotencyKey() }),
    continueLabel: intl.formatMessage(m.claimVerify),
    children: (
      <>
        <p className="kit-body-md">
          {intl.formatMessage(m.claimCodeIntro, { email: context.email ?? "" })}
        </p>
        {failure ? (
          <Banner status="danger" title={formErrorText(failure, intl, apiMessages)} />
        ) : null}
        <CodeField
          id="onboarding-claim-code"
          label={intl.formatMessage(payoutAccountMessages.code)}
          value={context.code}
          onChange={(value) => send({ type: "code.change", value })}
          disabled={busy}
          {...(problemText ? { error: intl.formatMessage(problemText) } : {})}
        />
        <div className="kit-form__actions">
          <Button variant="secondary" disabled={busy} onClick={() => send({ type: "back" })}>
            {intl.formatMessage(m.claimChangeEmail)}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={sendCode}>
            {intl.formatMessage(payoutAccountMessages.resend)}
          </Button>
        </div>
      </>
    ),
  });
}

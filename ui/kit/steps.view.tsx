/**
 * A multi-step flow's frame, for the kit's step machine (`machines/components/steps/`): the
 * step's heading and where it stands ("Step 2 of 4"), its fields (a form machine's, in the
 * kit's FormLayout), and Back / Save for later / Continue. `StepsSavedView` is what a flow
 * saved for later shows: its Resume button. Pure views: values and callbacks only.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { Button } from "./button.view.tsx";
import { FormLayout } from "./error-summary.view.tsx";

export interface StepsLayoutProps {
  /** The step's heading. */
  title: string;
  /** 1-based position of the step shown, and how many steps the flow has. */
  current: number;
  total: number;
  /** The step's fields (and its form's error summary and banner). */
  children: ReactNode;
  /** Sends the step's form; the step machine moves on once it has saved. */
  onContinue: () => void;
  /** The button's words on the last step ("Submit"); "Continue" otherwise. */
  continueLabel?: string;
  /** Absent on the first step. */
  onBack?: () => void;
  /** Absent when the flow does not offer it. */
  onSaveForLater?: () => void;
  /** The step's form is being sent. */
  busy?: boolean;
  /** The step was reached by Back or Continue: its heading takes focus. */
  focusHeading?: boolean;
}

export function StepsLayout(props: StepsLayoutProps) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  // A step reached by a move takes focus on its heading, so a screen reader hears where
  // the person is (the flow's first step leaves focus where the page put it).
  const { focusHeading = false, title } = props;
  useEffect(() => {
    if (focusHeading && title) heading.current?.focus();
  }, [focusHeading, title]);
  return (
    <section className="kit-steps" aria-labelledby="kit-steps-title">
      <p className="kit-steps__progress">
        {intl.formatMessage(kitMessages.stepProgress, {
          current: props.current,
          total: props.total,
        })}
      </p>
      <h2 id="kit-steps-title" className="kit-heading-sm" tabIndex={-1} ref={heading}>
        {props.title}
      </h2>
      <FormLayout
        label={props.title}
        onSubmit={props.onContinue}
        actions={
          <>
            {props.onBack ? (
              <Button variant="secondary" onClick={props.onBack} disabled={props.busy === true}>
                {intl.formatMessage(kitMessages.stepBack)}
              </Button>
            ) : null}
            {props.onSaveForLater ? (
              <Button
                variant="secondary"
                onClick={props.onSaveForLater}
                disabled={props.busy === true}
              >
                {intl.formatMessage(kitMessages.stepSaveForLater)}
              </Button>
            ) : null}
            <Button variant="primary" type="submit" loading={props.busy === true}>
              {props.continueLabel ?? intl.formatMessage(kitMessages.stepContinue)}
            </Button>
          </>
        }
      >
        {props.children}
      </FormLayout>
    </section>
  );
}

export interface StepsEndViewProps {
  /** The heading's id (unique on the page). */
  id: string;
  title: string;
  description?: ReactNode;
  /** The one button's words, and what it does. */
  action: string;
  onAction: () => void;
}

/** Where a flow stops (saved for later, or finished): its title, what it means, one button. */
export function StepsEndView(props: StepsEndViewProps) {
  return (
    <section className="kit-steps kit-steps--saved" aria-labelledby={props.id}>
      <h2 id={props.id} className="kit-heading-sm">
        {props.title}
      </h2>
      {props.description ? <p className="kit-steps__progress">{props.description}</p> : null}
      <div className="kit-form__actions">
        <Button variant="primary" onClick={props.onAction}>
          {props.action}
        </Button>
      </div>
    </section>
  );
}

export interface StepsSavedViewProps {
  /** What the person saved (e.g. "Your details are kept."). */
  description?: ReactNode;
  onResume: () => void;
}

/** A flow saved for later: its title and Resume. */
export function StepsSavedView({ description, onResume }: StepsSavedViewProps) {
  const intl = useIntl();
  return (
    <StepsEndView
      id="kit-steps-saved"
      title={intl.formatMessage(kitMessages.stepSavedTitle)}
      description={description}
      action={intl.formatMessage(kitMessages.stepResume)}
      onAction={onResume}
    />
  );
}

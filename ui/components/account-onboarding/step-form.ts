/**
 * What every account-onboarding step's form shares: the props the flow gives it (the account,
 * the frame around its fields, what to do once it saved) and its form machine bound to the
 * frame's `POST /v1/account` (or another endpoint, `url`).
 */

import { type ReactNode, useMemo } from "react";
import type { $ZodType } from "zod/v4/core";
import { fileContentTypes, fileTypesFor } from "../../../protocol/files.ts";
import type { Account } from "../../../protocol/objects/account.schema.ts";
import { accountSchema } from "../../../protocol/objects/account.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { newIdempotencyKey, useMutation, useUpload } from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { type FormView, formViewOf } from "../../kit/index.ts";

/** Seconds on the viewer's clock. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The props every step's form gets. */
export interface StepFormProps {
  view: ComponentViewProps;
  account: Account;
  /** The form saved: the step is done. */
  onSaved(): void;
  /** The frame around the fields (StepsLayout with the flow's buttons). */
  frame(props: {
    form: FormView | null;
    onContinue(): void;
    children: ReactNode;
    /** The button's words when not "Continue" ("Save person"). */
    continueLabel?: string;
  }): ReactNode;
}

/** Where a step's form is sent, when not the account (`POST /v1/account`). */
export interface StepFormTarget {
  url: string;
  /** The protocol schema of the answer. */
  schema: $ZodType;
  /** What follows a save instead of the step's `onSaved`. */
  onSaved(): void;
}

/** A step's form machine with the frame's `POST /v1/account` (or the `target`'s). */
export function useStepForm<M extends Parameters<typeof useComponentMachine>[0]>(
  machine: M,
  values: Record<string, unknown>,
  props: StepFormProps,
  idPrefix: string,
  target?: StepFormTarget,
) {
  const submit = useMutation({
    url: target?.url ?? "/v1/account",
    schema: target?.schema ?? accountSchema,
  });
  const onSaved = target?.onSaved ?? props.onSaved;
  const { snapshot, send } = useComponentMachine(machine, {
    input: { values } as never,
    view: props.view,
    actors: useMemo(() => ({ submit }), [submit]),
    effects: useMemo(() => ({ "form.saved": () => onSaved() }), [onSaved]),
  });
  const form = formViewOf(snapshot as never, send as never, idPrefix);
  const onContinue = () =>
    (send as (e: unknown) => void)({ type: "submit", idempotencyKey: newIdempotencyKey() });
  return { form, onContinue };
}

/** The content types an identity document's photo or scan may be. */
export const identityDocumentAccept = fileTypesFor("identity_document").map(
  (t) => fileContentTypes[t],
);

/**
 * An identity document's upload to the files host, for the kit's file field (the file's id),
 * or undefined where the frame cannot upload.
 */
export function useDocumentUpload() {
  const upload = useUpload();
  return upload
    ? async (file: File, reportProgress: (f: number) => void, signal: AbortSignal) =>
        (
          await upload(
            { purpose: "identity_document", file },
            { onProgress: reportProgress, signal },
          )
        ).id
    : undefined;
}

/**
 * The UI library's write-side sections: the money-action confirmation dialog, and the form
 * machine's field views bound to a real form machine (its submit refused at first, so every
 * field shows its error state; a submit above 50.00 is refused by "the provider" on the
 * amount field, as a real refund over what remains would be).
 */
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { fromPromise } from "xstate";
import { z } from "zod";
import type { CallFailure } from "../../machines/auth/failure.ts";
import { createFormMachine, SUBMIT_ACTOR } from "../../machines/components/form/form.machine.ts";
import { kitMessages } from "../i18n/messages.ts";
import {
  Button,
  ConfirmDialog,
  FormErrorBanner,
  FormErrorSummary,
  FormFileField,
  FormLayout,
  FormMoneyField,
  FormSelectField,
  FormTextField,
  formErrorText,
  formViewOf,
} from "../kit/index.ts";
import { readFileLocally, Section } from "./parts.tsx";

type Word =
  | "retry"
  | "loading"
  | "close"
  | "dismiss"
  | "nextPage"
  | "previousPage"
  | "tryAgain"
  | "somethingWentWrong"
  | "noResults";

const sampleSchema = z.object({
  name: z.string().min(2),
  amount: z.number().int().positive().max(10_000),
  reason: z.enum(["duplicate", "fraudulent"]),
  note: z.string().max(40).optional(),
  receipt: z.string().optional(),
});

const sampleForm = createFormMachine({ id: "libraryForm", schema: sampleSchema });

const refusedAmount: CallFailure = {
  kind: "http",
  status: 400,
  error: { type: "invalid_request_error", code: "amount_too_large", param: "amount" },
  requestId: null,
};

export function LibraryForms() {
  const intl = useIntl();
  const t = (key: Word) => intl.formatMessage(kitMessages[key]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [failedSubmits, setFailedSubmits] = useState(0);

  const actor = useActorRef(
    sampleForm.provide({
      actors: {
        [SUBMIT_ACTOR]: fromPromise(async ({ input }) => {
          if ((input.body as { amount: number }).amount > 5_000) throw refusedAmount;
          return input.body;
        }),
      },
    }),
    {
      input: {
        values: { name: "", amount: 12_000, reason: "", note: "x".repeat(41), receipt: null },
      },
    },
  );
  const snapshot = useSelector(actor, (s) => s);
  const form = formViewOf(snapshot, actor.send, "library-bound");
  // Refused at first: every field shows its error state for axe and the screenshots.
  const refusedOnce = useRef(false);
  useEffect(() => {
    if (refusedOnce.current) return;
    refusedOnce.current = true;
    actor.send({ type: "submit", idempotencyKey: "library-1" });
  }, [actor]);

  const apiMessages = { amount_too_large: t("tryAgain") };
  const submit = () => {
    const before = actor.getSnapshot().value;
    actor.send({ type: "submit", idempotencyKey: `library-${Date.now()}` });
    if (actor.getSnapshot().value === before) setFailedSubmits((n) => n + 1);
  };

  return (
    <>
      <Section title="Confirmation dialog">
        <Button
          variant="danger"
          onClick={() => {
            setFailed(false);
            setConfirming(true);
          }}
        >
          {t("retry")}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t("somethingWentWrong")}
          amount={{ value: 123_456, currency: "eur" }}
          consequences={t("tryAgain")}
          confirmLabel={t("retry")}
          busy={busy}
          error={failed ? formErrorText({ kind: "network", message: "offline" }, intl) : undefined}
          onConfirm={() => {
            setBusy(true);
            // The library has no provider: the action "fails" so the error slot shows.
            setTimeout(() => {
              setBusy(false);
              setFailed(true);
            }, 300);
          }}
        />
      </Section>

      <Section title="Form fields">
        <FormLayout
          label={t("nextPage")}
          onSubmit={submit}
          summary={
            <>
              <FormErrorSummary
                form={form}
                failedSubmits={failedSubmits}
                apiMessages={apiMessages}
                labels={{
                  name: t("close"),
                  amount: t("retry"),
                  reason: t("dismiss"),
                  note: t("loading"),
                }}
              />
              <FormErrorBanner form={form} apiMessages={apiMessages} />
            </>
          }
          actions={
            <Button variant="primary" type="submit" loading={form.busy}>
              {t("nextPage")}
            </Button>
          }
        >
          <FormTextField form={form} path="name" label={t("close")} required />
          <FormMoneyField
            form={form}
            path="amount"
            label={t("retry")}
            currency="eur"
            apiMessages={apiMessages}
            required
          />
          <FormSelectField
            form={form}
            path="reason"
            label={t("dismiss")}
            placeholder={t("noResults")}
            options={[
              { value: "duplicate", label: t("previousPage") },
              { value: "fraudulent", label: t("nextPage") },
            ]}
            required
          />
          <FormTextField form={form} path="note" label={t("loading")} rows={3} />
          <FormFileField
            form={form}
            path="receipt"
            label={t("tryAgain")}
            accept={["application/pdf", "image/png", "image/jpeg"]}
            maxBytes={10_000_000}
            onUpload={async (file, reportProgress, signal) => {
              await readFileLocally(file, reportProgress, signal);
              // No files host here: the file's name stands for its id.
              return file.name;
            }}
          />
        </FormLayout>
      </Section>
    </>
  );
}
